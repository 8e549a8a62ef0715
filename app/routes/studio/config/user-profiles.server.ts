// /studio/config/user-profiles on the server: every user (search, filter, sort, paging, CSV) and the
// row actions: disable / enable, super admin on / off, resend the confirmation e-mail.
import type { RouterContextProvider } from "react-router";
import { messageRef, type MessageRef } from "../../../../core/i18n/message-ref.ts";
import { setSuperAdmin } from "../../../../core/tenancy/set-super-admin.ts";
import {
  resendConfirmationSchema,
  setSuperAdminSchema,
  setUserDisabledSchema,
} from "../../../../core/tenancy/tenancy-schemas.ts";
import {
  listUserProfiles,
  USER_PROFILE_FILTERS,
  USER_PROFILE_SORTS,
} from "../../../../core/tenancy/list-user-profiles.ts";
import { resendConfirmation } from "../../../../core/auth/resend-confirmation.ts";
import { setUserDisabled } from "../../../../core/tenancy/set-user-disabled.ts";
import { readForm, successToast } from "../../../lib/form-action.server.ts";
import { formIntent, listRoute, runIntent, studioActor } from "../../../lib/list-route.server.ts";
import { readChoice } from "../../../lib/table-query.server.ts";

const userList = listRoute({
  sorts: USER_PROFILE_SORTS,
  defaultSort: "name",
  filters: (params) => ({ filter: readChoice(params, "filter", USER_PROFILE_FILTERS) }),
  list: listUserProfiles,
  csv: {
    name: "users",
    columns: [
      "userId",
      "name",
      "email",
      ["studio.users.col.confirmed", "confirmed"],
      ["studio.users.col.superAdmin", "isSuperAdmin"],
      ["csv.column.disabled", (r) => r.disabledAt !== null],
      [
        "studio.users.col.memberships",
        (r) => r.memberships.map((m) => `${m.clientName} (${m.role})`).join("; "),
      ],
      ["studio.users.col.lastSignIn", "lastSignInAt"],
      "createdAt",
    ],
  },
});

export async function loadUserProfiles(request: Request, context: Readonly<RouterContextProvider>) {
  const users = await userList.load(request, context);
  return {
    ...users,
    rows: users.rows.map((row) => ({
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
  };
}

export const userProfilesCsv = userList.csv;

/** A success whose toast the operation chose. */
const toastMessage = (message: MessageRef) => ({ toast: { kind: "success" as const, message } });
// Refusals come back as a toast too: these forms are row actions and confirmations.
const options = { toastOnError: true };

/** The row actions; resending the confirmation e-mail needs the request's headers (its links). */
const userIntents = (headers: Headers) => ({
  "set-disabled": formIntent(
    setUserDisabledSchema,
    async (services, actor, { profileId, disabled, name }) => {
      await setUserDisabled(services, actor, { profileId, disabled });
      return messageRef(disabled ? "studio.users.toast.disabled" : "studio.users.toast.enabled", {
        name: name ?? "",
      });
    },
    toastMessage,
    options,
  ),
  "set-super-admin": formIntent(
    setSuperAdminSchema,
    async (services, actor, { profileId, superAdmin, name }) => {
      await setSuperAdmin(services, actor, { profileId, isSuperAdmin: superAdmin });
      return messageRef(superAdmin ? "studio.users.toast.granted" : "studio.users.toast.revoked", {
        name: name ?? "",
      });
    },
    toastMessage,
    options,
  ),
  "resend-confirmation": formIntent(
    resendConfirmationSchema,
    (services, actor, value) => resendConfirmation(services, actor, { ...value, headers }),
    ({ email }) => successToast("studio.users.toast.resent", { email }),
    options,
  ),
});

export async function userProfilesAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  return runIntent(await readForm(request), userIntents(request.headers), services, actor);
}
