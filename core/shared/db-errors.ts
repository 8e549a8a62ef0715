// Recognises PostgreSQL errors through the driver and Drizzle wrappers (pg, PGlite, DrizzleQueryError.cause).

function codeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** unique_violation (23505) */
export function isUniqueViolation(error: unknown): boolean {
  return codeOf(error) === "23505";
}
