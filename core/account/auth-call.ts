// Calling better-auth from a core operation: its answer becomes either the Response (cookies to pass
// on) or an AppError with a reason. A refusal by its rate limiter (429, thrown or answered) is
// "too many attempts" with the wait it asks for; every other failure keeps better-auth's code for
// the caller to map and never reaches the user as better-auth's English text.
import { isAPIError } from "better-auth/api";
import { AppError } from "../errors.ts";

export type AuthFailure = { status: number; code: string | null; retryAfterSeconds?: number };

function retryAfter(headers: Headers | undefined): number | undefined {
  const value = headers?.get("x-retry-after") ?? headers?.get("retry-after");
  const seconds = value ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** The failure better-auth reported, from a thrown APIError or an error Response; null for success. */
export async function readAuthFailure(outcome: unknown): Promise<AuthFailure | null> {
  if (outcome instanceof Response) {
    if (outcome.ok || (outcome.status >= 300 && outcome.status < 400)) return null;
    let code: string | null = null;
    try {
      const body = (await outcome.clone().json()) as { code?: unknown } | null;
      code = typeof body?.code === "string" ? body.code : null;
    } catch {
      // not JSON: the status says enough
    }
    return { status: outcome.status, code, retryAfterSeconds: retryAfter(outcome.headers) };
  }
  if (isAPIError(outcome)) {
    const body: unknown = outcome.body;
    const code =
      typeof body === "object" && body !== null && "code" in body && typeof body.code === "string"
        ? body.code
        : String(outcome.status);
    const headers = outcome.headers instanceof Headers ? outcome.headers : new Headers(outcome.headers);
    return { status: outcome.statusCode, code, retryAfterSeconds: retryAfter(headers) };
  }
  return null;
}

/** The AppError for a failure the operation does not map itself. */
export function authFailureError(failure: AuthFailure): AppError {
  if (failure.status === 429 || failure.code === "TOO_MANY_REQUESTS")
    return new AppError("rate_limited", "auth.tooManyAttempts", {
      retryAfterSeconds: failure.retryAfterSeconds,
    });
  if (failure.status === 401) return new AppError("unauthenticated", "auth.sessionNotFound");
  if (failure.status >= 500) return new AppError("unavailable", "account.failed");
  return new AppError("invalid_input", "account.failed");
}

/**
 * Runs one better-auth call (asResponse) and returns its Response when it succeeded. A failure is
 * handed to `mapFailure` first (return an AppError to use it, or null), then mapped by authFailureError.
 */
export async function callAuth(
  call: () => Promise<Response>,
  mapFailure: (failure: AuthFailure) => AppError | null = () => null,
): Promise<Response> {
  let response: Response;
  try {
    response = await call();
  } catch (error) {
    const failure = await readAuthFailure(error);
    if (!failure) throw error;
    throw mapFailure(failure) ?? authFailureError(failure);
  }
  const failure = await readAuthFailure(response);
  if (failure) throw mapFailure(failure) ?? authFailureError(failure);
  return response;
}
