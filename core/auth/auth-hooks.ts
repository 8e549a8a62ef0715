// better-auth's hooks: its database hooks (a user or a session created) and its request hooks, the one
// place every auth operation passes, from /api/auth/* and from auth.api.* in actions. Limits are ours
// (core/auth/limits.ts): run here, they hold for HTTP and server calls alike.
import type { BetterAuthOptions } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { profiles } from "../../db/schema/tenancy.ts";
import { isAppError } from "../errors.ts";
import { requestMeta } from "../request-meta.ts";
import { accountDisabled, AUTH_ERROR_CODES, limited, tooManyAttempts } from "./auth-errors.ts";
import type { AuthDependencies } from "./create-auth.ts";
import {
  checkSignInLock,
  clearSignInPair,
  consumeIpAndAccount,
  consumeLimit,
  recordSignInFailure,
  type AuthLimitName,
} from "./limits.ts";

type HookDependencies = Pick<AuthDependencies, "db" | "events" | "limits">;

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

async function isAccountDisabled(db: Database, userId: string) {
  const [profile] = await db
    .select({ disabledAt: profiles.disabledAt })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return Boolean(profile?.disabledAt);
}

/** A new user gets its profile; a disabled account gets no session; a new session is a sign-in. */
export function accountDatabaseHooks(deps: Pick<HookDependencies, "db" | "events">) {
  const { db, events } = deps;
  return {
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
          if (await isAccountDisabled(db, session.userId)) throw accountDisabled();
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
  } satisfies BetterAuthOptions["databaseHooks"];
}

/** Before an operation: the limits of its endpoint, and no account change for a disabled account. */
function beforeAuthRequest(deps: HookDependencies) {
  const { db, events, limits } = deps;
  return createAuthMiddleware(async (ctx) => {
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
      if (await isAccountDisabled(db, session.user.id)) throw accountDisabled();
      const names = ACCOUNT_CHANGES[ctx.path];
      if (names) await limited(() => consumeIpAndAccount(limits, names, { ip, email: session.user.email }));
    }
  });
}

/** After an operation: a disabled account's session reads as none; a sign-in's outcome feeds the lockout. */
function afterAuthRequest(deps: HookDependencies) {
  const { db, events, limits } = deps;
  return createAuthMiddleware(async (ctx) => {
    const returned: unknown = ctx.context.returned;
    if (ctx.path === "/get-session") {
      // Every session of a disabled account stops working, here as in the studio.
      const userId = (returned as { user?: { id?: unknown } } | null)?.user?.id;
      if (typeof userId === "string" && (await isAccountDisabled(db, userId))) return ctx.json(null);
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
  });
}

/** better-auth's request hooks: our limits and the disabled-account check around every operation. */
export function authRequestHooks(deps: HookDependencies) {
  return { before: beforeAuthRequest(deps), after: afterAuthRequest(deps) };
}
