/** Joins class names, skipping falsy parts: cx("a", busy && "opacity-60"). (No tailwind-merge: pass non-conflicting extras.) */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(" ");
}

/**
 * The focus ring every interactive primitive shares: the primary colour at a shade that contrasts
 * 3:1 with the page (700 light, 400 dark: --color-focus-ring in app.css).
 */
export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--color-focus-ring)";
