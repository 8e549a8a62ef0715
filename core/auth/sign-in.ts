// Signing in from the studio's login form: better-auth checks the password (through the same hooks, and
// so the same limits and lockout, as /api/auth/sign-in/email); its refusals become AppErrors with a reason.
import { isAPIError } from "better-auth/api";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { AUTH_ERROR_CODES } from "./auth-errors.ts";

export type SignedIn = { userId: string; setCookies: string[] };

function refusal(status: number, code: string | undefined, retryAfter: string | null): AppError {
  if (status === 429 || code === AUTH_ERROR_CODES.tooManyAttempts) {
    const seconds = Number(retryAfter);
    return new AppError("rate_limited", "auth.tooManyAttempts", {
      retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 60,
    });
  }
  if (code === AUTH_ERROR_CODES.accountDisabled) return new AppError("forbidden", "auth.accountDisabled");
  if (code === "EMAIL_NOT_VERIFIED") return new AppError("forbidden", "auth.unconfirmed");
  return new AppError("invalid_input", "auth.wrongCredentials");
}

export async function signIn(
  services: Pick<AppServices, "auth">,
  input: { email: string; password: string; headers: Headers },
): Promise<SignedIn> {
  let response: Response;
  try {
    response = await services.auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: input.headers,
      asResponse: true,
    });
  } catch (error) {
    // A before-hook refusal (limits) is thrown rather than answered.
    if (isAPIError(error)) {
      const body = error.body as { code?: string } | undefined;
      throw refusal(error.statusCode, body?.code, new Headers(error.headers).get("retry-after"));
    }
    throw error;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string } | null;
    throw refusal(response.status, body?.code, response.headers.get("retry-after"));
  }
  const signedIn = (await response.json()) as { user?: { id?: string } };
  return { userId: signedIn.user?.id ?? "", setCookies: response.headers.getSetCookie() };
}
