// Calling better-auth from our actions: forward its cookies, read its error codes.

export type AuthFailure = { status: number; code: string | null };

/** Copies better-auth's Set-Cookie headers (session, cleared cookies) onto our response headers. */
export function forwardCookies(from: Response, to: Headers = new Headers()) {
  for (const cookie of from.headers.getSetCookie()) to.append("Set-Cookie", cookie);
  return to;
}

export async function authFailure(response: Response): Promise<AuthFailure | null> {
  if (response.ok || (response.status >= 300 && response.status < 400)) return null;
  try {
    const body = (await response.clone().json()) as { code?: string } | null;
    return { status: response.status, code: body?.code ?? null };
  } catch {
    return { status: response.status, code: null };
  }
}
