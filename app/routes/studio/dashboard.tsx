import { useIntl } from "react-intl";
import { Link } from "react-router";
import { CreditsPanel } from "../../components/studio/credits-panel.tsx";
import { UsageChart } from "../../components/studio/usage-chart.tsx";
import { listApiKeys } from "../../../core/api-keys/list-api-keys.ts";
import { listDomains } from "../../../core/domains/list-domains.ts";
import { getUsageChart } from "../../../core/usage/get-usage-chart.ts";
import { getPlatformFigures } from "../../../core/platform/get-platform-figures.ts";
import { listMembers } from "../../../core/tenancy/list-members.ts";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../components/ui/table.tsx";
import { servicesContext } from "../../lib/context.ts";
import { useDisplayNames } from "../../lib/use-display-names.ts";
import { useT } from "../../lib/i18n.tsx";
import { studioSessionContext } from "../../lib/studio-session.server.ts";
import { useUserContext } from "../../lib/user-context.tsx";
import type { Route } from "./+types/dashboard.ts";
import { dashboardAction, loadClientCredits } from "./dashboard-credits.server.ts";
import { titleFrom } from "../../lib/page-title.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.nav.dashboardTitle", "Studio") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const session = context.get(studioSessionContext);
  if (!session) throw new Response(null, { status: 401 });
  const { actor, effectiveClient } = session;
  if (effectiveClient) {
    const clientId = effectiveClient.id;
    const [members, credits, usage, activeKeys, domains] = await Promise.all([
      listMembers(services, actor, clientId),
      loadClientCredits(services, session, clientId),
      getUsageChart(services, actor),
      listApiKeys(services, actor, { clientId, status: "active", page: 1, pageSize: 1 }),
      listDomains(services, actor, { clientId, page: 1, pageSize: 1 }),
    ]);
    return {
      kind: "client" as const,
      membersCount: members.length,
      credits,
      usage,
      activeKeysCount: activeKeys.total,
      domainsCount: domains.total,
    };
  }
  if (actor.isSuperAdmin) {
    return {
      kind: "platform" as const,
      figures: await getPlatformFigures(services, actor, services.now()),
    };
  }
  return { kind: "no-client" as const };
}

export async function action({ request, context }: Route.ActionArgs) {
  return dashboardAction(request, context);
}

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <p className="text-sm text-slate-600 dark:text-slate-400">{label}</p>
      <p className="mt-1 text-3xl font-semibold tabular-nums">{value}</p>
    </div>
  );
}

function QuickLink({ to, document, children }: { to: string; document?: boolean; children: string }) {
  const className = "font-medium text-primary-800 underline dark:text-primary-300";
  return (
    <li>
      {/* The API reference is served outside the React app: a full page load. */}
      <Link to={to} className={className} reloadDocument={document}>
        {children}
      </Link>
    </li>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const names = useDisplayNames();
  const user = useUserContext();
  const intl = useIntl();
  const number = (n: number) => intl.formatNumber(n);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">
        {t("studio.dashboard.title", { name: user.user.name })}
      </h1>
      {loaderData.kind === "client" && user.effectiveClient ? (
        <section aria-labelledby="client-heading" className="space-y-4">
          {/* The client's name once, at heading size: a long one is cut, its whole text in the tooltip. */}
          <h2
            id="client-heading"
            className="truncate text-lg font-semibold"
            title={user.effectiveClient.name}
          >
            {user.effectiveClient.name}
          </h2>
          <div className="grid gap-4 sm:grid-cols-3">
            <Figure
              label={t("studio.dashboard.role")}
              value={user.role ? t(`studio.role.${user.role}`) : "—"}
            />
            <Figure label={t("studio.dashboard.members")} value={number(loaderData.membersCount)} />
            <Figure label={t("studio.dashboard.activeKeys")} value={number(loaderData.activeKeysCount)} />
          </div>
          <CreditsPanel credits={loaderData.credits} />
          <UsageChart chart={loaderData.usage} headingAs="h3" />
          <nav aria-labelledby="quick-links-heading" className="space-y-2">
            <h3 id="quick-links-heading" className="text-base font-semibold">
              {t("studio.dashboard.quickLinks")}
            </h3>
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              <QuickLink to="/studio/api-keys">
                {t("studio.dashboard.quickLinks.keys", { count: loaderData.activeKeysCount })}
              </QuickLink>
              <QuickLink to="/studio/domains">
                {t("studio.dashboard.quickLinks.domains", { count: loaderData.domainsCount })}
              </QuickLink>
              <QuickLink to="/studio/api-lookup">{t("studio.dashboard.quickLinks.console")}</QuickLink>
              <QuickLink to="/studio/stats">{t("studio.dashboard.quickLinks.stats")}</QuickLink>
              <QuickLink to="/api/docs" document>
                {t("studio.dashboard.quickLinks.reference")}
              </QuickLink>
            </ul>
          </nav>
          {user.effectiveClient.slug ? (
            <Link
              to={`/studio/${user.effectiveClient.slug}`}
              className="inline-block font-medium text-primary-800 underline dark:text-primary-300"
            >
              {t("studio.dashboard.openClient")}
            </Link>
          ) : null}
        </section>
      ) : null}
      {loaderData.kind === "platform" ? (
        <section aria-labelledby="platform-heading" className="space-y-4">
          <h2 id="platform-heading" className="text-lg font-semibold">
            {t("studio.dashboard.platform")}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            <Figure label={t("studio.dashboard.clients")} value={number(loaderData.figures.clients)} />
            <Figure label={t("studio.dashboard.users")} value={number(loaderData.figures.users)} />
            <Figure label={t("studio.dashboard.cinemas")} value={number(loaderData.figures.cinemas)} />
            <Figure label={t("studio.dashboard.movies")} value={number(loaderData.figures.movies)} />
            <Figure
              label={t("studio.dashboard.showtimes")}
              value={number(loaderData.figures.showtimesNext7Days)}
            />
          </div>
          <Table caption={t("studio.dashboard.byCountry")} className="max-w-xl">
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t("studio.dashboard.country")}</TableHeaderCell>
                <TableHeaderCell align="end">{t("studio.dashboard.cinemas")}</TableHeaderCell>
                <TableHeaderCell align="end">{t("studio.dashboard.showtimes")}</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {loaderData.figures.byCountry.map((row) => (
                <TableRow key={row.countryCode}>
                  <TableCell>{names.country(row.countryCode)}</TableCell>
                  <TableCell align="end" numeric>
                    {number(row.cinemas)}
                  </TableCell>
                  <TableCell align="end" numeric>
                    {number(row.showtimesNext7Days)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      ) : null}
      {loaderData.kind === "no-client" ? (
        <p
          role="status"
          className="rounded-xl border border-dashed border-slate-300 p-6 dark:border-slate-700"
        >
          {t("studio.dashboard.noClient")}
        </p>
      ) : null}
    </div>
  );
}
