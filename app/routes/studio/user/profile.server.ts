// /studio/user/profile on the server: what the page shows and what each of its forms does. Auth
// changes go through better-auth (name, e-mail, password, sessions); the profile's own fields,
// memberships and the audit rows go through our tables and core.
import { localeOptions } from "../../../../core/i18n/locale-names.ts";
import { IntlMessageFormat } from "intl-messageformat";
import { data } from "react-router";
import { listOwnMemberships, ownClientName } from "../../../../core/account/memberships.ts";
import { updateOwnProfile } from "../../../../core/account/profile-settings.ts";
import { countOtherSessions, listOwnSessions, ownSessionToken } from "../../../../core/account/sessions.ts";
import { writeAuditLog } from "../../../../core/audit/write-audit-log.ts";
import { isAppError } from "../../../../core/errors.ts";
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  toLanguageTag,
  type Locale,
} from "../../../../core/i18n/locales.ts";
import type { AppServices } from "../../../../core/services.ts";
import { LAST_ADMIN_LEAVING, leaveClient } from "../../../../core/tenancy/leave-client.ts";
import type { ToastMessage } from "../../../components/ui/toast.ts";
import { authFailure, forwardCookies } from "../../../lib/auth-response.server.ts";
import { COLOUR_MODE_COOKIE, COLOUR_MODE_COOKIE_MAX_AGE_SECONDS } from "../../../lib/colour-mode.ts";
import { serializeCookie } from "../../../lib/cookies.ts";
import type { MessageKey } from "../../../lib/i18n.tsx";
import { requestLocale } from "../../../lib/request-locale.server.ts";
import type { StudioSession } from "../../../lib/studio-session.server.ts";
import {
  PROFILE_INTENTS,
  readEmail,
  readName,
  readPassword,
  readPreferences,
  validateEmail,
  validateName,
  validatePassword,
  validatePreferences,
  type ProfileIntent,
  type Problems,
} from "./profile-form.ts";

// ---- the page's data -------------------------------------------------------------------------------

export type ProfileSession = {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
  current: boolean;
};

export type ProfileMembership = {
  clientId: string;
  name: string;
  slug: string;
  role: "admin" | "editor" | "viewer";
  since: string;
};

// Sessions are read from our table through core, not better-auth's listSessions: that endpoint refuses
// sessions older than its "fresh age" (a day) while ours live 400 days, and it hands out tokens.
export async function loadProfilePage(services: AppServices, session: StudioSession, request: Request) {
  const [sessionList, membershipList] = await Promise.all([
    listOwnSessions(services.db, session.actor, {
      currentSessionId: session.session.id,
      now: services.now(),
    }),
    listOwnMemberships(services.db, session.actor),
  ]);
  return {
    user: { name: session.user.name, email: session.user.email, emailVerified: session.user.emailVerified },
    profile: {
      displayName: session.profile.displayName ?? "",
      locale: session.profile.locale ?? requestLocale(request),
      colourMode: session.profile.colourMode,
    },
    isSuperAdmin: session.actor.isSuperAdmin,
    localeOptions: localeOptions(),
    sessions: sessionList.map((row): ProfileSession => ({
      id: row.id,
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.lastActiveAt.toISOString(),
      current: row.current,
    })),
    memberships: membershipList.map((row): ProfileMembership => ({ ...row, since: row.since.toISOString() })),
  };
}

// ---- the forms ----------------------------------------------------------------------------------------

export type ProfileActionResult = {
  intent: ProfileIntent | null;
  ok: boolean;
  /** field → message, shown next to the field */
  fieldErrors?: Record<string, string>;
  /** a message for the whole form (shown in the form, or in the confirmation dialog) */
  formError?: string;
  toast?: ToastMessage;
  /** what the user typed (never passwords), to refill the form after a refusal */
  values?: Record<string, string>;
  /** the e-mail change is waiting for confirmation from these addresses */
  emailChange?: { current: string; requested: string };
};

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

function translator(services: AppServices, locale: Locale): Translate {
  const messages = services.i18n.messagesFor(locale);
  const tag = toLanguageTag(locale);
  return (key, values) => {
    const source = messages[key] ?? key;
    return String(new IntlMessageFormat(source, tag, undefined, { ignoreTag: true }).format(values));
  };
}

function fieldErrors(t: Translate, problems: Problems<string>): Record<string, string> | undefined {
  const entries = Object.entries(problems).flatMap(([field, problem]) =>
    problem ? [[field, t(problem.key, problem.values)] as const] : [],
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

const success = (
  t: Translate,
  intent: ProfileIntent,
  key: MessageKey,
  values?: Record<string, string | number>,
) =>
  ({
    intent,
    ok: true,
    toast: { kind: "success", message: t(key, values), id: `profile-${intent}` },
  }) satisfies ProfileActionResult;

const refused = (result: Omit<ProfileActionResult, "ok">, status = 400) =>
  data<ProfileActionResult>({ ...result, ok: false }, { status });

/** Actions that cannot be undone carry confirm=1 (the confirmation dialog, or its no-JavaScript form). */
const DESTRUCTIVE: ReadonlySet<ProfileIntent> = new Set([
  "revoke-session",
  "revoke-other-sessions",
  "leave-client",
]);

export async function handleProfileAction(services: AppServices, session: StudioSession, request: Request) {
  const form = await request.formData();
  const intent = PROFILE_INTENTS.find((i) => i === form.get("intent")) ?? null;
  const t = translator(services, requestLocale(request));
  if (!intent) return refused({ intent, formError: t("studio.profile.error.unknown") });
  if (DESTRUCTIVE.has(intent) && form.get("confirm") !== "1")
    return refused({ intent, formError: t("studio.profile.error.confirm") });
  const context = { services, session, request, form, t };
  switch (intent) {
    case "name":
      return updateName(context);
    case "email":
      return requestEmailChange(context);
    case "password":
      return changePassword(context);
    case "preferences":
      return savePreferences(context);
    case "revoke-session":
      return revokeSession(context);
    case "revoke-other-sessions":
      return revokeOtherSessions(context);
    case "leave-client":
      return leave(context);
  }
}

type ActionContext = {
  services: AppServices;
  session: StudioSession;
  request: Request;
  form: FormData;
  t: Translate;
};

async function updateName({ services, session, request, form, t }: ActionContext) {
  const input = readName(form);
  const errors = fieldErrors(t, validateName(input));
  if (errors) return refused({ intent: "name", fieldErrors: errors, values: input });
  const response = await services.auth.api.updateUser({
    body: { name: input.name },
    headers: request.headers,
    asResponse: true,
  });
  const failure = await authFailure(response);
  if (failure) {
    services.logger.warn({ failure }, "profile: name update failed");
    return refused(
      { intent: "name", formError: t("studio.profile.error.failed"), values: input },
      failure.status >= 500 ? 503 : 400,
    );
  }
  const displayName = input.displayName || null;
  await updateOwnProfile(
    services.db,
    session.actor,
    { displayName },
    { before: { name: session.user.name }, after: { name: input.name } },
  );
  return data<ProfileActionResult>(success(t, "name", "studio.profile.name.saved"), {
    headers: forwardCookies(response),
  });
}

async function requestEmailChange({ services, session, request, form, t }: ActionContext) {
  const input = readEmail(form);
  const errors = fieldErrors(t, validateEmail(input, session.user.email));
  if (errors) return refused({ intent: "email", fieldErrors: errors, values: input });
  const response = await services.auth.api.changeEmail({
    // The confirmation link (to the current address) and then the verification link (to the new
    // one) both lead to /studio/user/confirm (see core/auth/create-auth.ts).
    body: { newEmail: input.newEmail, callbackURL: "/studio/user/confirm" },
    headers: request.headers,
    asResponse: true,
  });
  const failure = await authFailure(response);
  if (failure) {
    services.logger.warn({ failure }, "profile: e-mail change request failed");
    return refused(
      { intent: "email", formError: t("studio.profile.email.failed"), values: input },
      failure.status >= 500 ? 503 : 400,
    );
  }
  await writeAuditLog(services.db, session.actor, {
    action: "auth.email_change_requested",
    entityType: "user",
    entityId: session.user.id,
    before: { email: session.user.email },
    after: { email: input.newEmail },
  });
  const current = session.user.email;
  return data<ProfileActionResult>({
    ...success(t, "email", "studio.profile.email.sent", { current, email: input.newEmail }),
    emailChange: { current, requested: input.newEmail },
  });
}

async function changePassword({ services, session, request, form, t }: ActionContext) {
  const input = readPassword(form);
  const errors = fieldErrors(t, validatePassword(input, session.user.email));
  if (errors) return refused({ intent: "password", fieldErrors: errors });
  // Without better-auth's revokeOtherSessions flag, which replaces *this* session with a new one (and
  // loses its device details and impersonation); the other sessions are ended just below instead.
  const response = await services.auth.api.changePassword({
    body: { currentPassword: input.currentPassword, newPassword: input.newPassword },
    headers: request.headers,
    asResponse: true,
  });
  const failure = await authFailure(response);
  if (failure) {
    if (failure.code === "INVALID_PASSWORD") {
      return refused({
        intent: "password",
        fieldErrors: { currentPassword: t("studio.profile.password.wrongCurrent") },
      });
    }
    services.logger.warn({ failure }, "profile: password change failed");
    return refused(
      { intent: "password", formError: t("studio.profile.password.failed") },
      failure.status >= 500 ? 503 : 400,
    );
  }
  const headers = forwardCookies(response);
  let revoked = 0;
  if (input.revokeOtherSessions) {
    revoked = await otherSessions(services, session);
    const revokeResponse = await services.auth.api.revokeOtherSessions({
      headers: request.headers,
      asResponse: true,
    });
    forwardCookies(revokeResponse, headers);
    if (await authFailure(revokeResponse))
      services.logger.warn("profile: revoking other sessions after a password change failed");
  }
  await writeAuditLog(services.db, session.actor, {
    action: "auth.password_change",
    entityType: "user",
    entityId: session.user.id,
    after: { revokedOtherSessions: input.revokeOtherSessions, sessionsRevoked: revoked },
  });
  // A mail failure must not undo (or hide) the change that was made.
  await services.mail
    .passwordChanged({
      to: session.user.email,
      locale: requestLocale(request),
      name: session.user.name,
      resetUrl: new URL("/studio/user/login?forgot=1", services.config.baseUrl).toString(),
    })
    .catch((error: unknown) =>
      services.logger.warn({ err: error }, "profile: password-changed e-mail not sent"),
    );
  const message = input.revokeOtherSessions
    ? "studio.profile.password.changedSignedOut"
    : "studio.profile.password.changed";
  return data<ProfileActionResult>(success(t, "password", message), { headers });
}

async function savePreferences({ services, session, form, t }: ActionContext) {
  const checked = validatePreferences(readPreferences(form));
  if (!checked.ok) return refused({ intent: "preferences", fieldErrors: fieldErrors(t, checked.problems) });
  const { locale, colourMode } = checked.value;
  await updateOwnProfile(services.db, session.actor, { locale, colourMode });
  // The same cookies the header switchers set, so this browser follows at once (in the new language).
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    serializeCookie(LOCALE_COOKIE, locale, { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS }),
  );
  headers.append(
    "Set-Cookie",
    serializeCookie(COLOUR_MODE_COOKIE, colourMode, { maxAgeSeconds: COLOUR_MODE_COOKIE_MAX_AGE_SECONDS }),
  );
  return data<ProfileActionResult>(
    success(translator(services, locale), "preferences", "studio.profile.preferences.saved"),
    { headers },
  );
}

const otherSessions = (services: AppServices, session: StudioSession) =>
  countOtherSessions(services.db, session.actor, {
    currentSessionId: session.session.id,
    now: services.now(),
  });

async function revokeSession({ services, session, request, form, t }: ActionContext) {
  const sessionId = String(form.get("sessionId") ?? "");
  if (sessionId === session.session.id)
    return refused({ intent: "revoke-session", formError: t("studio.profile.sessions.isCurrent") });
  // Only the user's own sessions: another user's id looks the same as one that has ended.
  const token = await ownSessionToken(services.db, session.actor, sessionId);
  if (!token)
    return refused({ intent: "revoke-session", formError: t("studio.profile.sessions.notFound") }, 404);
  const response = await services.auth.api.revokeSession({
    body: { token },
    headers: request.headers,
    asResponse: true,
  });
  const failure = await authFailure(response);
  if (failure) {
    services.logger.warn({ failure }, "profile: session revoke failed");
    return refused(
      { intent: "revoke-session", formError: t("studio.profile.error.failed") },
      failure.status >= 500 ? 503 : 400,
    );
  }
  await writeAuditLog(services.db, session.actor, {
    action: "auth.session_revoke",
    entityType: "session",
    entityId: sessionId,
    after: { scope: "one" },
  });
  return data<ProfileActionResult>(success(t, "revoke-session", "studio.profile.sessions.revoked"));
}

async function revokeOtherSessions({ services, session, request, t }: ActionContext) {
  const count = await otherSessions(services, session);
  const response = await services.auth.api.revokeOtherSessions({
    headers: request.headers,
    asResponse: true,
  });
  const failure = await authFailure(response);
  if (failure) {
    services.logger.warn({ failure }, "profile: revoking other sessions failed");
    return refused(
      { intent: "revoke-other-sessions", formError: t("studio.profile.error.failed") },
      failure.status >= 500 ? 503 : 400,
    );
  }
  await writeAuditLog(services.db, session.actor, {
    action: "auth.session_revoke",
    entityType: "session",
    entityId: session.session.id,
    after: { scope: "others", count },
  });
  return data<ProfileActionResult>(
    success(t, "revoke-other-sessions", "studio.profile.sessions.revokedOthers", { count }),
  );
}

async function leave({ services, session, form, t }: ActionContext) {
  const clientId = String(form.get("clientId") ?? "");
  const clientName = await ownClientName(services.db, session.actor, clientId);
  try {
    // Core checks membership and the last-admin rule, and writes the audit row (member.leave).
    await leaveClient(services.db, session.actor, clientId);
  } catch (error) {
    if (!isAppError(error)) throw error;
    const message =
      error.reason === LAST_ADMIN_LEAVING
        ? t("studio.profile.memberships.lastAdmin")
        : error.code === "not_found" || error.code === "invalid_input"
          ? t("studio.profile.memberships.notMember")
          : error.message;
    return refused({ intent: "leave-client", formError: message }, error.status);
  }
  return data<ProfileActionResult>(
    success(t, "leave-client", "studio.profile.memberships.left", { client: clientName ?? "" }),
  );
}
