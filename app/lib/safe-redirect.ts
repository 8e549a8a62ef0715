/** Only same-site paths: never "//evil.example" or "https://…" from a form field. */
export function safeRedirectPath(candidate: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof candidate !== "string") return fallback;
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\"))
    return fallback;
  return candidate;
}

/** Where a preference form came from: its redirectTo field, else the Referer's path, else "/". */
export function returnPath(request: Request, form: FormData) {
  const explicit = form.get("redirectTo");
  if (typeof explicit === "string") return safeRedirectPath(explicit);
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.host === new URL(request.url).host) return safeRedirectPath(url.pathname + url.search);
    } catch {
      // a malformed Referer is simply ignored
    }
  }
  return "/";
}
