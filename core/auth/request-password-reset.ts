// "Forgot password": better-auth mails a reset link (through the same hooks and limits as over HTTP);
// the answer is the same whether or not the address has an account. It works while sign-in is locked.
import { isAPIError } from "better-auth/api";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";

export async function requestPasswordReset(
  services: Pick<AppServices, "auth" | "logger">,
  input: { email: string; headers: Headers },
): Promise<void> {
  try {
    await services.auth.api.requestPasswordReset({ body: { email: input.email }, headers: input.headers });
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 429) {
      const seconds = Number(new Headers(error.headers).get("retry-after"));
      throw new AppError("rate_limited", "auth.tooManyAttempts", {
        retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 60,
      });
    }
    services.logger.warn({ err: error }, "password reset request failed");
  }
}

/** The end of "forgot password": the new password from the link's form. No session is created. */
export async function resetPassword(
  services: Pick<AppServices, "auth">,
  input: { token: string; password: string; headers: Headers },
): Promise<void> {
  try {
    await services.auth.api.resetPassword({
      body: { newPassword: input.password, token: input.token },
      headers: input.headers,
    });
  } catch (error) {
    if (isAPIError(error)) throw new AppError("invalid_input", "auth.recoveryExpired");
    throw error;
  }
}
