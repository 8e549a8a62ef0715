import { MailCheck, ShieldCheck, ShieldOff, UserRoundCheck, UserRoundX } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import * as List from "../../../components/studio/list-page.tsx";
import { LocalTime } from "../../../components/shell/local-time.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { cx } from "../../../components/ui/cx.ts";
import { DropdownMenuItem } from "../../../components/ui/dropdown-menu.tsx";
import { useToastFromData } from "../../../components/ui/toast.ts";
import { useT } from "../../../lib/i18n.tsx";
import { csvMiddleware } from "../../../lib/list-route.server.ts";
import { useUserContext } from "../../../lib/user-context.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/user-profiles.ts";
import { CLIENTS_PATH, USER_PROFILES_PATH } from "./list-helpers.ts";
import { loadUserProfiles, userProfilesAction, userProfilesCsv } from "./user-profiles.server.ts";

/** `?format=csv` answers with the export instead of the page (after the guard has let a super admin in). */
export const middleware: Route.MiddlewareFunction[] = csvMiddleware(userProfilesCsv);
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleFrom(matches, "studio.users.title", "User profiles") },
];
export const loader = ({ request, context }: Route.LoaderArgs) => loadUserProfiles(request, context);
export const action = ({ request, context }: Route.ActionArgs) => userProfilesAction(request, context);

type Row = Route.ComponentProps["loaderData"]["rows"][number];
type WithProfile = Row & { profileId: string };
type Confirming = { kind: "disable" | "enable" | "grant" | "revoke"; row: WithProfile };
type Translate = ReturnType<typeof useT>;

/** A switch-looking trigger: the state is in the words too, never in the colour alone. */
function SwitchLook({ on, label }: { on: boolean; label: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className={cx(
          "relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors",
          on ? "bg-primary-700 dark:bg-primary-400" : "bg-slate-300 dark:bg-slate-600",
        )}
      >
        <span
          className={cx(
            "absolute top-0.5 size-4 rounded-full bg-white shadow transition-all",
            on ? "start-4.5" : "start-0.5",
          )}
        />
      </span>
      <span>{label}</span>
    </span>
  );
}

/** The confirmation of making a user super admin (`grant`) or no longer. */
const superAdminConfirm = (t: Translate, row: WithProfile, grant: boolean) => ({
  title: t(grant ? "studio.users.grant.title" : "studio.users.revoke.title", { name: row.name }),
  description: t(grant ? "studio.users.grant.description" : "studio.users.revoke.description"),
  confirmLabel: t(grant ? "studio.users.grant.confirm" : "studio.users.revoke.confirm"),
  tone: grant ? ("primary" as const) : ("danger" as const),
  action: USER_PROFILES_PATH,
  fields: {
    intent: "set-super-admin",
    profileId: row.profileId,
    superAdmin: String(grant),
    name: row.name,
  },
});

/** The confirmation a row action asks for: super admin on / off, or disable / enable. */
function confirmProps(t: Translate, c: Confirming) {
  if (c.kind === "grant" || c.kind === "revoke") return superAdminConfirm(t, c.row, c.kind === "grant");
  const disable = c.kind === "disable";
  return {
    title: t(disable ? "studio.users.disable.title" : "studio.users.enable.title", { name: c.row.name }),
    description: t(disable ? "studio.users.disable.description" : "studio.users.enable.description"),
    confirmLabel: t(disable ? "studio.users.disable.confirm" : "studio.users.enable.confirm"),
    tone: disable ? ("danger" as const) : ("primary" as const),
    action: USER_PROFILES_PATH,
    fields: {
      intent: "set-disabled",
      profileId: c.row.profileId,
      disabled: String(disable),
      name: c.row.name,
    },
  };
}

/** The super admin column: a switch that asks first. */
function SuperAdminSwitch({ row }: { row: Row }) {
  const t = useT();
  const { profileId } = row;
  if (!profileId) return <span className="text-slate-600 dark:text-slate-400">—</span>;
  const yesNo = t(row.isSuperAdmin ? "studio.users.yes" : "studio.users.no");
  return (
    <List.ConfirmDialog
      {...superAdminConfirm(t, { ...row, profileId }, !row.isSuperAdmin)}
      trigger={<SwitchLook on={row.isSuperAdmin} label={yesNo} />}
      triggerLabel={`${t("studio.users.superAdminSwitch", { name: row.name })}: ${yesNo}`}
      triggerVariant="ghost"
      triggerSize="sm"
      triggerClassName="-ms-2 px-2"
    />
  );
}

function useUserColumns(): List.DataTableColumn<Row>[] {
  const t = useT();
  const user = useUserContext();
  const yesNo = (value: boolean) => t(value ? "studio.users.yes" : "studio.users.no");
  return [
    {
      key: "name",
      header: t("studio.users.col.user"),
      sortable: true,
      cell: (row) => (
        <div className="min-w-48">
          <p className="flex flex-wrap items-center gap-1.5 font-medium text-slate-900 dark:text-white">
            {row.name}
            {row.profileId === user.userProfile.id ? (
              <Badge tone="info">{t("studio.users.you")}</Badge>
            ) : null}
          </p>
          <p className="text-slate-600 dark:text-slate-400">{row.email}</p>
        </div>
      ),
    },
    {
      key: "confirmed",
      header: t("studio.users.col.confirmed"),
      cell: (row) => <Badge tone={row.confirmed ? "primary" : "warning"}>{yesNo(row.confirmed)}</Badge>,
    },
    {
      key: "superAdmin",
      header: t("studio.users.col.superAdmin"),
      cell: (row) => <SuperAdminSwitch row={row} />,
    },
    {
      key: "memberships",
      header: t("studio.users.col.memberships"),
      cell: (row) =>
        row.memberships.length ? (
          <ul className="space-y-0.5">
            {row.memberships.map((m) => (
              <li key={m.clientId}>
                <Link to={`${CLIENTS_PATH}/${m.clientId}`} className="underline-offset-4 hover:underline">
                  {t("studio.users.membership", { client: m.clientName, role: t(`studio.role.${m.role}`) })}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">
            {row.profileId ? t("studio.users.none") : t("studio.users.noProfile")}
          </span>
        ),
    },
    {
      key: "lastSignInAt",
      header: t("studio.users.col.lastSignIn"),
      sortable: true,
      className: "whitespace-nowrap",
      cell: (row) =>
        row.lastSignInAt ? (
          <LocalTime iso={row.lastSignInAt} />
        ) : (
          <span className="text-slate-600 dark:text-slate-400">{t("studio.users.never")}</span>
        ),
    },
    {
      key: "status",
      header: t("studio.users.col.status"),
      cell: (row) => (
        <Badge tone={row.disabled ? "danger" : "neutral"}>
          {t(row.disabled ? "studio.users.status.disabled" : "studio.users.status.active")}
        </Badge>
      ),
    },
  ];
}

/** A row's menu: resend the confirmation e-mail, super admin on / off, disable / enable (not oneself). */
function UserActions({
  row,
  resendTo,
  confirm,
}: {
  row: Row;
  resendTo: (email: string) => void;
  confirm: (c: Confirming) => void;
}) {
  const t = useT();
  const user = useUserContext();
  const { profileId } = row;
  const self = profileId === user.userProfile.id;
  const withProfile = profileId ? { ...row, profileId } : null;
  return (
    <List.RowActions label={row.name}>
      {!row.confirmed ? (
        <DropdownMenuItem onSelect={() => resendTo(row.email)}>
          <MailCheck aria-hidden="true" />
          {t("studio.users.action.resend")}
        </DropdownMenuItem>
      ) : null}
      {withProfile ? (
        <DropdownMenuItem
          onSelect={() => confirm({ kind: row.isSuperAdmin ? "revoke" : "grant", row: withProfile })}
        >
          {row.isSuperAdmin ? <ShieldOff aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
          {t(
            row.isSuperAdmin ? "studio.users.action.removeSuperAdmin" : "studio.users.action.makeSuperAdmin",
          )}
        </DropdownMenuItem>
      ) : null}
      {withProfile && !self ? (
        <>
          <List.RowActionsSeparator />
          <DropdownMenuItem
            tone={row.disabled ? "default" : "danger"}
            onSelect={() => confirm({ kind: row.disabled ? "enable" : "disable", row: withProfile })}
          >
            {row.disabled ? <UserRoundCheck aria-hidden="true" /> : <UserRoundX aria-hidden="true" />}
            {t(row.disabled ? "studio.users.action.enable" : "studio.users.action.disable")}
          </DropdownMenuItem>
        </>
      ) : null}
    </List.RowActions>
  );
}

export default function UserProfiles({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const resend = useFetcher({ key: "user-profiles-resend" });
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  useToastFromData(resend.state === "idle" ? resend.data : undefined);
  const resendTo = (email: string) =>
    void resend.submit(
      { intent: "resend-confirmation", email },
      { method: "post", action: USER_PROFILES_PATH },
    );
  const columns = [
    ...useUserColumns(),
    List.actionsColumn<Row>(t("ui.table.actions"), (row) => (
      <UserActions row={row} resendTo={resendTo} confirm={setConfirming} />
    )),
  ];

  return (
    <List.ListPage title={t("studio.users.title")} description={t("studio.users.description")}>
      <List.ListTable
        data={loaderData}
        columns={columns}
        rowKey={(row) => row.userId}
        caption={t("studio.users.caption")}
        searchPlaceholder={t("studio.users.searchPlaceholder")}
        filters={[
          {
            name: "filter",
            label: t("studio.users.filter.label"),
            allLabel: t("studio.users.filter.allUsers"),
            options: [
              { value: "confirmed", label: t("studio.users.filter.confirmed") },
              { value: "unconfirmed", label: t("studio.users.filter.unconfirmed") },
              { value: "super-admins", label: t("studio.users.filter.superAdmins") },
              { value: "disabled", label: t("studio.users.filter.disabled") },
            ],
          },
        ]}
        emptyTitle={t("studio.users.empty")}
        csv
      />
      {confirming ? (
        <List.ConfirmDialog
          {...confirmProps(t, confirming)}
          open
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
        />
      ) : null}
    </List.ListPage>
  );
}
