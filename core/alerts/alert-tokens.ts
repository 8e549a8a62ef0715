// Tokens in alert links. The confirmation token is random and kept only as its SHA-256 (a database leak
// confirms nothing). The unsubscribe token is an HMAC of the alert's id under a key derived from the
// server's secret: every alert e-mail carries it, and nothing about it is stored.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** The alerts' own key, apart from the secret it comes from (domain separation). */
export function alertKey(secret: Uint8Array): Buffer {
  return createHmac("sha256", secret).update("reeltime showtime alerts: unsubscribe v1").digest();
}

/** "<alert id>.<mac>": names the alert, and only the server can make it. */
export function unsubscribeToken(key: Uint8Array, alertId: string): string {
  const mac = createHmac("sha256", key).update(alertId).digest("base64url");
  return `${alertId}.${mac}`;
}

/** The alert id a genuine unsubscribe token names, else null. */
export function alertIdOf(key: Uint8Array, token: string): string | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(unsubscribeToken(key, match[1]!).split(".")[1]!);
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null;
}
