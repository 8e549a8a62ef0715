import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { KeyRound, LogOut, Mail, MonitorSmartphone, Palette, UserRound, Users } from "lucide-react";
import { useMemo, type ReactNode } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { COLOUR_MODES } from "../../../../core/tenancy/colour-mode.ts";
import {
  emailChangeFormSchema,
  nameFormSchema,
  passwordChangeFormSchema,
  preferencesFormSchema,
  type ProfileIntent,
} from "../../../../core/account/account-schemas.ts";
import { PASSWORD_MIN_LENGTH } from "../../../../core/auth/password-rule.ts";
import { LocalTime, useTimeZone } from "../../../components/shell/local-time.tsx";
import { LanguageCombobox, LanguageOptions } from "../../../components/shell/preference-forms.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { Field, FieldErrorText } from "../../../components/ui/field.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Select } from "../../../components/ui/select.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui/table.tsx";
import { useToastFromData } from "../../../components/ui/toast.ts";
import { useHydrated } from "../../../components/ui/use-hydrated.ts";
import type { LocaleOption } from "../../../../core/i18n/locale-names.ts";
import { servicesContext } from "../../../lib/context.ts";
import { INTENT_FIELD, isActionResult, resultFor, useAppForm } from "../../../lib/forms.ts";
import { useErrorText, useT } from "../../../lib/i18n.tsx";
import { studioSessionContext } from "../../../lib/studio-session.server.ts";
import { describeUserAgent } from "../../../lib/user-agent.ts";
import type { Route } from "./+types/profile.ts";
import {
  handleProfileAction,
  loadProfilePage,
  type EmailChangePayload,
  type ProfileMembership,
  type ProfileSession,
} from "./profile.server.ts";
import { titleFrom } from "../../../lib/page-title.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.profile.title", "Your profile") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(studioSessionContext);
  if (!session) throw data(null, { status: 401 });
  return loadProfilePage(context.get(servicesContext), session, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = context.get(studioSessionContext);
  if (!session) throw data(null, { status: 401 });
  return handleProfileAction(context.get(servicesContext), session, request);
}

const ACTION = "/studio/user/profile";

type T = ReturnType<typeof useT>;

function usePending(intent: ProfileIntent) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get(INTENT_FIELD) === intent;
}

/** Which form this one is, on a page with several. */
function IntentField({ intent }: { intent: ProfileIntent }) {
  return <input type="hidden" name={INTENT_FIELD} value={intent} />;
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const actionData = useActionData<typeof action>();
  useToastFromData(actionData);
  return (
    <div className="space-y-6">
      <PageHeader title={t("studio.profile.title")} description={t("studio.profile.description")} />
      <div className="grid gap-6 xl:grid-cols-2">
        <NameSection name={loaderData.user.name} displayName={loaderData.profile.displayName} />
        {/* key: after a save the controls show the saved values (also when another tab changed them). */}
        <PreferencesSection
          key={`${loaderData.profile.locale}-${loaderData.profile.colourMode}-${loaderData.profile.timeZone}`}
          locale={loaderData.profile.locale}
          colourMode={loaderData.profile.colourMode}
          options={loaderData.localeOptions}
          timeZones={loaderData.timeZones}
        />
        <EmailSection email={loaderData.user.email} verified={loaderData.user.emailVerified} />
        <PasswordSection email={loaderData.user.email} />
      </div>
      <SessionsSection sessions={loaderData.sessions} />
      <MembershipsSection memberships={loaderData.memberships} isSuperAdmin={loaderData.isSuperAdmin} />
    </div>
  );
}

function Section({
  icon,
  title,
  description,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <CardTitle className="flex items-center gap-2">
            {icon}
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {actions}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const iconClass = "size-4 text-slate-500 dark:text-slate-400";

function NameSection({ name, displayName }: { name: string; displayName: string }) {
  const t = useT();
  const errorText = useErrorText();
  const pending = usePending("name");
  const [form, fields] = useAppForm({
    schema: nameFormSchema,
    id: "profile-name",
    lastResult: resultFor(useActionData(), "name"),
    defaultValue: { name, displayName },
  });
  return (
    <Section
      icon={<UserRound aria-hidden="true" className={iconClass} />}
      title={t("studio.profile.name.title")}
      description={t("studio.profile.name.description")}
    >
      <Form
        method="post"
        action={ACTION}
        {...getFormProps(form)}
        className="space-y-4"
        aria-label={t("studio.profile.name.title")}
      >
        <IntentField intent="name" />
        <FormError>{errorText(form.errors)}</FormError>
        <Field
          label={t("studio.profile.name.name")}
          id={fields.name.id}
          error={errorText(fields.name.errors)}
          required
        >
          <Input
            {...getInputProps(fields.name, { type: "text", ariaAttributes: false })}
            autoComplete="name"
          />
        </Field>
        <Field
          label={t("studio.profile.name.displayName")}
          hint={t("studio.profile.name.displayNameHint")}
          id={fields.displayName.id}
          error={errorText(fields.displayName.errors)}
        >
          <Input
            {...getInputProps(fields.displayName, { type: "text", ariaAttributes: false })}
            autoComplete="nickname"
          />
        </Field>
        <Button type="submit" pending={pending}>
          {t("studio.profile.name.submit")}
        </Button>
      </Form>
    </Section>
  );
}

function EmailSection({ email, verified }: { email: string; verified: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const pending = usePending("email");
  const actionData = useActionData();
  const schema = useMemo(() => emailChangeFormSchema(email), [email]);
  const lastResult = resultFor(actionData, "email");
  const [form, fields] = useAppForm({ schema, id: "profile-email", lastResult });
  const sent =
    lastResult?.status === "success" && isActionResult(actionData)
      ? (actionData.payload as EmailChangePayload | undefined)
      : undefined;
  return (
    <Section
      icon={<Mail aria-hidden="true" className={iconClass} />}
      title={t("studio.profile.email.title")}
      description={t("studio.profile.email.description")}
    >
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-600 dark:text-slate-400">{t("studio.profile.email.current")}</span>
        <span className="font-medium break-all" data-testid="current-email">
          {email}
        </span>
        {verified ? <Badge tone="primary">{t("studio.profile.email.confirmed")}</Badge> : null}
      </div>
      {sent ? (
        <p
          role="status"
          className="mb-4 rounded-md bg-primary-50 p-3 text-sm text-primary-900 dark:bg-primary-950 dark:text-primary-100"
        >
          {t("studio.profile.email.sent", { current: sent.current, email: sent.requested })}
        </p>
      ) : null}
      <Form
        method="post"
        action={ACTION}
        {...getFormProps(form)}
        className="space-y-4"
        aria-label={t("studio.profile.email.title")}
      >
        <IntentField intent="email" />
        <FormError>{errorText(form.errors)}</FormError>
        <Field
          label={t("studio.profile.email.new")}
          id={fields.newEmail.id}
          error={errorText(fields.newEmail.errors)}
          required
        >
          <Input
            {...getInputProps(fields.newEmail, { type: "email", ariaAttributes: false })}
            autoComplete="email"
          />
        </Field>
        <Button type="submit" pending={pending}>
          {t("studio.profile.email.submit")}
        </Button>
      </Form>
    </Section>
  );
}

function PasswordSection({ email }: { email: string }) {
  const t = useT();
  const errorText = useErrorText();
  const pending = usePending("password");
  const schema = useMemo(() => passwordChangeFormSchema(email), [email]);
  const [form, fields] = useAppForm({
    schema,
    id: "profile-password",
    lastResult: resultFor(useActionData(), "password"),
  });
  return (
    <Section
      icon={<KeyRound aria-hidden="true" className={iconClass} />}
      title={t("studio.profile.password.title")}
      description={t("studio.profile.password.description")}
    >
      <Form
        method="post"
        action={ACTION}
        {...getFormProps(form)}
        className="space-y-4"
        aria-label={t("studio.profile.password.title")}
      >
        <IntentField intent="password" />
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormError>{errorText(form.errors)}</FormError>
        <Field
          label={t("studio.profile.password.current")}
          id={fields.currentPassword.id}
          error={errorText(fields.currentPassword.errors)}
          required
        >
          <Input
            {...getInputProps(fields.currentPassword, { type: "password", ariaAttributes: false })}
            autoComplete="current-password"
          />
        </Field>
        <Field
          label={t("auth.field.newPassword")}
          hint={t("auth.password.rule", { min: PASSWORD_MIN_LENGTH })}
          id={fields.newPassword.id}
          error={errorText(fields.newPassword.errors)}
          required
        >
          <Input
            {...getInputProps(fields.newPassword, { type: "password", ariaAttributes: false })}
            autoComplete="new-password"
          />
        </Field>
        <Field
          label={t("auth.field.confirmPassword")}
          id={fields.confirmPassword.id}
          error={errorText(fields.confirmPassword.errors)}
          required
        >
          <Input
            {...getInputProps(fields.confirmPassword, { type: "password", ariaAttributes: false })}
            autoComplete="new-password"
          />
        </Field>
        {/* Unchecked (the default) signs out every other session once the password has changed. */}
        <Checkbox
          {...getInputProps(fields.keepOtherSessions, { type: "checkbox", ariaAttributes: false })}
          label={t("studio.profile.password.keepOtherSessions")}
          hint={t("studio.profile.password.keepOtherSessionsHint")}
          error={errorText(fields.keepOtherSessions.errors)}
        />
        <Button type="submit" pending={pending}>
          {t("studio.profile.password.submit")}
        </Button>
      </Form>
    </Section>
  );
}

function PreferencesSection({
  locale,
  colourMode,
  options,
  timeZones,
}: {
  locale: string;
  colourMode: string;
  options: LocaleOption[];
  timeZones: string[];
}) {
  const t = useT();
  const hydrated = useHydrated();
  const errorText = useErrorText();
  const pending = usePending("preferences");
  // The kept zone (or, on the first visit, the browser's, which the studio frame keeps at once).
  const timeZone = useTimeZone();
  const [form, fields] = useAppForm({
    schema: preferencesFormSchema,
    id: "profile-preferences",
    lastResult: resultFor(useActionData(), "preferences"),
    defaultValue: { locale, colourMode, timeZone },
  });
  const colourModeErrors = errorText(fields.colourMode.errors) ?? [];
  const colourModeErrorId = `${fields.colourMode.id}-error`;
  return (
    <Section
      icon={<Palette aria-hidden="true" className={iconClass} />}
      title={t("studio.profile.preferences.title")}
      description={t("studio.profile.preferences.description")}
    >
      <Form
        method="post"
        action={ACTION}
        {...getFormProps(form)}
        className="space-y-4"
        aria-label={t("studio.profile.preferences.title")}
      >
        <IntentField intent="preferences" />
        <FormError>{errorText(form.errors)}</FormError>
        <Field
          label={t("locale.label")}
          id={fields.locale.id}
          error={errorText(fields.locale.errors)}
          required
        >
          {/* A select without JavaScript; searchable once React runs. */}
          {hydrated ? (
            <LanguageCombobox name={fields.locale.name} options={options} value={locale} />
          ) : (
            <Select {...getSelectProps(fields.locale, { ariaAttributes: false })}>
              <LanguageOptions options={options} />
            </Select>
          )}
        </Field>
        <Field
          label={t("studio.profile.preferences.timeZone")}
          hint={t("studio.profile.preferences.timeZoneHint")}
          id={fields.timeZone.id}
          error={errorText(fields.timeZone.errors)}
          required
        >
          <Select {...getSelectProps(fields.timeZone, { ariaAttributes: false })}>
            {(timeZones.includes(timeZone) ? timeZones : [timeZone, ...timeZones]).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </Select>
        </Field>
        <fieldset aria-describedby={colourModeErrors.length > 0 ? colourModeErrorId : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-slate-900 dark:text-slate-100">
            {t("colourMode.label")}
          </legend>
          <div className="flex flex-wrap gap-2">
            {COLOUR_MODES.map((mode) => (
              <label
                key={mode}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-checked:border-primary-600 has-checked:bg-primary-50 has-focus-visible:outline-2 has-focus-visible:outline-(--color-focus-ring) dark:border-slate-700 dark:has-checked:border-primary-400 dark:has-checked:bg-primary-950"
              >
                <input
                  {...getInputProps(fields.colourMode, { type: "radio", value: mode, ariaAttributes: false })}
                  id={`${fields.colourMode.id}-${mode}`}
                  className="accent-primary-700 dark:accent-primary-400"
                />
                {t(`colourMode.${mode}`)}
              </label>
            ))}
          </div>
          <FieldErrorText id={colourModeErrorId} errors={colourModeErrors} />
        </fieldset>
        <Button type="submit" pending={pending}>
          {t("studio.profile.preferences.submit")}
        </Button>
      </Form>
    </Section>
  );
}

function deviceName(t: T, userAgent: string | null) {
  const { browser, os } = describeUserAgent(userAgent);
  if (!browser && !os) return t("studio.profile.sessions.unknownDevice");
  const unknown = t("studio.profile.sessions.unknown");
  return t("studio.profile.sessions.deviceName", { browser: browser ?? unknown, os: os ?? unknown });
}

/**
 * The refusal of a confirmed action posted without JavaScript (the confirm dialog's fallback form):
 * with JavaScript the dialog shows it, and this page's action data stays empty.
 */
function ConfirmedActionError({ intents }: { intents: ProfileIntent[] }) {
  const errorText = useErrorText();
  const actionData = useActionData();
  const result = intents.map((intent) => resultFor(actionData, intent)).find((r) => r?.status === "error");
  return <FormError className="mb-3">{errorText(result?.error?.[""])}</FormError>;
}

function SessionsSection({ sessions }: { sessions: ProfileSession[] }) {
  const t = useT();
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Section
      icon={<MonitorSmartphone aria-hidden="true" className={iconClass} />}
      title={t("studio.profile.sessions.title")}
      description={t("studio.profile.sessions.description")}
      actions={
        others > 0 ? (
          <ConfirmDialog
            title={t("studio.profile.sessions.confirmRevokeOthers")}
            description={t("studio.profile.sessions.confirmRevokeOthersDescription", { count: others })}
            confirmLabel={t("studio.profile.sessions.revokeOthers")}
            action={ACTION}
            fields={{ [INTENT_FIELD]: "revoke-other-sessions" }}
            trigger={
              <>
                <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
                {t("studio.profile.sessions.revokeOthers")}
              </>
            }
            triggerVariant="outline"
            triggerSize="sm"
          />
        ) : null
      }
    >
      <ConfirmedActionError intents={["revoke-session", "revoke-other-sessions"]} />
      <Table data-testid="sessions" caption={t("studio.profile.sessions.title")} captionHidden>
        <TableHead>
          <TableRow>
            <TableHeaderCell>{t("studio.profile.sessions.device")}</TableHeaderCell>
            <TableHeaderCell>{t("studio.profile.sessions.ip")}</TableHeaderCell>
            <TableHeaderCell>{t("studio.profile.sessions.created")}</TableHeaderCell>
            <TableHeaderCell>{t("studio.profile.sessions.lastActive")}</TableHeaderCell>
            <TableHeaderCell align="end">
              <span className="sr-only">{t("ui.table.actions")}</span>
            </TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sessions.map((session) => {
            const device = deviceName(t, session.userAgent);
            return (
              <TableRow key={session.id} data-current={session.current || undefined}>
                <TableCell>
                  <div className="flex flex-wrap items-center gap-2">
                    <span title={session.userAgent ?? undefined}>{device}</span>
                    {session.current ? (
                      <Badge tone="primary">{t("studio.profile.sessions.current")}</Badge>
                    ) : null}
                  </div>
                </TableCell>
                <TableCell className="font-mono text-xs">{session.ipAddress || "—"}</TableCell>
                <TableCell>
                  <LocalTime iso={session.createdAt} />
                </TableCell>
                <TableCell>
                  <LocalTime iso={session.lastActiveAt} />
                </TableCell>
                <TableCell align="end">
                  {session.current ? null : (
                    <ConfirmDialog
                      title={t("studio.profile.sessions.confirmRevoke")}
                      description={t("studio.profile.sessions.confirmRevokeDescription", {
                        device,
                        ip: session.ipAddress || "—",
                      })}
                      confirmLabel={t("studio.profile.sessions.revoke")}
                      action={ACTION}
                      fields={{ [INTENT_FIELD]: "revoke-session", sessionId: session.id }}
                      trigger={t("studio.profile.sessions.revoke")}
                      triggerLabel={t("studio.profile.sessions.revokeLabel", {
                        device,
                        ip: session.ipAddress || "—",
                      })}
                      triggerVariant="outline"
                      triggerSize="sm"
                    />
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {others === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t("studio.profile.sessions.none")}</p>
      ) : null}
    </Section>
  );
}

function MembershipsSection({
  memberships,
  isSuperAdmin,
}: {
  memberships: ProfileMembership[];
  isSuperAdmin: boolean;
}) {
  const t = useT();
  return (
    <Section
      icon={<Users aria-hidden="true" className={iconClass} />}
      title={t("studio.profile.memberships.title")}
      description={t("studio.profile.memberships.description")}
    >
      {isSuperAdmin ? (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
          {t("studio.profile.memberships.superAdminNote")}
        </p>
      ) : null}
      <ConfirmedActionError intents={["leave-client"]} />
      {memberships.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("studio.profile.memberships.none")}</p>
      ) : (
        <Table data-testid="memberships" caption={t("studio.profile.memberships.title")} captionHidden>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("studio.profile.memberships.client")}</TableHeaderCell>
              <TableHeaderCell>{t("studio.profile.memberships.role")}</TableHeaderCell>
              <TableHeaderCell>{t("studio.profile.memberships.since")}</TableHeaderCell>
              <TableHeaderCell align="end">
                <span className="sr-only">{t("ui.table.actions")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {memberships.map((membership) => (
              <TableRow key={membership.clientId}>
                <TableCell>
                  {membership.slug ? (
                    <Link
                      to={`/studio/${membership.slug}`}
                      className="font-medium text-primary-800 underline dark:text-primary-300"
                    >
                      {membership.name}
                    </Link>
                  ) : (
                    membership.name
                  )}
                </TableCell>
                <TableCell>
                  <Badge>{t(`studio.role.${membership.role}`)}</Badge>
                </TableCell>
                <TableCell>
                  <LocalTime iso={membership.since} />
                </TableCell>
                <TableCell align="end">
                  <ConfirmDialog
                    title={t("studio.profile.memberships.confirmLeave", { client: membership.name })}
                    description={t("studio.profile.memberships.confirmLeaveDescription")}
                    confirmLabel={t("studio.profile.memberships.leave")}
                    action={ACTION}
                    fields={{ [INTENT_FIELD]: "leave-client", clientId: membership.clientId }}
                    trigger={t("studio.profile.memberships.leave")}
                    triggerLabel={t("studio.profile.memberships.leaveLabel", { client: membership.name })}
                    triggerVariant="outline"
                    triggerSize="sm"
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
