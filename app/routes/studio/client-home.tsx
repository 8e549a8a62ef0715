import { data, Link, redirect } from "react-router";
import { can } from "../../../core/access/permissions.ts";
import { getClientBySlug } from "../../../core/tenancy/get-client-by-slug.ts";
import { listInvitations } from "../../../core/tenancy/list-invitations.ts";
import { listMembers } from "../../../core/tenancy/list-members.ts";
import { MembersPanel } from "../../components/studio/members-panel.tsx";
import { servicesContext } from "../../lib/context.ts";
import { readForm, readIntent, unknownIntent } from "../../lib/form-action.server.ts";
import { useT } from "../../lib/i18n.tsx";
import { studioSessionContext } from "../../lib/studio-session.server.ts";
import { useUserContext } from "../../lib/user-context.tsx";
import type { Route } from "./+types/client-home.ts";
import { handleMembersAction, MEMBER_INTENTS, memberViews } from "./members.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.client.name ?? "Client"} · Reeltime` }];
}

/** The client's home by slug (client-access guard: members of this client and super admins). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const session = context.get(studioSessionContext);
  if (!session?.effectiveClient) throw data(null, { status: 404 });
  // While impersonating, the studio acts as that client only.
  if (session.effectiveClient.slug !== params.slug) throw redirect(`/studio/${session.effectiveClient.slug}`);
  const { actor } = session;
  const client = await getClientBySlug(services, actor, params.slug);
  const canManage = can(actor, "members.write", client.id);
  const [members, invitations] = await Promise.all([
    listMembers(services, actor, client.id),
    canManage ? listInvitations(services, actor, { clientId: client.id }) : Promise.resolve([]),
  ]);
  return {
    client: { id: client.id, name: client.name, slug: client.slug, status: client.status },
    canManage,
    ...memberViews(members, invitations),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const session = context.get(studioSessionContext);
  if (!session?.effectiveClient || session.effectiveClient.slug !== params.slug)
    throw data(null, { status: 404 });
  const form = await readForm(request);
  const intent = readIntent(form, MEMBER_INTENTS);
  if (!intent) return unknownIntent();
  return handleMembersAction(services, session, request, intent, form, session.effectiveClient.id);
}

export default function ClientHome({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const user = useUserContext();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{loaderData.client.name}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t("studio.client.summary", {
            role: user.role ? t(`studio.role.${user.role}`) : "—",
            status: t(`studio.client.status.${loaderData.client.status}`),
          })}
        </p>
      </div>
      <Link
        to={`/studio/${loaderData.client.slug}/movies`}
        className="block rounded-xl border border-slate-200 p-4 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900"
      >
        <span className="font-semibold underline underline-offset-2">
          {t("studio.clientMovies.homeLink")}
        </span>
        <span className="block text-sm text-slate-600 dark:text-slate-400">
          {t("studio.clientMovies.homeLinkHint")}
        </span>
      </Link>
      <MembersPanel
        members={loaderData.members}
        invitations={loaderData.invitations}
        canManage={loaderData.canManage}
        currentProfileId={user.userProfile.id}
      />
    </div>
  );
}
