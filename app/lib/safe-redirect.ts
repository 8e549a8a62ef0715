/** Longer than any page address we make; a longer value is refused rather than copied into Location. */
export const MAX_REDIRECT_LENGTH = 2048;

/**
 * Control characters (C0, DEL, C1), any whitespace (browsers drop a tab or newline inside a URL, so
 * "/<TAB>/evil.example" becomes "//evil.example"), the line and paragraph separators, and backslashes
 * (browsers read "\" as "/").
 */
function isUnsafeCharacter(character: string) {
  const code = character.charCodeAt(0);
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || /[\s\u2028\u2029\\]/u.test(character);
}

/**
 * Only same-site paths: one leading "/", not "//" (another host), nothing a browser would strip or
 * rewrite on the way to becoming "//…", and not over-long; anything else gives `fallback`.
 */
export function safeRedirectPath(candidate: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof candidate !== "string") return fallback;
  if (candidate.length > MAX_REDIRECT_LENGTH) return fallback;
  if (!candidate.startsWith("/") || candidate.startsWith("//")) return fallback;
  for (const character of candidate) if (isUnsafeCharacter(character)) return fallback;
  return candidate;
}

/** Where a preference form came from: its redirectTo field, else the Referer's path, else "/". */
export function returnPath(request: Request, form: FormData) {
  const explicit = form.get("redirectTo");
  if (typeof explicit === "string") return safeRedirectPath(explicit);
  return safeRedirectPath(sameSiteRefererPath(request));
}

/** The path (and query) of the Referer when it is this site's own page; null otherwise. */
export function sameSiteRefererPath(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.host === new URL(request.url).host ? url.pathname + url.search : null;
  } catch {
    return null; // a malformed Referer is simply ignored
  }
}
