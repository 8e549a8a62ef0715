import { randomFillSync } from "node:crypto";

const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let offset = pool.length;

/**
 * A CSP nonce: 128 fresh random bits, base64. The bytes come from a pool refilled by one CSPRNG call
 * per 256 nonces (what crypto.randomUUID() does with its own cache): a call per request cost more
 * than the rest of a small response. Every nonce uses bytes no other nonce used.
 */
export function createNonce(): string {
  if (offset >= pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
