import { useEffect, useRef } from "react";
import { Form, useActionData, useFormAction, useNavigation } from "react-router";
import { toast } from "sonner";
import { useT } from "../../lib/i18n.tsx";
import { LocalTime } from "../shell/local-time.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import type { ClientRole } from "../../lib/user-context.tsx";

export type MemberView = {
  profileId: string;
  name: string;
  email: string;
  role: ClientRole;
  lastSignInAt: string | null;
  disabled: boolean;
};
export type InvitationView = {
  id: string;
  email: string;
  role: ClientRole;
  status: "pending" | "expired" | "accepted";
  expiresAt: string;
};
type ActionData = { ok: boolean; intent: string; message?: string; fieldErrors?: Record<string, string> };

const ROLES: ClientRole[] = ["admin", "editor", "viewer"];
const selectClass =
  "rounded-md border border-slate-400 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-950";

/** Members and invitations of one client; editable when `canManage` (client admin or super admin). */
export function MembersPanel(props: {
  members: MemberView[];
  invitations: InvitationView[];
  canManage: boolean;
  currentProfileId: string;
}) {
  const t = useT();
  const result = useActionData<ActionData>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const inviteForm = useRef<HTMLFormElement>(null);
  // The page's own action (client page or client configuration page) handles the member intents.
  const formAction = useFormAction();
  const date = (iso: string | null) => (iso ? <LocalTime iso={iso} /> : t("studio.members.never"));

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast.success(
        result.intent === "invite"
          ? t("studio.members.invited", { email: result.message ?? "" })
          : t("studio.members.saved"),
      );
      if (result.intent === "invite") inviteForm.current?.reset();
    } else if (result.message) {
      toast.error(result.message);
    }
  }, [result, t]);

  return (
    <div className="space-y-8">
      <section aria-labelledby="members-heading">
        <h2 id="members-heading" className="mb-3 text-lg font-semibold">
          {t("studio.members.title", { count: props.members.length })}
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="members-table">
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-700">
                <th scope="col" className="py-2 pe-3 text-start">
                  {t("studio.members.name")}
                </th>
                <th scope="col" className="py-2 pe-3 text-start">
                  {t("studio.members.email")}
                </th>
                <th scope="col" className="py-2 pe-3 text-start">
                  {t("studio.members.role")}
                </th>
                <th scope="col" className="py-2 pe-3 text-start">
                  {t("studio.members.lastSignIn")}
                </th>
                {props.canManage ? (
                  <th scope="col" className="py-2 text-end">
                    {t("studio.members.actions")}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {props.members.map((member) => (
                <tr key={member.profileId} className="border-b border-slate-200 dark:border-slate-800">
                  <td className="py-2 pe-3">{member.name}</td>
                  <td className="py-2 pe-3">{member.email}</td>
                  <td className="py-2 pe-3">
                    {props.canManage ? (
                      <Form method="post" className="flex items-center gap-2">
                        <input type="hidden" name="intent" value="change-role" />
                        <input type="hidden" name="profileId" value={member.profileId} />
                        <label className="sr-only" htmlFor={`role-${member.profileId}`}>
                          {t("studio.members.roleOf", { name: member.name })}
                        </label>
                        <select
                          id={`role-${member.profileId}`}
                          name="role"
                          defaultValue={member.role}
                          className={selectClass}
                          onChange={(event) => event.currentTarget.form?.requestSubmit()}
                        >
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {t(`studio.role.${role}`)}
                            </option>
                          ))}
                        </select>
                        <noscript>
                          <button type="submit" className="rounded border px-2 py-0.5">
                            {t("studio.members.save")}
                          </button>
                        </noscript>
                      </Form>
                    ) : (
                      t(`studio.role.${member.role}`)
                    )}
                  </td>
                  <td className="py-2 pe-3">{date(member.lastSignInAt)}</td>
                  {props.canManage ? (
                    <td className="py-2 text-end">
                      <ConfirmDialog
                        title={
                          member.profileId === props.currentProfileId
                            ? t("studio.members.confirmLeave")
                            : t("studio.members.confirmRemove", { name: member.name })
                        }
                        confirmLabel={t("studio.members.remove")}
                        action={formAction}
                        fields={{ intent: "remove-member", profileId: member.profileId }}
                        triggerVariant="danger"
                        triggerSize="sm"
                        trigger={
                          <>
                            {t("studio.members.remove")}
                            <span className="sr-only"> {member.name}</span>
                          </>
                        }
                        onSuccess={() => toast.success(t("studio.members.saved"))}
                      />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {props.canManage ? (
        <section aria-labelledby="invite-heading" className="space-y-4">
          <h2 id="invite-heading" className="text-lg font-semibold">
            {t("studio.members.inviteTitle")}
          </h2>
          <Form method="post" ref={inviteForm} className="flex flex-wrap items-end gap-3" noValidate>
            <input type="hidden" name="intent" value="invite" />
            <div className="flex min-w-64 flex-col gap-1">
              <label htmlFor="invite-email" className="text-sm font-medium">
                {t("studio.members.email")}
              </label>
              <input
                id="invite-email"
                name="email"
                type="email"
                required
                maxLength={320}
                aria-invalid={result?.intent === "invite" && result.fieldErrors?.email ? true : undefined}
                aria-describedby={
                  result?.intent === "invite" && result.fieldErrors?.email ? "invite-email-error" : undefined
                }
                className="rounded-md border border-slate-400 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-950"
              />
              {result?.intent === "invite" && result.fieldErrors?.email ? (
                <p id="invite-email-error" className="text-sm text-red-700 dark:text-red-400">
                  {result.fieldErrors.email}
                </p>
              ) : null}
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="invite-role" className="text-sm font-medium">
                {t("studio.members.role")}
              </label>
              <select id="invite-role" name="role" defaultValue="viewer" className={`${selectClass} py-2`}>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`studio.role.${role}`)}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="submit"
              disabled={busy}
              className="rounded-md bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800 disabled:opacity-60"
            >
              {t("studio.members.invite")}
            </button>
          </Form>
          {props.invitations.length > 0 ? (
            <ul
              className="divide-y divide-slate-200 text-sm dark:divide-slate-800"
              aria-label={t("studio.members.pending")}
            >
              {props.invitations.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {invitation.email} · {t(`studio.role.${invitation.role}`)} ·{" "}
                    {invitation.status === "expired" ? (
                      t("studio.members.expired")
                    ) : (
                      <>
                        {t("studio.members.validUntil")} {date(invitation.expiresAt)}
                      </>
                    )}
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke-invitation" />
                    <input type="hidden" name="invitationId" value={invitation.id} />
                    <button type="submit" className="rounded-md border border-slate-400 px-2 py-1">
                      {t("studio.members.revoke")}
                      <span className="sr-only"> {invitation.email}</span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
