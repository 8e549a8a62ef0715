/** Joins class names, skipping falsy parts: cx("a", busy && "opacity-60"). (No tailwind-merge: pass non-conflicting extras.) */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(" ");
}

/** The focus ring every interactive primitive shares: the primary colour (shade 500 light, 400 dark). */
export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--color-primary)";
