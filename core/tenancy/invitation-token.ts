// Invitation tokens: 32 random bytes (base64url) handed to the caller once; only the SHA-256 is stored.
import { createHash, randomBytes } from "node:crypto";

export function newInvitationToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
