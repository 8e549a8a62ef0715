// Following an e-mail change link (/studio/user/confirm?type=email-change): the first link, sent to the
// current address, approves the change; the second, sent to the new address, proves it and switches.
// Neither signs anyone in (the auth library is configured so): the owner's sessions simply go on.
import type { AppServices } from "../services.ts";
import { AppError } from "../errors.ts";
import { callAuth } from "./auth-call.ts";

export async function confirmEmailChange(
  services: Pick<AppServices, "auth">,
  input: { token: string; headers: Headers },
): Promise<void> {
  await callAuth(
    () =>
      services.auth.api.verifyEmail({
        query: { token: input.token },
        headers: input.headers,
        asResponse: true,
      }),
    (failure) =>
      failure.status === 429
        ? null
        : new AppError(
            "invalid_input",
            failure.code === "TOKEN_EXPIRED" ? "auth.confirmExpired" : "auth.confirmInvalid",
          ),
  );
}
