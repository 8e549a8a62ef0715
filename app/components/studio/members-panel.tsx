// Members and invitations of one client, on the client page (client admins) and the client
// configuration page (super admins). The page's own action handles the member intents
// (app/routes/studio/members.server.ts); answers are the one action-result shape, errors and toasts
// message references translated here.
import { getFormProps } from "@conform-to/react";
import { useState, type ReactNode } from "react";
import { Form, useActionData, useFormAction, useNavigation } from "react-router";
import { CLIENT_ROLES, type ClientRole } from "../../../core/access/actor.ts";
import { EMAIL_MAX } from "../../../core/forms/fields.ts";
import { inviteMemberSchema } from "../../../core/tenancy/tenancy-schemas.ts";
import { INTENT_FIELD, isActionResult, resultFor, succeeded, useAppForm } from "../../lib/forms.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { LocalTime } from "../shell/local-time.tsx";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Field } from "../ui/field.tsx";
import { FormError } from "../ui/form-error.tsx";
import { SelectField } from "../ui/form-field.tsx";
import { Select, type SelectOption } from "../ui/select.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../ui/table.tsx";
import { useToastFromData } from "../ui/toast.ts";
import { TextField } from "./studio-fields.tsx";

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

const INVITE = "invite";
const CHANGE_ROLE = "change-role";
const RESEND = "resend-invitation";

/** Counts the page action's answers: a control keyed on it shows the server's value after each one. */
function useAnswerCount(actionData: unknown) {
  const [seen, setSeen] = useState({ data: actionData, count: 0 });
  if (seen.data === actionData) return seen.count;
  // Remembered during render (React's pattern for deriving state from a changed value).
  setSeen({ data: actionData, count: seen.count + 1 });
  return seen.count + 1;
}

/** The role the last successful invitation was sent with: the form offers it again. */
function lastInvitedRole(actionData: unknown): ClientRole {
  if (!succeeded(actionData, INVITE) || !isActionResult(actionData)) return "viewer";
  const payload = actionData.payload;
  const role = typeof payload === "object" && payload !== null && "role" in payload ? payload.role : null;
  return CLIENT_ROLES.find((r) => r === role) ?? "viewer";
}

/** The role choices, and a sign-in or expiry time (or "never"). */
function usePanelText() {
  const t = useT();
  return {
    roleOptions: CLIENT_ROLES.map((role) => ({ value: role, label: t(`studio.role.${role}`) })),
    date: (iso: string | null): ReactNode => (iso ? <LocalTime iso={iso} /> : t("studio.members.never")),
  };
}

/** Members and invitations of one client; editable when `canManage` (client admin or super admin). */
export function MembersPanel(props: {
  members: MemberView[];
  invitations: InvitationView[];
  canManage: boolean;
  currentProfileId: string;
}) {
  const t = useT();
  const actionData = useActionData();
  const answers = useAnswerCount(actionData);
  // Every member intent's toast (success, or a refusal of a role change or a withdrawal).
  useToastFromData(actionData);
  return (
    <div className="space-y-8">
      <section aria-labelledby="members-heading">
        <h2 id="members-heading" className="mb-3 text-lg font-semibold">
          {t("studio.members.title", { count: props.members.length })}
        </h2>
        <MembersTable
          members={props.members}
          canManage={props.canManage}
          currentProfileId={props.currentProfileId}
        />
      </section>

      {props.canManage ? (
        <section aria-labelledby="invite-heading" className="space-y-4">
          <h2 id="invite-heading" className="text-lg font-semibold">
            {t("studio.members.inviteTitle")}
          </h2>
          <InviteForm actionData={actionData} />
          {props.invitations.length > 0 ? (
            <h3 id="pending-invitations" className="font-semibold">
              {t("studio.members.pending")}
            </h3>
          ) : null}
          {/* the "already invited" error points here: resend or change the role of an open invitation */}
          {props.invitations.length > 0 ? (
            <InvitationList invitations={props.invitations} answers={answers} />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function MembersTable(props: { members: MemberView[]; canManage: boolean; currentProfileId: string }) {
  const t = useT();
  const { roleOptions, date } = usePanelText();
  // The page's own action (client page or client configuration page) handles the member intents.
  const formAction = useFormAction();
  return (
    <Table data-testid="members-table">
      <TableHead>
        <TableRow>
          <TableHeaderCell>{t("studio.members.name")}</TableHeaderCell>
          <TableHeaderCell>{t("studio.members.email")}</TableHeaderCell>
          <TableHeaderCell>{t("studio.members.role")}</TableHeaderCell>
          <TableHeaderCell>{t("studio.members.lastSignIn")}</TableHeaderCell>
          {props.canManage ? (
            <TableHeaderCell align="end">{t("studio.members.actions")}</TableHeaderCell>
          ) : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {props.members.map((member) => (
          <TableRow key={member.profileId}>
            <TableCell>{member.name}</TableCell>
            <TableCell>{member.email}</TableCell>
            <TableCell>
              {props.canManage ? (
                <MemberRoleForm member={member} roleOptions={roleOptions} />
              ) : (
                t(`studio.role.${member.role}`)
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">{date(member.lastSignInAt)}</TableCell>
            {props.canManage ? (
              <TableCell align="end">
                <ConfirmDialog
                  title={
                    member.profileId === props.currentProfileId
                      ? t("studio.members.confirmLeave")
                      : t("studio.members.confirmRemove", { name: member.name })
                  }
                  confirmLabel={t("studio.members.remove")}
                  action={formAction}
                  fields={{ [INTENT_FIELD]: "remove-member", profileId: member.profileId }}
                  triggerVariant="danger"
                  triggerSize="sm"
                  trigger={
                    <>
                      {t("studio.members.remove")}
                      <span className="sr-only"> {member.name}</span>
                    </>
                  }
                />
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A member's role, saved as soon as it is picked (a button without JavaScript). */
function MemberRoleForm({ member, roleOptions }: { member: MemberView; roleOptions: SelectOption[] }) {
  const t = useT();
  const navigation = useNavigation();
  // While a role change is on its way the picker shows it; after the answer, the role the server holds.
  const pendingRole =
    navigation.formData?.get(INTENT_FIELD) === CHANGE_ROLE &&
    navigation.formData.get("profileId") === member.profileId
      ? String(navigation.formData.get("role"))
      : null;
  return (
    <Form method="post" className="flex items-center gap-2">
      <input type="hidden" name={INTENT_FIELD} value={CHANGE_ROLE} />
      <input type="hidden" name="profileId" value={member.profileId} />
      <Field label={t("studio.members.roleOf", { name: member.name })} labelHidden>
        <Select
          name="role"
          value={pendingRole ?? member.role}
          options={roleOptions}
          className="w-32"
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
        />
      </Field>
      <noscript>
        <Button type="submit" variant="outline" size="sm">
          {t("studio.members.save")}
        </Button>
      </noscript>
    </Form>
  );
}

function InviteForm({ actionData }: { actionData: unknown }) {
  const t = useT();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const inviting = navigation.state === "submitting" && navigation.formData?.get(INTENT_FIELD) === INVITE;
  const { roleOptions } = usePanelText();
  const [invite, fields] = useAppForm({
    schema: inviteMemberSchema,
    id: "invite-member",
    lastResult: resultFor(actionData, INVITE),
    // A sent invitation clears the address but keeps the role chosen; a refused one keeps both.
    defaultValue: { role: lastInvitedRole(actionData) },
  });
  return (
    <Form method="post" {...getFormProps(invite)} className="space-y-3">
      <input type="hidden" name={INTENT_FIELD} value={INVITE} />
      <FormError>{errorText(invite.errors)?.join(" ")}</FormError>
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          field={fields.email}
          type="email"
          label={t("studio.members.email")}
          frameClassName="min-w-64 flex-1"
          required
          maxLength={EMAIL_MAX}
        />
        <SelectField
          field={fields.role}
          label={t("studio.members.role")}
          options={roleOptions}
          className="w-40"
        />
        <Button type="submit" pending={inviting} className="sm:mt-7">
          {t("studio.members.invite")}
        </Button>
      </div>
    </Form>
  );
}

/** Open invitations: each resent (with the role shown) or revoked. */
function InvitationList({ invitations, answers }: { invitations: InvitationView[]; answers: number }) {
  const t = useT();
  const { roleOptions, date } = usePanelText();
  return (
    <ul
      className="divide-y divide-slate-200 text-sm dark:divide-slate-800"
      aria-labelledby="pending-invitations"
    >
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span>
            {invitation.email} ·{" "}
            {invitation.status === "expired" ? (
              t("studio.members.expired")
            ) : (
              <>
                {t("studio.members.validUntil")} {date(invitation.expiresAt)}
              </>
            )}
          </span>
          <div className="flex flex-wrap items-center gap-2">
            <Form method="post" className="flex items-center gap-2">
              <input type="hidden" name={INTENT_FIELD} value={RESEND} />
              <input type="hidden" name="invitationId" value={invitation.id} />
              <Field label={t("studio.members.invitationRoleOf", { email: invitation.email })} labelHidden>
                <Select
                  // Sent again with the role shown: the invitation's own unless changed here.
                  key={`${invitation.role}-${answers}`}
                  name="role"
                  defaultValue={invitation.role}
                  options={roleOptions}
                  className="w-32"
                />
              </Field>
              <Button type="submit" variant="outline" size="sm">
                {t("studio.members.resend")}
                <span className="sr-only"> {invitation.email}</span>
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name={INTENT_FIELD} value="revoke-invitation" />
              <input type="hidden" name="invitationId" value={invitation.id} />
              <Button type="submit" variant="outline" size="sm">
                {t("studio.members.revoke")}
                <span className="sr-only"> {invitation.email}</span>
              </Button>
            </Form>
          </div>
        </li>
      ))}
    </ul>
  );
}
