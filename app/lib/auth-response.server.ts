// Calling better-auth from an action: its cookies go out with our response.

/** Copies better-auth's Set-Cookie headers (session, cleared cookies) onto our response headers. */
export function forwardCookies(from: Response, to: Headers = new Headers()) {
  for (const cookie of from.headers.getSetCookie()) to.append("Set-Cookie", cookie);
  return to;
}
