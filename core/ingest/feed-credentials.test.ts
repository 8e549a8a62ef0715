// Feed credentials at rest: they round-trip, the stored text shows nothing of them, and a value moved to
// another source, tampered with, or read with another key does not decrypt.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptFeedCredentials, encryptFeedCredentials, feedCredentialsKey } from "./feed-credentials.ts";

const key = randomBytes(32);
const source = "3f1c1f7e-0000-4000-8000-000000000001";

describe("feed credentials", () => {
  it("round-trips and hides the secret", () => {
    const stored = encryptFeedCredentials(
      { type: "basic", username: "cinema", password: "hunter2" },
      key,
      source,
    );
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain("hunter2");
    expect(stored).not.toContain(Buffer.from("hunter2").toString("base64url"));
    expect(decryptFeedCredentials(stored, key, source)).toEqual({
      type: "basic",
      username: "cinema",
      password: "hunter2",
    });
    // A fresh IV each time.
    expect(encryptFeedCredentials({ type: "bearer", token: "t" }, key, source)).not.toBe(
      encryptFeedCredentials({ type: "bearer", token: "t" }, key, source),
    );
  });

  it("refuses another source, another key, and tampering", () => {
    const stored = encryptFeedCredentials({ type: "bearer", token: "abc" }, key, source);
    expect(decryptFeedCredentials(stored, key, "3f1c1f7e-0000-4000-8000-000000000002")).toBeNull();
    expect(decryptFeedCredentials(stored, randomBytes(32), source)).toBeNull();
    const parts = stored.split(".");
    const flipped = Buffer.from(parts[3]!, "base64url");
    flipped[0]! ^= 1;
    expect(
      decryptFeedCredentials(
        [parts[0], parts[1], parts[2], flipped.toString("base64url")].join("."),
        key,
        source,
      ),
    ).toBeNull();
    expect(decryptFeedCredentials("garbage", key, source)).toBeNull();
  });

  it("takes a configured key or derives one from the auth secret", () => {
    const configured = randomBytes(32).toString("base64");
    expect(feedCredentialsKey(configured, "secret").toString("base64")).toBe(configured);
    expect(feedCredentialsKey(undefined, "secret")).toEqual(feedCredentialsKey(undefined, "secret"));
    expect(feedCredentialsKey(undefined, "secret")).not.toEqual(feedCredentialsKey(undefined, "other"));
    expect(() => feedCredentialsKey("c2hvcnQ=", "secret")).toThrow(/32 bytes/);
  });
});
