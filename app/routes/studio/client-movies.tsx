import { Badge } from "../../components/ui/badge.tsx";
import { ClientMovieControls } from "../../components/studio/client-movie-controls.tsx";
import { DataTable, type DataTableColumn } from "../../components/ui/data-table.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useIntl } from "react-intl";
import { useDisplayNames } from "../../lib/use-display-names.ts";
import { useT } from "../../lib/i18n.tsx";
import { titleFrom } from "../../lib/page-title.ts";
import type { Route } from "./+types/client-movies.ts";
import { clientMoviesAction, loadClientMovies } from "./client-movies.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.clientMovies.title", "Movies") }];
}

/** What plays in the client's countries, with its widget settings (client-access guard). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadClientMovies(request, context, params.slug);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return clientMoviesAction(request, context, params.slug);
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function ClientMovies({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const intl = useIntl();
  const names = useDisplayNames();
  const { client, canCurate, featuredCount } = loaderData;
  const action = `/studio/${client.slug}/movies`;

  const columns: DataTableColumn<Row>[] = [
    {
      key: "position",
      header: t("studio.clientMovies.col.position"),
      className: "tabular-nums",
      cell: (row) => (row.featured && row.position !== null ? row.position : ""),
    },
    {
      key: "title",
      header: t("studio.clientMovies.col.title"),
      cell: (row) => (
        <div>
          <span className="font-medium">{row.title}</span>
          {row.year ? <span className="text-slate-600 dark:text-slate-400"> ({row.year})</span> : null}
          {row.localizedTitle ? (
            <span className="block text-sm text-slate-600 dark:text-slate-400">{row.localizedTitle}</span>
          ) : null}
        </div>
      ),
    },
    {
      key: "showtimes",
      header: t("studio.clientMovies.col.showtimes"),
      align: "end",
      className: "tabular-nums",
      cell: (row) => row.showtimeCount,
    },
    {
      key: "settings",
      header: t("studio.clientMovies.col.settings"),
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          {row.featured ? <Badge tone="primary">{t("studio.clientMovies.badge.featured")}</Badge> : null}
          {row.hidden ? <Badge tone="warning">{t("studio.clientMovies.badge.hidden")}</Badge> : null}
          {!row.featured && !row.hidden ? (
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {t("studio.clientMovies.badge.default")}
            </span>
          ) : null}
        </span>
      ),
    },
    ...(canCurate
      ? [
          {
            key: "actions",
            header: <span className="sr-only">{t("studio.clientMovies.col.actions")}</span>,
            align: "end" as const,
            cell: (row: Row) => (
              <ClientMovieControls action={action} movie={row} featuredCount={featuredCount} />
            ),
          },
        ]
      : []),
  ];

  return (
    <div>
      <PageHeader
        title={t("studio.clientMovies.heading", { client: client.name })}
        description={
          loaderData.countries.length === 0
            ? t("studio.clientMovies.noCountries")
            : t(canCurate ? "studio.clientMovies.description" : "studio.clientMovies.descriptionReadOnly", {
                countries: intl.formatList(loaderData.countries.map((code) => names.country(code))),
              })
        }
      />
      <DataTable
        columns={columns}
        rows={loaderData.rows}
        rowKey={(row) => row.id}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        caption={t("studio.clientMovies.caption", { client: client.name })}
        searchPlaceholder={t("studio.clientMovies.searchPlaceholder")}
        filters={[
          {
            name: "view",
            label: t("studio.clientMovies.filter.view"),
            allLabel: t("studio.clientMovies.filter.all"),
            options: [
              { value: "featured", label: t("studio.clientMovies.filter.featured") },
              { value: "hidden", label: t("studio.clientMovies.filter.hidden") },
            ],
          },
        ]}
        emptyTitle={t("studio.clientMovies.empty")}
        emptyHint={t("studio.clientMovies.emptyHint")}
      />
    </div>
  );
}
