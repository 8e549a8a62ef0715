// /studio/config/user-profiles on the server: every user (search, filter, sort, paging, CSV) and the
// row actions: disable / enable, super admin on / off, resend the confirmation e-mail.
import type { RouterContextProvider } from "react-router";
import { messageRef } from "../../../../core/i18n/message-ref.ts";
import { changeSuperAdmin } from "../../../../core/tenancy/change-super-admin.ts";
import {
  resendConfirmationSchema,
  setSuperAdminSchema,
  setUserDisabledSchema,
} from "../../../../core/tenancy/tenancy-schemas.ts";
import {
  listUserProfiles,
  USER_PROFILE_FILTERS,
  USER_PROFILE_SORTS,
  type UserProfileRow,
} from "../../../../core/tenancy/list-user-profiles.ts";
import { resendConfirmation } from "../../../../core/auth/resend-confirmation.ts";
import { setUserDisabled } from "../../../../core/tenancy/set-user-disabled.ts";
import { readForm, readIntent, runForm, unknownIntent } from "../../../lib/form-action.server.ts";
import { readChoice, readPageClamped } from "../../../lib/table-query.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { allRows, csvResponse } from "../../../lib/csv.server.ts";
import { interfaceText, studioRequest } from "../../../lib/studio-request.server.ts";

type UserSort = (typeof USER_PROFILE_SORTS)[number];
export const USER_SORT_KEYS = [...new Set(USER_PROFILE_SORTS.map((sort) => sort.replace(/^-/, "")))];

function readListQuery(url: URL) {
  const table = readTableParams(url.searchParams, { sortKeys: USER_SORT_KEYS, defaultSort: "name" });
  const filter = readChoice(url.searchParams, "filter", USER_PROFILE_FILTERS);
  return { table, filter, search: table.q || undefined, sort: table.sort as UserSort };
}

export async function loadUserProfiles(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const url = new URL(request.url);
  const { table, filter, search, sort } = readListQuery(url);
  const read = (pageNumber: number) =>
    listUserProfiles(services, session.actor, {
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
    listUserProfiles(services, session.actor, { search, filter, sort, page, pageSize }),
  );
  return csvResponse(
    "users",
    [
      "csv.column.userId",
      "csv.column.name",
      "csv.column.email",
      "studio.users.col.confirmed",
      "studio.users.col.superAdmin",
      "csv.column.disabled",
      "studio.users.col.memberships",
      "studio.users.col.lastSignIn",
      "csv.column.createdAt",
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
    interfaceText(request, services),
  );
}

export const USER_INTENTS = ["set-disabled", "set-super-admin", "resend-confirmation"] as const;

export async function userProfilesAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const form = await readForm(request);
  const intent = readIntent(form, USER_INTENTS);
  // Refusals come back as a toast too: these forms are row actions and confirmations.
  const options = { toastOnError: true };
  switch (intent) {
    case "set-disabled":
      return runForm(
        intent,
        form,
        setUserDisabledSchema,
        async ({ profileId, disabled, name }) => {
          await setUserDisabled(services, actor, { profileId, disabled });
          return messageRef(disabled ? "studio.users.toast.disabled" : "studio.users.toast.enabled", {
            name: name ?? "",
          });
        },
        (message) => ({ toast: { kind: "success", message } }),
        options,
      );
    case "set-super-admin":
      return runForm(
        intent,
        form,
        setSuperAdminSchema,
        async ({ profileId, superAdmin, name }) => {
          await changeSuperAdmin(services, actor, { profileId, isSuperAdmin: superAdmin });
          return messageRef(superAdmin ? "studio.users.toast.granted" : "studio.users.toast.revoked", {
            name: name ?? "",
          });
        },
        (message) => ({ toast: { kind: "success", message } }),
        options,
      );
    case "resend-confirmation":
      return runForm(
        intent,
        form,
        resendConfirmationSchema,
        (value) => resendConfirmation(services, actor, { ...value, headers: request.headers }),
        ({ email }) => ({
          toast: { kind: "success", message: messageRef("studio.users.toast.resent", { email }) },
        }),
        options,
      );
    default:
      return unknownIntent();
  }
}
