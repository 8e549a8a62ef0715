import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { MovieDetailDrawer } from "../../components/studio/movie-detail-drawer.tsx";
import * as List from "../../components/studio/list-page.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { useT } from "../../lib/i18n.tsx";
import { titleFrom } from "../../lib/page-title.ts";
import type { Route } from "./+types/movie-browser.ts";
import { loadMovieBrowser } from "./movie-browser.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleFrom(matches, "studio.movieBrowser.title", "Movies") },
];
export const loader = ({ request, context }: Route.LoaderArgs) => loadMovieBrowser(request, context);

type Row = Route.ComponentProps["loaderData"]["rows"][number];

/** The current URL with the drawer's movie set (or removed), keeping the table's state and page. */
function withMovie(params: URLSearchParams, movieId: string | null): string {
  const next = new URLSearchParams(params);
  if (movieId) next.set("movie", movieId);
  else next.delete("movie");
  const search = next.toString();
  return search ? `?${search}` : "?";
}

export default function MovieBrowser({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Closing hides the drawer at once; the URL loses its `movie` as the navigation completes.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const detail = loaderData.detail && loaderData.detail.id !== dismissed ? loaderData.detail : null;

  const columns: List.DataTableColumn<Row>[] = [
    {
      key: "title",
      header: t("studio.movieBrowser.col.title"),
      sortable: true,
      cell: (row) => (
        <div>
          <Link
            to={withMovie(params, row.id)}
            preventScrollReset
            onClick={() => setDismissed(null)}
            className="font-medium underline underline-offset-2"
            aria-haspopup="dialog"
          >
            {row.title}
          </Link>
          {row.localizedTitle ? (
            <span className="block text-sm text-slate-600 dark:text-slate-400">{row.localizedTitle}</span>
          ) : null}
        </div>
      ),
    },
    {
      key: "year",
      header: t("studio.movieBrowser.col.year"),
      sortable: true,
      className: "tabular-nums",
      cell: (row) => row.year ?? "",
    },
    {
      key: "runtime",
      header: t("studio.movieBrowser.col.runtime"),
      hideable: true,
      className: "tabular-nums",
      cell: (row) =>
        row.runtimeMinutes === null ? "" : t("studio.movieBrowser.minutes", { minutes: row.runtimeMinutes }),
    },
    {
      key: "genres",
      header: t("studio.movieBrowser.col.genres"),
      hideable: true,
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          {row.genres.map((genre) => (
            <Badge key={genre}>{genre}</Badge>
          ))}
        </span>
      ),
    },
    {
      key: "showtimes",
      header: t("studio.movieBrowser.col.showtimes"),
      sortable: true,
      align: "end",
      className: "tabular-nums",
      cell: (row) => row.showtimeCount,
    },
  ];

  return (
    <List.ListPage title={t("studio.movieBrowser.title")} description={t("studio.movieBrowser.description")}>
      <List.ListTable
        data={loaderData}
        columns={columns}
        caption={t("studio.movieBrowser.caption")}
        searchPlaceholder={t("studio.movieBrowser.searchPlaceholder")}
        filters={[
          {
            name: "playing",
            label: t("studio.movieBrowser.filter.playing"),
            allLabel: t("studio.movieBrowser.filter.playingAll"),
            options: [{ value: "1", label: t("studio.movieBrowser.filter.playingMine") }],
          },
          {
            name: "country",
            label: t("studio.movieBrowser.filter.country"),
            options: loaderData.countries.map((c) => ({ value: c.code, label: c.name })),
          },
          {
            name: "genre",
            label: t("studio.movieBrowser.filter.genre"),
            options: loaderData.genres.map((genre) => ({ value: genre, label: genre })),
          },
          {
            name: "year",
            label: t("studio.movieBrowser.filter.year"),
            options: loaderData.years.map((year) => ({ value: String(year), label: String(year) })),
          },
        ]}
        emptyTitle={t("studio.movieBrowser.empty")}
        emptyHint={t("studio.movieBrowser.emptyHint")}
      />
      <MovieDetailDrawer
        movie={detail}
        onClose={() => {
          if (loaderData.detail) setDismissed(loaderData.detail.id);
          void navigate(withMovie(params, null), { preventScrollReset: true, replace: true });
        }}
      />
    </List.ListPage>
  );
}
