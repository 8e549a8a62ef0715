// What the API knows about the caller once a key checks out (core/api-keys/authenticate-api-key.ts).

export type ApiKeyKind = "secret" | "publishable";

export type ApiKeyPrincipal = {
  keyId: string;
  clientId: string;
  kind: ApiKeyKind;
  /** the visible start of the key, e.g. "rt_sk_3fK9a2" */
  prefix: string;
  rateLimitPerMinute: number;
  expiresAt: Date | null;
  /** ISO 3166-1 alpha-2 codes this key may read: the client's grants (direct or by bundle, valid today)
   * intersected with the key's own subset; upper case, sorted */
  countries: readonly string[];
  /** the client's registered domains ("example.nl", "*.example.nl"), for publishable keys */
  domains: readonly string[];
};

/** Why a presented key was refused; each maps to a 401 problem with its own detail. */
export type ApiKeyRefusal = "malformed" | "unknown" | "revoked" | "expired" | "client-suspended";

export type ApiKeyCheck = { ok: true; principal: ApiKeyPrincipal } | { ok: false; refusal: ApiKeyRefusal };

/** Looks keys up through a short-lived in-process cache; revoking or rotating a key invalidates it. */
export type ApiKeyDirectory = {
  authenticate(rawKey: string): Promise<ApiKeyCheck>;
  /** drop cached lookups of these key ids (on this instance and, with Redis, on every instance) */
  invalidate(keyIds: readonly string[]): Promise<void>;
  /** drop every cached lookup (a country or bundle change reaches every client's keys) */
  invalidateAll(): Promise<void>;
  /**
   * The principal the key's last lookup found, however old, without asking the database (undefined when
   * unknown or refused): only to count a call the database could not check, never to admit one.
   */
  lastKnown(rawKey: string): ApiKeyPrincipal | undefined;
  /** note a use; last_used_at is written in the background, at most once a minute per key */
  touch(keyId: string, at: Date): void;
  close(): Promise<void>;
};
