// How our refusals reach better-auth's callers: a limit reached is its 429 with Retry-After, a disabled
// account its 403; each carries a code our pages read (core/auth/sign-in.ts).
import { APIError } from "better-auth/api";
import { isAppError, type AppError } from "../errors.ts";

/** better-auth error codes our pages read (besides its own, e.g. EMAIL_NOT_VERIFIED). */
export const AUTH_ERROR_CODES = {
  tooManyAttempts: "TOO_MANY_ATTEMPTS",
  accountDisabled: "ACCOUNT_DISABLED",
} as const;

export function tooManyAttempts(error: AppError) {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { message: error.message, code: AUTH_ERROR_CODES.tooManyAttempts },
    { "Retry-After": String(error.retryAfterSeconds ?? 60) },
  );
}

export function accountDisabled() {
  return new APIError("FORBIDDEN", {
    message: "This account has been disabled.",
    code: AUTH_ERROR_CODES.accountDisabled,
  });
}

/** Runs a limit check; a refusal becomes better-auth's 429 with Retry-After. */
export async function limited(check: () => Promise<void>) {
  try {
    await check();
  } catch (error) {
    if (isAppError(error) && error.code === "rate_limited") throw tooManyAttempts(error);
    throw error;
  }
}
