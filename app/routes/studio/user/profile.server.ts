// /studio/user/profile on the server: what the page shows, and each form's action. The actions only
// parse (the form's core schema), call one core operation (core/account/) and shape the ActionResult.
import { changePassword } from "../../../../core/account/change-password.ts";
import {
  emailChangeFormSchema,
  leaveClientFormSchema,
  nameFormSchema,
  passwordChangeFormSchema,
  preferencesFormSchema,
  PROFILE_INTENTS,
  revokeOtherSessionsFormSchema,
  revokeSessionFormSchema,
  type ProfileIntent,
} from "../../../../core/account/account-schemas.ts";
import { leaveOwnClient } from "../../../../core/account/leave-own-client.ts";
import { loadOwnAccount } from "../../../../core/account/own-account.ts";
import { requestEmailChange } from "../../../../core/account/request-email-change.ts";
import { revokeOtherSessions, revokeSession } from "../../../../core/account/revoke-sessions.ts";
import { savePreferences } from "../../../../core/account/save-preferences.ts";
import { updateAccountName } from "../../../../core/account/update-account-name.ts";
import type { ClientRole } from "../../../../core/access/actor.ts";
import { timeZoneChoices } from "../../../../core/account/time-zone.ts";
import { localeOptions } from "../../../../core/i18n/locale-names.ts";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from "../../../../core/i18n/locales.ts";
import { messageRef, type MessageKey, type MessageValues } from "../../../../core/i18n/message-ref.ts";
import type { AppServices } from "../../../../core/services.ts";
import { COLOUR_MODE_COOKIE, COLOUR_MODE_COOKIE_MAX_AGE_SECONDS } from "../../../lib/colour-mode-cookie.ts";
import { serializeCookie } from "../../../lib/cookies.ts";
import { readForm, readIntent, runForm, unknownIntent } from "../../../lib/form-action.server.ts";
import type { ToastRef } from "../../../lib/forms.ts";
import { requestLocale } from "../../../lib/request-locale.server.ts";
import type { StudioSession } from "../../../lib/studio-session.server.ts";

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
  role: ClientRole;
  since: string;
};

export async function loadProfilePage(services: AppServices, session: StudioSession, request: Request) {
  const account = await loadOwnAccount(services, session);
  return {
    user: { name: session.user.name, email: session.user.email, emailVerified: session.user.emailVerified },
    profile: {
      displayName: session.profile.displayName ?? "",
      // A saved language that is not (or no longer) offered shows as the one the studio uses instead.
      locale:
        session.profile.locale &&
        (services.i18n.offered as readonly string[]).includes(session.profile.locale)
          ? session.profile.locale
          : requestLocale(request, services.i18n.offered),
      colourMode: session.profile.colourMode,
      timeZone: session.profile.timeZone,
    },
    timeZones: timeZoneChoices(),
    isSuperAdmin: session.actor.isSuperAdmin,
    localeOptions: localeOptions(services.i18n.offered),
    sessions: account.sessions.map((row): ProfileSession => ({
      id: row.id,
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.lastActiveAt.toISOString(),
      current: row.current,
    })),
    memberships: account.memberships.map((row): ProfileMembership => ({
      ...row,
      since: row.since.toISOString(),
    })),
  };
}

// ---- the forms ----------------------------------------------------------------------------------------

/** The e-mail change's payload: which addresses the links went to. */
export type EmailChangePayload = { current: string; requested: string };

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

function success(intent: ProfileIntent, key: MessageKey, values?: MessageValues): ToastRef {
  return { kind: "success", message: messageRef(key, values), id: `profile-${intent}` };
}

function cookieHeaders(setCookies: readonly string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

export async function handleProfileAction(services: AppServices, session: StudioSession, request: Request) {
  const form = await readForm(request);
  const account = { ...session, headers: request.headers };
  switch (readIntent(form, PROFILE_INTENTS)) {
    case "name":
      return runForm(
        "name",
        form,
        nameFormSchema,
        (value) => updateAccountName(services, account, value),
        ({ setCookies }) => ({
          toast: success("name", "studio.profile.name.saved"),
          headers: cookieHeaders(setCookies),
        }),
      );
    case "email":
      return runForm(
        "email",
        form,
        emailChangeFormSchema(session.user.email),
        (value) => requestEmailChange(services, account, value),
        (sent) => ({
          toast: success("email", "studio.profile.email.sent", {
            current: sent.current,
            email: sent.requested,
          }),
          payload: sent satisfies EmailChangePayload,
          resetForm: true,
        }),
      );
    case "password":
      return runForm(
        "password",
        form,
        passwordChangeFormSchema(session.user.email),
        (value) =>
          changePassword(
            services,
            { ...account, locale: requestLocale(request, services.i18n.offered) },
            value,
          ),
        (changed) => ({
          toast: success(
            "password",
            changed.otherSessionsEnded
              ? "studio.profile.password.changedSignedOut"
              : "studio.profile.password.changed",
          ),
          headers: cookieHeaders(changed.setCookies),
          resetForm: true,
        }),
        { hideFields: PASSWORD_FIELDS },
      );
    case "preferences":
      return runForm(
        "preferences",
        form,
        preferencesFormSchema,
        (value) => savePreferences(services, account, value),
        // The same cookies the header switchers set, so this browser follows at once.
        (saved) => ({
          toast: success("preferences", "studio.profile.preferences.saved"),
          headers: cookieHeaders([
            serializeCookie(LOCALE_COOKIE, saved.locale, { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS }),
            serializeCookie(COLOUR_MODE_COOKIE, saved.colourMode, {
              maxAgeSeconds: COLOUR_MODE_COOKIE_MAX_AGE_SECONDS,
            }),
          ]),
        }),
      );
    case "revoke-session":
      return runForm(
        "revoke-session",
        form,
        revokeSessionFormSchema,
        (value) => revokeSession(services, account, value),
        () => ({ toast: success("revoke-session", "studio.profile.sessions.revoked") }),
      );
    case "revoke-other-sessions":
      return runForm(
        "revoke-other-sessions",
        form,
        revokeOtherSessionsFormSchema,
        () => revokeOtherSessions(services, account),
        (count) => ({
          toast: success("revoke-other-sessions", "studio.profile.sessions.revokedOthers", { count }),
        }),
      );
    case "leave-client":
      return runForm(
        "leave-client",
        form,
        leaveClientFormSchema,
        (value) => leaveOwnClient(services, account, value),
        ({ clientName }) => ({
          toast: success("leave-client", "studio.profile.memberships.left", { client: clientName }),
        }),
      );
    case null:
      return unknownIntent();
  }
}
