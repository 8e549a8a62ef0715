// better-auth's e-mail flows: password sign-in and reset, the e-mail change and its verification link.
// Links in e-mails point at /studio/user/confirm, which completes each flow on our own pages; each e-mail
// speaks the language of the request that triggered it.
import type { BetterAuthOptions } from "better-auth";
import { LOCALE_COOKIE, resolveLocale, type Locale } from "../i18n/locales.ts";
import { confirmUrl } from "../mail/confirm-url.ts";
import type { AuthDependencies } from "./create-auth.ts";
import { accountKey, clearAccountLimits, withinLimit } from "./limits.ts";

export const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
export const RESET_TTL_SECONDS = 60 * 60;
export const MIN_PASSWORD_LENGTH = 10;

/** The locale of the request that triggered an e-mail: cookie → Accept-Language → en, all locales. */
export function headersLocale(headers: Headers | undefined): Locale {
  const cookie = headers?.get("cookie") ?? "";
  const fromCookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`).exec(cookie)?.[1];
  return resolveLocale({ cookie: fromCookie, acceptLanguage: headers?.get("accept-language") });
}

const requestLocale = (request: Request | undefined) => headersLocale(request?.headers);

/** The e-mail change, e-mail + password (with its reset) and the verification e-mail, as better-auth options. */
export function emailFlowOptions(deps: Pick<AuthDependencies, "baseUrl" | "mail" | "limits">) {
  const { mail, limits } = deps;
  return {
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, token }, request) => {
          await mail.emailChange({
            to: user.email,
            name: user.name,
            newEmail,
            url: confirmUrl(deps.baseUrl, "email-change", token),
            locale: requestLocale(request),
          });
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // A successful reset clears the account's sign-in lockout, from every address.
      onPasswordReset: async ({ user }) => {
        await clearAccountLimits(limits, user.email);
      },
      sendResetPassword: async ({ user, token }, request) => {
        // At most a few reset e-mails per address an hour; beyond that, silently none (same answer).
        if (!(await withinLimit(limits, "mailPerAddress", `reset:${accountKey(user.email)}`))) return;
        await mail.resetPassword({
          to: user.email,
          name: user.name,
          url: confirmUrl(deps.baseUrl, "recovery", token),
          locale: requestLocale(request),
        });
      },
    },
    // Our own confirmation (core/auth/confirmation.ts) ends with choosing the password and signs in no
    // one. better-auth still mails the second step of an e-mail change to the new address: that link is
    // an e-mail change link too, and it never signs anyone in either.
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }, request) => {
        await mail.verifyEmail({
          to: user.email,
          name: user.name,
          url: confirmUrl(deps.baseUrl, "email-change", token),
          locale: requestLocale(request),
        });
      },
    },
  } satisfies Pick<BetterAuthOptions, "user" | "emailAndPassword" | "emailVerification">;
}
