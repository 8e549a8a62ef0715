// Links the API hands out are absolute http(s) URLs or null: never `javascript:`, `data:` or relative.

/** `value` as an absolute http(s) URL (resolved against `base` when relative), else null. */
export function httpUrlOrNull(value: string | null | undefined, base?: string | null): string | null {
  if (!value) return null;
  try {
    const url = base ? new URL(value, base) : new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
