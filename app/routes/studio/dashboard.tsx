import { useIntl } from "react-intl";
import { Link } from "react-router";
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
import { useT } from "../../lib/i18n.tsx";
import { studioSessionContext } from "../../lib/studio-session.server.ts";
import { useUserContext } from "../../lib/user-context.tsx";
import type { Route } from "./+types/dashboard.ts";
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
    const members = await listMembers(services, actor, effectiveClient.id);
    return { kind: "client" as const, membersCount: members.length };
  }
  if (actor.isSuperAdmin) {
    return {
      kind: "platform" as const,
      figures: await getPlatformFigures(services, actor, services.now()),
    };
  }
  return { kind: "no-client" as const };
}

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <p className="text-sm text-slate-600 dark:text-slate-400">{label}</p>
      <p className="mt-1 text-3xl font-semibold tabular-nums">{value}</p>
    </div>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
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
          <h2 id="client-heading" className="text-lg font-semibold">
            {user.effectiveClient.name}
          </h2>
          <div className="grid gap-4 sm:grid-cols-3">
            <Figure label={t("studio.dashboard.client")} value={user.effectiveClient.name} />
            <Figure
              label={t("studio.dashboard.role")}
              value={user.role ? t(`studio.role.${user.role}`) : "—"}
            />
            <Figure label={t("studio.dashboard.members")} value={number(loaderData.membersCount)} />
          </div>
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
                  <TableCell>{row.countryCode}</TableCell>
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
