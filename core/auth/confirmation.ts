// Sending an address-confirmation e-mail, the one entry point for every "resend the confirmation"
// button (login page, register page, user profiles). The auth lifecycle owns how the link works.
import type { AppServices } from "../services.ts";

export async function sendConfirmation(
  services: Pick<AppServices, "auth" | "logger">,
  input: { email: string; headers?: Headers },
): Promise<void> {
  await services.auth.api
    .sendVerificationEmail({ body: { email: input.email }, headers: input.headers ?? new Headers() })
    .catch((error: unknown) => services.logger.warn({ err: error }, "confirmation e-mail not sent"));
}
