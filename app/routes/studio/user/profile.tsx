import { KeyRound, LogOut, Mail, MonitorSmartphone, Palette, UserRound, Users } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { data, Form, Link, useActionData, useNavigation, useRouteLoaderData } from "react-router";
import { LocalTime } from "../../../components/shell/local-time.tsx";
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
import { useToastFromData } from "../../../components/ui/toast.ts";
import { COLOUR_MODES } from "../../../lib/colour-mode.ts";
import { servicesContext } from "../../../lib/context.ts";
import { useT } from "../../../lib/i18n.tsx";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../../core/auth/password-rule.ts";
import { studioSessionContext } from "../../../lib/studio-session.server.ts";
import type { loader as rootLoader } from "../../../root.tsx";
import type { Route } from "./+types/profile.ts";
import {
  describeUserAgent,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  readEmail,
  readName,
  readPassword,
  validateEmail,
  validateName,
  validatePassword,
  type ProfileIntent,
  type Problems,
} from "./profile-form.ts";
import {
  handleProfileAction,
  loadProfilePage,
  type ProfileActionResult,
  type ProfileSession,
} from "./profile.server.ts";

export function meta() {
  return [{ title: "Your profile · Reeltime" }];
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

/** The action result of this section's form, if the last submission was this section's. */
function useSectionResult(intent: ProfileIntent): ProfileActionResult | undefined {
  const result = useActionData<typeof action>();
  return result?.intent === intent ? result : undefined;
}

function usePending(intent: ProfileIntent) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/**
 * The browser's check before a form goes out (the server checks again): on problems the submission
 * stops, the messages appear next to the fields and the first invalid field gets the focus.
 */
function useClientCheck<F extends string>(t: T, check: (form: FormData) => Problems<F>) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const formElement = event.currentTarget;
    const problems = check(new FormData(formElement));
    const entries = Object.entries(problems) as [
      F,
      { key: Parameters<T>[0]; values?: Record<string, string | number> } | undefined,
    ][];
    const messages: Partial<Record<F, string>> = {};
    for (const [field, problem] of entries) if (problem) messages[field] = t(problem.key, problem.values);
    setErrors(messages);
    const first = entries.find(([, problem]) => problem)?.[0];
    if (first) {
      event.preventDefault();
      const control = formElement.elements.namedItem(first);
      if (control instanceof HTMLElement) control.focus();
    }
  };
  return { clientErrors: errors, onSubmit };
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  useToastFromData(result);
  return (
    <div className="space-y-6">
      <PageHeader title={t("studio.profile.title")} description={t("studio.profile.description")} />
      <div className="grid gap-6 xl:grid-cols-2">
        <NameSection name={loaderData.user.name} displayName={loaderData.profile.displayName} />
        <PreferencesSection
          locale={loaderData.profile.locale}
          colourMode={loaderData.profile.colourMode}
          options={loaderData.localeOptions}
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
  const result = useSectionResult("name");
  const pending = usePending("name");
  const { clientErrors, onSubmit } = useClientCheck(t, (form) => validateName(readName(form)));
  const errors = { ...result?.fieldErrors, ...clientErrors };
  return (
    <Section
      icon={<UserRound aria-hidden="true" className={iconClass} />}
      title={t("studio.profile.name.title")}
      description={t("studio.profile.name.description")}
    >
      <Form
        method="post"
        action={ACTION}
        noValidate
        onSubmit={onSubmit}
        className="space-y-4"
        aria-label={t("studio.profile.name.title")}
      >
        <input type="hidden" name="intent" value="name" />
        <FormError>{result?.formError}</FormError>
        <Field label={t("studio.profile.name.name")} error={errors.name} required>
          <Input
            name="name"
            autoComplete="name"
            maxLength={NAME_MAX_LENGTH}
            defaultValue={result?.values?.name ?? name}
          />
        </Field>
        <Field
          label={t("studio.profile.name.displayName")}
          hint={t("studio.profile.name.displayNameHint")}
          error={errors.displayName}
        >
          <Input
            name="displayName"
            autoComplete="nickname"
            maxLength={NAME_MAX_LENGTH}
            defaultValue={result?.values?.displayName ?? displayName}
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
  const result = useSectionResult("email");
  const pending = usePending("email");
  const formRef = useRef<HTMLFormElement>(null);
  const { clientErrors, onSubmit } = useClientCheck(t, (form) => validateEmail(readEmail(form), email));
  const errors = { ...result?.fieldErrors, ...clientErrors };
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);
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
      {result?.emailChange ? (
        <p
          role="status"
          className="mb-4 rounded-md bg-primary-50 p-3 text-sm text-primary-900 dark:bg-primary-950 dark:text-primary-100"
        >
          {t("studio.profile.email.sent", {
            current: result.emailChange.current,
            email: result.emailChange.requested,
          })}
        </p>
      ) : null}
      <Form
        ref={formRef}
        method="post"
        action={ACTION}
        noValidate
        onSubmit={onSubmit}
        className="space-y-4"
        aria-label={t("studio.profile.email.title")}
      >
        <input type="hidden" name="intent" value="email" />
        <FormError>{result?.formError}</FormError>
        <Field label={t("studio.profile.email.new")} error={errors.newEmail} required>
          <Input
            name="newEmail"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            defaultValue={result?.ok ? undefined : result?.values?.newEmail}
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
  const result = useSectionResult("password");
  const pending = usePending("password");
  const formRef = useRef<HTMLFormElement>(null);
  const { clientErrors, onSubmit } = useClientCheck(t, (form) => validatePassword(readPassword(form), email));
  const errors = { ...result?.fieldErrors, ...clientErrors };
  useEffect(() => {
    // Passwords never stay in the form once the server has answered (changed or refused).
    if (!result || !formRef.current) return;
    for (const name of ["currentPassword", "newPassword", "confirmPassword"]) {
      const input = formRef.current.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [result]);
  return (
    <Section
      icon={<KeyRound aria-hidden="true" className={iconClass} />}
      title={t("studio.profile.password.title")}
      description={t("studio.profile.password.description")}
    >
      <Form
        ref={formRef}
        method="post"
        action={ACTION}
        noValidate
        onSubmit={onSubmit}
        className="space-y-4"
        aria-label={t("studio.profile.password.title")}
      >
        <input type="hidden" name="intent" value="password" />
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormError>{result?.formError}</FormError>
        <Field label={t("studio.profile.password.current")} error={errors.currentPassword} required>
          <Input
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX_LENGTH}
          />
        </Field>
        <Field
          label={t("auth.field.newPassword")}
          hint={t("auth.password.rule", { min: PASSWORD_MIN_LENGTH })}
          error={errors.newPassword}
          required
        >
          <Input
            name="newPassword"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
          />
        </Field>
        <Field label={t("auth.field.confirmPassword")} error={errors.confirmPassword} required>
          <Input
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
          />
        </Field>
        <Checkbox
          name="revokeOtherSessions"
          defaultChecked
          label={t("studio.profile.password.signOutOthers")}
          hint={t("studio.profile.password.signOutOthersHint")}
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
}: {
  locale: string;
  colourMode: string;
  options: { value: string; tag: string; label: string }[];
}) {
  const t = useT();
  const result = useSectionResult("preferences");
  const pending = usePending("preferences");
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const errors = result?.fieldErrors ?? {};
  return (
    <Section
      icon={<Palette aria-hidden="true" className={iconClass} />}
      title={t("studio.profile.preferences.title")}
      description={t("studio.profile.preferences.description")}
    >
      {/* key: after a save the controls show the saved values (also when another tab changed them). */}
      <Form
        key={`${locale}-${colourMode}`}
        method="post"
        action={ACTION}
        className="space-y-4"
        aria-label={t("studio.profile.preferences.title")}
      >
        <input type="hidden" name="intent" value="preferences" />
        <FormError>{result?.formError}</FormError>
        <Field label={t("locale.label")} error={errors.locale} required>
          <Select name="locale" defaultValue={locale || root?.locale}>
            {options.map((option) => (
              <option key={option.value} value={option.value} lang={option.tag}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
        <fieldset aria-describedby={errors.colourMode ? "colour-mode-error" : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-slate-900 dark:text-slate-100">
            {t("colourMode.label")}
          </legend>
          <div className="flex flex-wrap gap-2">
            {COLOUR_MODES.map((mode) => (
              <label
                key={mode}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-checked:border-primary-600 has-checked:bg-primary-50 has-focus-visible:outline-2 has-focus-visible:outline-(--color-primary) dark:border-slate-700 dark:has-checked:border-primary-400 dark:has-checked:bg-primary-950"
              >
                <input
                  type="radio"
                  name="colourMode"
                  value={mode}
                  defaultChecked={colourMode === mode}
                  className="accent-primary-700 dark:accent-primary-400"
                />
                {t(`colourMode.${mode}`)}
              </label>
            ))}
          </div>
          <FieldErrorText id="colour-mode-error" errors={errors.colourMode ? [errors.colourMode] : []} />
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

const th = "px-3 py-2 text-start font-semibold";
const td = "px-3 py-2 align-middle";

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
            fields={{ intent: "revoke-other-sessions" }}
            trigger={
              <>
                <LogOut aria-hidden="true" />
                {t("studio.profile.sessions.revokeOthers")}
              </>
            }
            triggerVariant="outline"
            triggerSize="sm"
          />
        ) : null
      }
    >
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="sessions">
          <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
            <tr>
              <th scope="col" className={th}>
                {t("studio.profile.sessions.device")}
              </th>
              <th scope="col" className={th}>
                {t("studio.profile.sessions.ip")}
              </th>
              <th scope="col" className={th}>
                {t("studio.profile.sessions.created")}
              </th>
              <th scope="col" className={th}>
                {t("studio.profile.sessions.lastActive")}
              </th>
              <th scope="col" className={th}>
                <span className="sr-only">{t("ui.table.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {sessions.map((session) => {
              const device = deviceName(t, session.userAgent);
              return (
                <tr key={session.id} data-current={session.current || undefined}>
                  <td className={td}>
                    <div className="flex flex-wrap items-center gap-2">
                      <span title={session.userAgent ?? undefined}>{device}</span>
                      {session.current ? (
                        <Badge tone="primary">{t("studio.profile.sessions.current")}</Badge>
                      ) : null}
                    </div>
                  </td>
                  <td className={`${td} font-mono text-xs`}>{session.ipAddress || "—"}</td>
                  <td className={td}>
                    <LocalTime iso={session.createdAt} />
                  </td>
                  <td className={td}>
                    <LocalTime iso={session.lastActiveAt} />
                  </td>
                  <td className={`${td} text-end`}>
                    {session.current ? null : (
                      <ConfirmDialog
                        title={t("studio.profile.sessions.confirmRevoke")}
                        description={t("studio.profile.sessions.confirmRevokeDescription", {
                          device,
                          ip: session.ipAddress || "—",
                        })}
                        confirmLabel={t("studio.profile.sessions.revoke")}
                        action={ACTION}
                        fields={{ intent: "revoke-session", sessionId: session.id }}
                        trigger={t("studio.profile.sessions.revoke")}
                        triggerLabel={t("studio.profile.sessions.revokeLabel", {
                          device,
                          ip: session.ipAddress || "—",
                        })}
                        triggerVariant="outline"
                        triggerSize="sm"
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
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
  memberships: {
    clientId: string;
    name: string;
    slug: string;
    role: "admin" | "editor" | "viewer";
    since: string;
  }[];
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
      {memberships.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("studio.profile.memberships.none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="memberships">
            <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
              <tr>
                <th scope="col" className={th}>
                  {t("studio.profile.memberships.client")}
                </th>
                <th scope="col" className={th}>
                  {t("studio.profile.memberships.role")}
                </th>
                <th scope="col" className={th}>
                  {t("studio.profile.memberships.since")}
                </th>
                <th scope="col" className={th}>
                  <span className="sr-only">{t("ui.table.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {memberships.map((membership) => (
                <tr key={membership.clientId}>
                  <td className={td}>
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
                  </td>
                  <td className={td}>
                    <Badge>{t(`studio.role.${membership.role}`)}</Badge>
                  </td>
                  <td className={td}>
                    <LocalTime iso={membership.since} />
                  </td>
                  <td className={`${td} text-end`}>
                    <ConfirmDialog
                      title={t("studio.profile.memberships.confirmLeave", { client: membership.name })}
                      description={t("studio.profile.memberships.confirmLeaveDescription")}
                      confirmLabel={t("studio.profile.memberships.leave")}
                      action={ACTION}
                      fields={{ intent: "leave-client", clientId: membership.clientId }}
                      trigger={t("studio.profile.memberships.leave")}
                      triggerLabel={t("studio.profile.memberships.leaveLabel", { client: membership.name })}
                      triggerVariant="outline"
                      triggerSize="sm"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
