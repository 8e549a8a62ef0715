// Where the Redis-backed API response cache keeps things, and how an entry's first bytes read.

export type RedisCacheKeys = ReturnType<typeof redisCacheKeys>;

export function redisCacheKeys(prefix: string) {
  const entryPrefix = `${prefix}:response:`;
  return {
    versionKey: `${prefix}:data-version`,
    statsKey: `${prefix}:stats`,
    entryPrefix,
    entryKey: (key: string) => `${entryPrefix}${key}`,
    hitsKey: (key: string) => `${prefix}:hits:${key}`,
  };
}

export const readVersion = (value: string | null | undefined) => (value ? Number(value) : 0);

/** An entry's version and store time, from its first bytes (`{"v":3,"t":1732450000000,"b":…`). */
export const ENTRY_HEAD = /^\{"v":(-?\d+)(?:,"t":(\d+))?/;
export const HEAD_BYTES = 48;
