import { data, useActionData } from "react-router";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { useToastFromData } from "../../../components/ui/toast.ts";
import { servicesContext } from "../../../lib/context.ts";
import { useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import { studioSessionContext } from "../../../lib/studio-session.server.ts";
import type { Route } from "./+types/profile.ts";
import { EmailSection, NameSection, PasswordSection } from "./profile-account-forms.tsx";
import { MembershipsSection } from "./profile-memberships.tsx";
import { PreferencesSection } from "./profile-preferences.tsx";
import { handleProfileAction, loadProfilePage } from "./profile.server.ts";
import { SessionsSection } from "./profile-sessions.tsx";

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
