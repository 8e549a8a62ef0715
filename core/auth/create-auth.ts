// better-auth on our database: e-mail + password, verification, recovery, sessions, rate limits.
// Links in e-mails point at /studio/user/confirm, which completes each flow on our own pages.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Logger } from "pino";
import type { Database } from "../../db/client.ts";
import { accounts, sessions, users, verifications } from "../../db/schema/auth.ts";
import { LOCALE_COOKIE, resolveLocale, type Locale } from "../i18n/locales.ts";
import type { SignInThrottle } from "./sign-in-throttle.ts";

export const SESSION_COOKIE_PREFIX = "reeltime";
/** SPEC.md §9: the session cookie lives up to 400 days and is refreshed while used. */
export const SESSION_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
export const SESSION_REFRESH_AGE_SECONDS = 24 * 60 * 60;
export const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
export const RESET_TTL_SECONDS = 60 * 60;
export const MIN_PASSWORD_LENGTH = 10;

export type AuthMail = {
  verifyEmail: (input: { to: string; name: string; url: string; locale: Locale }) => Promise<void>;
  resetPassword: (input: { to: string; name: string; url: string; locale: Locale }) => Promise<void>;
  emailChange: (input: {
    to: string;
    name: string;
    url: string;
    newEmail: string;
    locale: Locale;
  }) => Promise<void>;
};

export type AuthEvents = {
  /** a user row was created (sign-up): create the profile */
  userCreated: (user: { id: string; email: string }) => Promise<void>;
  signedIn: (input: { userId: string; sessionId: string; request?: Request }) => Promise<void>;
  signInFailed: (input: {
    email: string;
    reason: "credentials" | "throttled" | "unverified";
    request?: Request;
  }) => Promise<void>;
};

export type AuthDependencies = {
  db: Database;
  baseUrl: string;
  secret: string;
  mail: AuthMail;
  events: AuthEvents;
  throttle: SignInThrottle;
  logger: Logger;
};

export function confirmUrl(
  baseUrl: string,
  type: "email" | "recovery" | "email-change" | "invite",
  token: string,
) {
  const url = new URL("/studio/user/confirm", baseUrl);
  url.searchParams.set("type", type);
  url.searchParams.set("token", token);
  return url.toString();
}

/** The locale of the request that triggered an e-mail: cookie → Accept-Language → en, all locales. */
function requestLocale(request: Request | undefined): Locale {
  const cookie = request?.headers.get("cookie") ?? "";
  const fromCookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`).exec(cookie)?.[1];
  return resolveLocale({ cookie: fromCookie, acceptLanguage: request?.headers.get("accept-language") });
}

export function createAuth(deps: AuthDependencies) {
  const { db, mail, events, throttle } = deps;
  return betterAuth({
    appName: "Reeltime",
    baseURL: deps.baseUrl,
    basePath: "/api/auth",
    secret: deps.secret,
    trustedOrigins: [new URL(deps.baseUrl).origin],
    database: drizzleAdapter(db, {
      provider: "pg",
      usePlural: true,
      schema: { users, sessions, accounts, verifications },
    }),
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: deps.baseUrl.startsWith("https:"),
      database: { generateId: "uuid" },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for", "x-real-ip"] },
    },
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: SESSION_REFRESH_AGE_SECONDS,
      additionalFields: {
        impersonatedClientId: { type: "string", required: false, input: false },
      },
    },
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
      sendResetPassword: async ({ user, token }, request) => {
        await mail.resetPassword({
          to: user.email,
          name: user.name,
          url: confirmUrl(deps.baseUrl, "recovery", token),
          locale: requestLocale(request),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }, request) => {
        await mail.verifyEmail({
          to: user.email,
          name: user.name,
          url: confirmUrl(deps.baseUrl, "email", token),
          locale: requestLocale(request),
        });
      },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      storage: "memory",
      customRules: {
        "/sign-in/email": { window: 60, max: 60 },
        "/sign-up/email": { window: 60, max: 10 },
        "/request-password-reset": { window: 60, max: 5 },
        "/send-verification-email": { window: 60, max: 5 },
      },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await events.userCreated({ id: user.id, email: user.email });
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            await events.signedIn({ userId: session.userId, sessionId: session.id });
          },
        },
      },
    },
    hooks: {
      // Per-account throttle: a locked account refuses every attempt until its window passes.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
        const retryAfterMs = throttle.retryAfterMs(email);
        if (retryAfterMs > 0) {
          await events.signInFailed({ email, reason: "throttled", request: ctx.request });
          throw new APIError("TOO_MANY_REQUESTS", {
            message: "Too many failed sign-in attempts. Try again later.",
            code: "ACCOUNT_THROTTLED",
          });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
        const returned: unknown = ctx.context.returned;
        if (returned instanceof APIError) {
          const unverified = returned.status === "FORBIDDEN";
          if (!unverified) throttle.recordFailure(email);
          await events.signInFailed({
            email,
            reason: unverified ? "unverified" : "credentials",
            request: ctx.request,
          });
        } else {
          throttle.reset(email);
        }
      }),
    },
    logger: {
      log: (level, message, ...args) => {
        const log = deps.logger;
        if (level === "error") log.error({ args }, `auth: ${message}`);
        else if (level === "warn") log.warn({ args }, `auth: ${message}`);
        else log.debug({ args }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
