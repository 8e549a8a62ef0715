// better-auth on our database: e-mail + password, verification, recovery, sessions, rate limits.
// Links in e-mails point at /studio/user/confirm, which completes each flow on our own pages.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db/client.ts";
import { accounts, sessions, users, verifications } from "../../db/schema/auth.ts";
import { profiles } from "../../db/schema/tenancy.ts";
import { isAppError, type AppError } from "../errors.ts";
import { LOCALE_COOKIE, resolveLocale, type Locale } from "../i18n/locales.ts";
import { CLIENT_IP_HEADER, requestMeta } from "../request-meta.ts";
import {
  accountKey,
  checkSignInLock,
  clearAccountLimits,
  clearSignInPair,
  consumeIpAndAccount,
  consumeLimit,
  recordSignInFailure,
  type AuthLimitName,
  type AuthLimits,
  withinLimit,
} from "./limits.ts";
import { confirmUrl } from "../mail/confirm-url.ts";

export const SESSION_COOKIE_PREFIX = "reeltime";
/** The session cookie lives up to 400 days and is refreshed while used. */
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
  signedIn: (input: { userId: string; sessionId: string; headers?: Headers }) => Promise<void>;
  signInFailed: (input: {
    email: string;
    reason: "credentials" | "throttled" | "unverified";
    request?: Request;
    headers?: Headers;
  }) => Promise<void>;
};

export type AuthDependencies = {
  db: Database;
  baseUrl: string;
  secret: string;
  mail: AuthMail;
  events: AuthEvents;
  limits: AuthLimits;
  logger: Logger;
};

/** better-auth error codes our pages read (besides its own, e.g. EMAIL_NOT_VERIFIED). */
export const AUTH_ERROR_CODES = {
  tooManyAttempts: "TOO_MANY_ATTEMPTS",
  accountDisabled: "ACCOUNT_DISABLED",
} as const;

/** Endpoints that change the signed-in account, and the limits each one passes (current-password checks). */
const ACCOUNT_CHANGES: Record<string, { ip: AuthLimitName; account: AuthLimitName } | null> = {
  "/change-email": { ip: "emailChangeIp", account: "emailChangeAccount" },
  "/change-password": { ip: "passwordCheckIp", account: "passwordCheckAccount" },
  "/verify-password": { ip: "passwordCheckIp", account: "passwordCheckAccount" },
  "/set-password": { ip: "passwordCheckIp", account: "passwordCheckAccount" },
  "/delete-user": { ip: "passwordCheckIp", account: "passwordCheckAccount" },
  "/update-user": null,
  "/revoke-session": null,
  "/revoke-sessions": null,
  "/revoke-other-sessions": null,
  "/list-sessions": null,
  "/unlink-account": null,
};

function tooManyAttempts(error: AppError) {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { message: error.message, code: AUTH_ERROR_CODES.tooManyAttempts },
    { "Retry-After": String(error.retryAfterSeconds ?? 60) },
  );
}

function accountDisabled() {
  return new APIError("FORBIDDEN", {
    message: "This account has been disabled.",
    code: AUTH_ERROR_CODES.accountDisabled,
  });
}

/** Runs a limit check; a refusal becomes better-auth's 429 with Retry-After. */
async function limited(check: () => Promise<void>) {
  try {
    await check();
  } catch (error) {
    if (isAppError(error) && error.code === "rate_limited") throw tooManyAttempts(error);
    throw error;
  }
}

/** The locale of the request that triggered an e-mail: cookie → Accept-Language → en, all locales. */
export function headersLocale(headers: Headers | undefined): Locale {
  const cookie = headers?.get("cookie") ?? "";
  const fromCookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`).exec(cookie)?.[1];
  return resolveLocale({ cookie: fromCookie, acceptLanguage: headers?.get("accept-language") });
}

const requestLocale = (request: Request | undefined) => headersLocale(request?.headers);

export function createAuth(deps: AuthDependencies) {
  const { db, mail, events, limits } = deps;
  const isDisabled = async (userId: string) => {
    const [profile] = await db
      .select({ disabledAt: profiles.disabledAt })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .limit(1);
    return Boolean(profile?.disabledAt);
  };
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
      // The server's edge sets this header from the socket or a trusted proxy (core/request-meta.ts).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
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
    // Limits are ours (core/auth/limits.ts, in the hooks below): they hold for HTTP and server calls.
    rateLimit: { enabled: false },
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
          // A disabled account gets no session: not by password, reset or any other path.
          before: async (session) => {
            if (await isDisabled(session.userId)) throw accountDisabled();
          },
          after: async (session, ctx) => {
            await events.signedIn({
              userId: session.userId,
              sessionId: session.id,
              headers: ctx?.headers ?? ctx?.request?.headers,
            });
          },
        },
      },
    },
    hooks: {
      // The one place every auth operation passes, from /api/auth/* and from auth.api.* in actions.
      before: createAuthMiddleware(async (ctx) => {
        const { ip } = requestMeta(ctx.headers ?? ctx.request);
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const email = typeof body.email === "string" ? body.email : "";
        if (ctx.path === "/sign-in/email") {
          try {
            if (ip) await consumeLimit(limits, "signInIp", ip);
            await checkSignInLock(limits, { email, ip });
          } catch (error) {
            if (isAppError(error) && error.code === "rate_limited") {
              await events.signInFailed({
                email,
                reason: "throttled",
                request: ctx.request,
                headers: ctx.headers,
              });
              throw tooManyAttempts(error);
            }
            throw error;
          }
          return;
        }
        if (ctx.path === "/request-password-reset") {
          await limited(() =>
            consumeIpAndAccount(limits, { ip: "resetIp", account: "resetAccount" }, { ip, email }),
          );
          return;
        }
        if (ctx.path === "/send-verification-email") {
          await limited(() =>
            consumeIpAndAccount(limits, { ip: "resendIp", account: "resendAccount" }, { ip, email }),
          );
          return;
        }
        if (ctx.path in ACCOUNT_CHANGES) {
          const session = await getSessionFromCtx(ctx);
          if (!session) return; // the endpoint answers 401 itself
          if (await isDisabled(session.user.id)) throw accountDisabled();
          const names = ACCOUNT_CHANGES[ctx.path];
          if (names)
            await limited(() => consumeIpAndAccount(limits, names, { ip, email: session.user.email }));
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned: unknown = ctx.context.returned;
        if (ctx.path === "/get-session") {
          // Every session of a disabled account stops working, here as in the studio.
          const userId = (returned as { user?: { id?: unknown } } | null)?.user?.id;
          if (typeof userId === "string" && (await isDisabled(userId))) return ctx.json(null);
          return;
        }
        if (ctx.path !== "/sign-in/email") return;
        const { ip } = requestMeta(ctx.headers ?? ctx.request);
        const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
        if (returned instanceof APIError) {
          const code = (returned.body as { code?: string } | undefined)?.code;
          if (code === AUTH_ERROR_CODES.accountDisabled) return;
          const unverified = returned.status === "FORBIDDEN";
          if (!unverified) await recordSignInFailure(limits, { email, ip });
          await events.signInFailed({
            email,
            reason: unverified ? "unverified" : "credentials",
            request: ctx.request,
            headers: ctx.headers,
          });
        } else {
          await clearSignInPair(limits, { email, ip });
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
