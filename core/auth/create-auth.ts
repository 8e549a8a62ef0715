// better-auth on our database: e-mail + password, verification, recovery, sessions, rate limits.
// The pieces live beside it: the e-mail flows (auth-email-flows.ts), the hooks where our limits and the
// disabled-account check run (auth-hooks.ts), and the errors they answer with (auth-errors.ts).
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Logger } from "pino";
import type { Database } from "../../db/client.ts";
import { accounts, sessions, users, verifications } from "../../db/schema/auth.ts";
import type { Locale } from "../i18n/locales.ts";
import { CLIENT_IP_HEADER } from "../request-meta.ts";
import { emailFlowOptions } from "./auth-email-flows.ts";
import { accountDatabaseHooks, authRequestHooks } from "./auth-hooks.ts";
import type { AuthLimits } from "./limits.ts";

export const SESSION_COOKIE_PREFIX = "reeltime";
/** The session cookie lives up to 400 days and is refreshed while used. */
export const SESSION_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
export const SESSION_REFRESH_AGE_SECONDS = 24 * 60 * 60;

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

export function createAuth(deps: AuthDependencies) {
  const { db } = deps;
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
    ...emailFlowOptions(deps),
    // Limits are ours (core/auth/limits.ts, in the hooks): they hold for HTTP and server calls.
    rateLimit: { enabled: false },
    databaseHooks: accountDatabaseHooks(deps),
    hooks: authRequestHooks(deps),
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
