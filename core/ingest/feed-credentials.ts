// A feed's credentials at rest: AES-256-GCM with a key from configuration (FEED_CREDENTIALS_KEY, else
// derived from AUTH_SECRET), a fresh IV per value, the source id as associated data so a ciphertext copied
// onto another source does not decrypt. Stored as "v1.<iv>.<tag>.<ciphertext>" (base64url).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { z } from "zod";
import type { FeedCredentials } from "./fetch-feed.ts";

const credentialsSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("basic"), username: z.string().min(1), password: z.string() }),
  z.object({ type: z.literal("bearer"), token: z.string().min(1) }),
  z.object({
    type: z.literal("header"),
    name: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
    value: z.string().min(1),
  }),
]);

/** The 32-byte key: FEED_CREDENTIALS_KEY (base64, 32 bytes) when set, else derived from the auth secret. */
export function feedCredentialsKey(configured: string | undefined, authSecret: string): Buffer {
  if (configured) {
    const key = Buffer.from(configured, "base64");
    if (key.length !== 32) throw new Error("FEED_CREDENTIALS_KEY must be 32 bytes, base64-encoded");
    return key;
  }
  return Buffer.from(hkdfSync("sha256", authSecret, "", "reeltime/feed-credentials", 32));
}

export function encryptFeedCredentials(credentials: FeedCredentials, key: Buffer, sourceId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(sourceId));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(credentials), "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The credentials, or null when the value was not made with this key for this source. */
export function decryptFeedCredentials(
  stored: string,
  key: Buffer,
  sourceId: string,
): FeedCredentials | null {
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (version !== "v1" || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(sourceId));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const text = Buffer.concat([
      decipher.update(Buffer.from(ciphertext, "base64url")),
      decipher.final(),
    ]).toString("utf8");
    const parsed = credentialsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
