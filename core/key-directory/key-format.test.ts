import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apiKeyKindOf, apiKeyPrefix, generateApiKey, hashApiKey, isWellFormedApiKey } from "./key-format.ts";

describe("generateApiKey", () => {
  it("makes tagged keys of 32 base62 characters, with their hash and a 12-character prefix", () => {
    const secret = generateApiKey("secret");
    expect(secret.key).toMatch(/^rt_sk_[0-9A-Za-z]{32}$/);
    expect(secret.prefix).toBe(secret.key.slice(0, 12));
    expect(secret.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(secret.hash).toBe(hashApiKey(secret.key));
    const publishable = generateApiKey("publishable");
    expect(publishable.key).toMatch(/^rt_pk_[0-9A-Za-z]{32}$/);
    expect(apiKeyKindOf(secret.key)).toBe("secret");
    expect(apiKeyKindOf(publishable.key)).toBe("publishable");
  });

  it("never repeats and uses the whole alphabet about evenly", () => {
    const counts = new Map<string, number>();
    const seen = new Set<string>();
    const n = 2000;
    for (let i = 0; i < n; i++) {
      const { key } = generateApiKey("secret");
      seen.add(key);
      for (const c of key.slice(6)) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(seen.size).toBe(n);
    expect(counts.size).toBe(62);
    const expected = (n * 32) / 62; // ≈ 1032 per character
    for (const value of counts.values()) {
      expect(value).toBeGreaterThan(expected * 0.8);
      expect(value).toBeLessThan(expected * 1.2);
    }
  });

  it("hashes with SHA-256 of the whole key", () => {
    expect(hashApiKey(`rt_sk_${"a".repeat(32)}`)).toBe(
      "8a4eaa49ced379cefcedfb5646c2e9196eef6c342e13c9e480d4573b6f8db71a",
    );
    expect(hashApiKey("a")).toBe("ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb");
    expect(apiKeyPrefix("rt_pk_abcdefghij")).toBe("rt_pk_abcdef");
  });
});

describe("isWellFormedApiKey", () => {
  it("accepts generated keys", () => {
    expect(isWellFormedApiKey(generateApiKey("secret").key)).toBe(true);
    expect(isWellFormedApiKey(generateApiKey("publishable").key)).toBe(true);
  });

  it("refuses other tags, lengths, characters and padding", () => {
    const body = "A".repeat(32);
    for (const value of [
      "",
      `rt_xk_${body}`,
      `RT_SK_${body}`,
      `rt_sk_${body}A`,
      `rt_sk_${body.slice(1)}`,
      ` rt_sk_${body}`,
      `rt_sk_${body}\n`,
      `rt_sk_${body.slice(1)}-`,
      `rt_sk_${body.slice(1)}é`,
      `Bearer rt_sk_${body}`,
    ]) {
      expect(isWellFormedApiKey(value), JSON.stringify(value)).toBe(false);
      expect(apiKeyKindOf(value)).toBeUndefined();
    }
  });

  it("refuses any string that is not exactly a tag and 32 base62 characters", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (value) => {
        const expected = /^rt_(sk|pk)_[0-9A-Za-z]{32}$/.test(value);
        expect(isWellFormedApiKey(value)).toBe(expected);
      }),
    );
  });
});
