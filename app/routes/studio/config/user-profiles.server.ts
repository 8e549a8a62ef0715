// /studio/config/user-profiles on the server: every user (search, filter, sort, paging, CSV) and the
// row actions: disable / enable, super admin on / off, resend the confirmation e-mail.
import { readChoice, readPageClamped } from "../../../lib/table-query.server.ts";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { isAppError, type AppError } from "../../../../core/errors.ts";
import { LOCALE_COOKIE } from "../../../../core/i18n/locales.ts";
import { PROFILE_NOT_FOUND } from "../../../../core/tenancy/get-profile.ts";
import {
  listUserProfiles,
  USER_PROFILE_FILTERS,
  USER_PROFILE_SORTS,
  type UserProfileRow,
} from "../../../../core/tenancy/list-user-profiles.ts";
import { LAST_SUPER_ADMIN, setSuperAdmin } from "../../../../core/tenancy/set-super-admin.ts";
import {
  CANNOT_DISABLE_SELF,
  KEEP_ONE_SUPER_ADMIN,
  setUserDisabled,
} from "../../../../core/tenancy/set-user-disabled.ts";
import { readTableParams } from "../../../components/ui/data-table.tsx";
import { toastData, type ToastMessage } from "../../../components/ui/toast.ts";
import { parseCookies } from "../../../lib/cookies.ts";
import type { MessageKey } from "../../../lib/i18n.tsx";
import { allRows, csvResponse, serverT, studioRequest, type Translate } from "./config.server.ts";

type UserFilter = (typeof USER_PROFILE_FILTERS)[number];
type UserSort = (typeof USER_PROFILE_SORTS)[number];
export const USER_SORT_KEYS = [...new Set(USER_PROFILE_SORTS.map((sort) => sort.replace(/^-/, "")))];

export type UserActionResult = { ok: boolean; intent: string; error?: string; toast?: ToastMessage };

function readListQuery(url: URL) {
  const table = readTableParams(url.searchParams, { sortKeys: USER_SORT_KEYS, defaultSort: "name" });
  const filter = readChoice<UserFilter>(url.searchParams, "filter", USER_PROFILE_FILTERS);
  return { table, filter, search: table.q || undefined, sort: table.sort as UserSort };
}

export async function loadUserProfiles(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const url = new URL(request.url);
  const { table, filter, search, sort } = readListQuery(url);
  const read = (pageNumber: number) =>
    listUserProfiles(services.db, session.actor, {
      search,
      filter,
      sort,
      page: pageNumber,
      pageSize: table.pageSize,
    });
  const page = await readPageClamped(read, table.page);
  return {
    rows: page.rows.map((row) => ({
      userId: row.userId,
      profileId: row.profileId,
      name: row.name,
      email: row.email,
      confirmed: row.confirmed,
      isSuperAdmin: row.isSuperAdmin,
      disabled: row.disabledAt !== null,
      lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      memberships: row.memberships,
    })),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    sort: table.sort,
  };
}

const membershipsText = (row: UserProfileRow) =>
  row.memberships.map((m) => `${m.clientName} (${m.role})`).join("; ");

export async function userProfilesCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { filter, search, sort } = readListQuery(new URL(request.url));
  const rows = await allRows((page, pageSize) =>
    listUserProfiles(services.db, session.actor, { search, filter, sort, page, pageSize }),
  );
  return csvResponse(
    "users",
    [
      "user_id",
      "name",
      "email",
      "confirmed",
      "super_admin",
      "disabled",
      "memberships",
      "last_sign_in_at",
      "created_at",
    ],
    rows.map((row) => [
      row.userId,
      row.name,
      row.email,
      row.confirmed,
      row.isSuperAdmin,
      row.disabledAt !== null,
      membershipsText(row),
      row.lastSignInAt,
      row.createdAt,
    ]),
    services.now(),
  );
}

const flag = z.enum(["true", "false"]).transform((value) => value === "true");
const name = z.string().trim().max(200).catch("");
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set-disabled"), profileId: z.uuid(), disabled: flag, name }),
  z.object({ intent: z.literal("set-super-admin"), profileId: z.uuid(), superAdmin: flag, name }),
  z.object({ intent: z.literal("resend-confirmation"), email: z.email().max(320) }),
]);

/** Core's refusals in the reader's language. */
const KNOWN_ERRORS: Record<string, MessageKey> = {
  [LAST_SUPER_ADMIN]: "studio.users.error.lastSuperAdmin",
  [KEEP_ONE_SUPER_ADMIN]: "studio.users.error.keepOneSuperAdmin",
  [CANNOT_DISABLE_SELF]: "studio.users.error.cannotDisableSelf",
  [PROFILE_NOT_FOUND]: "studio.users.error.notFound",
};

function refused(error: AppError, intent: string, t: Translate) {
  const key = KNOWN_ERRORS[error.reason];
  return data<UserActionResult>(
    { ok: false, intent, error: key ? t(key) : error.message },
    { status: error.status },
  );
}

/**
 * The request's headers for better-auth without the super admin's own session: with it, better-auth
 * would only resend to the signed-in user's address. The locale cookie stays (the e-mail's language).
 */
function headersWithoutSession(request: Request) {
  const headers = new Headers(request.headers);
  const locale = parseCookies(request.headers.get("cookie"))[LOCALE_COOKIE];
  headers.delete("cookie");
  if (locale) headers.set("cookie", `${LOCALE_COOKIE}=${encodeURIComponent(locale)}`);
  return headers;
}

export async function userProfilesAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const t = serverT(services, request);
  const form = Object.fromEntries(await request.formData());
  const parsed = actionSchema.safeParse(form);
  if (!parsed.success) {
    const intent = typeof form.intent === "string" ? form.intent : "";
    return data<UserActionResult>(
      {
        ok: false,
        intent,
        ...toastData("error", t("studio.users.error.invalid")),
        error: t("studio.users.error.invalid"),
      },
      { status: 400 },
    );
  }
  const input = parsed.data;
  const { actor } = session;
  try {
    switch (input.intent) {
      case "set-disabled": {
        await setUserDisabled(services.db, actor, { profileId: input.profileId, disabled: input.disabled });
        const message = t(input.disabled ? "studio.users.toast.disabled" : "studio.users.toast.enabled", {
          name: input.name,
        });
        return data<UserActionResult>({ ok: true, intent: input.intent, ...toastData("success", message) });
      }
      case "set-super-admin": {
        await setSuperAdmin(services.db, actor, {
          profileId: input.profileId,
          isSuperAdmin: input.superAdmin,
        });
        const message = t(input.superAdmin ? "studio.users.toast.granted" : "studio.users.toast.revoked", {
          name: input.name,
        });
        return data<UserActionResult>({ ok: true, intent: input.intent, ...toastData("success", message) });
      }
      case "resend-confirmation":
        return await resendConfirmation(request, context, input.email, t);
    }
  } catch (error) {
    if (isAppError(error)) return refused(error, input.intent, t);
    throw error;
  }
}

async function resendConfirmation(
  request: Request,
  context: Readonly<RouterContextProvider>,
  email: string,
  t: Translate,
) {
  const { services, session } = studioRequest(context);
  const intent = "resend-confirmation";
  const fail = (key: MessageKey, status: number) =>
    data<UserActionResult>({ ok: false, intent, error: t(key), ...toastData("error", t(key)) }, { status });
  // Only to an account that exists and still waits for its confirmation.
  const address = email.trim().toLowerCase();
  const { rows } = await listUserProfiles(services.db, session.actor, { search: address, pageSize: 50 });
  const user = rows.find((row) => row.email.toLowerCase() === address);
  if (!user) return fail("studio.users.error.notFound", 404);
  if (user.confirmed) return fail("studio.users.error.alreadyConfirmed", 409);
  try {
    await services.auth.api.sendVerificationEmail({
      body: { email: user.email },
      headers: headersWithoutSession(request),
    });
  } catch (error) {
    services.logger.warn({ err: error }, "resending the confirmation e-mail failed");
    return fail("studio.users.error.resendFailed", 503);
  }
  return data<UserActionResult>({
    ok: true,
    intent,
    ...toastData("success", t("studio.users.toast.resent", { email: user.email })),
  });
}
