import { ArrowRight, Combine, Eye, EyeOff, Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { LocalTime } from "../../../components/shell/local-time.tsx";
import {
  EMPTY_MOVIE,
  MergeMovieForm,
  MovieAliases,
  MovieForm,
  type MovieFormValues,
} from "../../../components/studio/movie-forms.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { DataTable, type DataTableColumn } from "../../../components/ui/data-table.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { DropdownMenuItem, DropdownMenuLinkItem, RowActions } from "../../../components/ui/dropdown-menu.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { MOVIE_GENRES, MOVIE_STATUSES } from "../../../../core/catalog/movies/movie-schemas.ts";
import { useDisplayNames } from "../../../lib/use-display-names.ts";
import { useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/movies.ts";
import { wantsCsv } from "../../../lib/csv.server.ts";
import { exportHref } from "../config/list-helpers.ts";
import { MOVIE_OPTIONS_PATH, MOVIES_PATH } from "./catalog-paths.ts";
import { loadMovies, moviesAction, moviesCsv } from "./movies.server.ts";

const MOVIE_PARAM = "movie";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => (wantsCsv(request) ? moviesCsv(request, context) : next()),
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.dataMovies.title", "Movies") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadMovies(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return moviesAction(request, context);
}

type Data = Route.ComponentProps["loaderData"];
type Row = Data["rows"][number];
type Detail = NonNullable<Data["movie"]>;

const label = (movie: { title: string; year: number | null }) =>
  movie.year ? `${movie.title} (${movie.year})` : movie.title;

/** The edit form's values from the stored movie: one row per language and per country it has. */
function formValues(movie: Detail): MovieFormValues {
  const locales = [...new Set([...Object.keys(movie.titles), ...Object.keys(movie.synopsis)])].sort();
  const countries = [
    ...new Set([...Object.keys(movie.releaseDates), ...Object.keys(movie.certification)]),
  ].sort();
  return {
    movieId: movie.id,
    title: movie.title,
    originalTitle: movie.originalTitle ?? "",
    slug: movie.slug,
    year: movie.year === null ? "" : String(movie.year),
    runtimeMinutes: movie.runtimeMinutes === null ? "" : String(movie.runtimeMinutes),
    genres: movie.genres,
    originalLanguage: movie.originalLanguage ?? "",
    locales: locales.map((locale) => ({
      locale,
      title: movie.titles[locale] ?? "",
      synopsis: movie.synopsis[locale] ?? "",
    })),
    countries: countries.map((country) => ({
      country,
      releaseDate: movie.releaseDates[country] ?? "",
      certification: movie.certification[country] ?? "",
    })),
    trailerUrl: movie.trailerUrl ?? "",
    imdbId: movie.imdbId ?? "",
    tmdbId: movie.tmdbId === null ? "" : String(movie.tmdbId),
    wikidataId: movie.wikidataId ?? "",
    posterAssetId: movie.posterAssetId ?? "",
    backdropAssetId: movie.backdropAssetId ?? "",
  };
}

export default function Movies({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const names = useDisplayNames();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [creating, setCreating] = useState<number | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [merging, setMerging] = useState<{ row: Row; attempt: number } | null>(null);
  const [changing, setChanging] = useState<Row | null>(null);
  const editing = loaderData.movie;

  const editHref = (id: string) => {
    const next = new URLSearchParams(params);
    next.set(MOVIE_PARAM, id);
    return `?${next.toString()}`;
  };
  const closeEditor = () => {
    const next = new URLSearchParams(params);
    next.delete(MOVIE_PARAM);
    void navigate(`?${next.toString()}`, { preventScrollReset: true, replace: true });
  };
  const nextAttempt = () => {
    setAttempts((n) => n + 1);
    return attempts + 1;
  };

  const countryOptions = loaderData.countries.map((c) => ({
    value: c.code,
    label: `${names.country(c.code, c.name)} (${c.code})`,
  }));
  const localeOptions = loaderData.locales.map((l) => ({
    value: l.value,
    label: `${names.language(l.value, l.label)} (${l.value})`,
  }));
  const posterOptions = loaderData.posters.map((a) => ({ value: a.id, label: a.fileName }));
  const backdropOptions = loaderData.backdrops.map((a) => ({ value: a.id, label: a.fileName }));
  const statusOptions = MOVIE_STATUSES.map((value) => ({
    value,
    label: t(`studio.dataMovies.status.${value}`),
  }));
  const yearOptions = loaderData.years.map((year) => ({ value: String(year), label: String(year) }));
  const genreOptions = MOVIE_GENRES.map((value) => ({ value, label: t(`studio.dataMovies.genre.${value}`) }));

  const newMovie = (
    <Button onClick={() => setCreating(nextAttempt())}>
      <Plus aria-hidden="true" />
      {t("studio.dataMovies.new")}
    </Button>
  );

  const columns: DataTableColumn<Row>[] = [
    {
      key: "title",
      header: t("studio.dataMovies.col.title"),
      sortable: true,
      cell: (row) => (
        <span className="flex items-center gap-3">
          {row.posterUrl ? (
            <img src={row.posterUrl} alt="" className="h-12 w-8 shrink-0 rounded object-cover" />
          ) : null}
          <span className="grid">
            <span className="font-medium">{row.title}</span>
            {row.originalTitle && row.originalTitle !== row.title ? (
              <span className="text-sm text-slate-600 dark:text-slate-400">{row.originalTitle}</span>
            ) : null}
          </span>
        </span>
      ),
    },
    {
      key: "titleNl",
      header: t("studio.dataMovies.col.titleNl"),
      hideable: true,
      cell: (row) => (row.titleNl && row.titleNl !== row.title ? <span lang="nl">{row.titleNl}</span> : null),
    },
    {
      key: "year",
      header: t("studio.dataMovies.col.year"),
      sortable: true,
      className: "tabular-nums",
      cell: (row) => row.year ?? "",
    },
    {
      key: "status",
      header: t("studio.dataMovies.col.status"),
      cell: (row) => (
        <Badge tone={row.status === "active" ? "primary" : row.status === "hidden" ? "warning" : "neutral"}>
          {t(`studio.dataMovies.status.${row.status}`)}
        </Badge>
      ),
    },
    {
      key: "ids",
      header: t("studio.dataMovies.col.externalIds"),
      hideable: true,
      cell: (row) => (
        <span className="grid font-mono text-xs">
          {row.imdbId ? <span>{row.imdbId}</span> : null}
          {row.tmdbId ? <span>TMDB {row.tmdbId}</span> : null}
          {row.wikidataId ? <span>{row.wikidataId}</span> : null}
        </span>
      ),
    },
    {
      key: "showtimes",
      header: t("studio.dataMovies.col.showtimes"),
      align: "end",
      className: "tabular-nums",
      cell: (row) => row.showtimes,
    },
    {
      key: "updated",
      header: t("studio.dataMovies.col.updated"),
      sortable: true,
      hideable: true,
      cell: (row) => <LocalTime iso={new Date(row.updatedAt).toISOString()} />,
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("studio.dataMovies.col.actions")}</span>,
      align: "end",
      cell: (row) =>
        row.status === "merged" ? (
          <RowActions label={row.title}>
            {/* The merged movie's edit link opens the movie it was merged into. */}
            <DropdownMenuLinkItem to={editHref(row.id)} preventScrollReset>
              <ArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
              {t("studio.dataMovies.action.openSurvivor")}
            </DropdownMenuLinkItem>
          </RowActions>
        ) : (
          <RowActions label={row.title}>
            <DropdownMenuItem onSelect={() => void navigate(editHref(row.id), { preventScrollReset: true })}>
              <Pencil aria-hidden="true" />
              {t("studio.dataMovies.action.edit")}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setMerging({ row, attempt: nextAttempt() })}>
              <Combine aria-hidden="true" />
              {t("studio.dataMovies.action.merge")}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setChanging(row)}>
              {row.status === "active" ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
              {t(row.status === "active" ? "studio.dataMovies.action.hide" : "studio.dataMovies.action.show")}
            </DropdownMenuItem>
          </RowActions>
        ),
    },
  ];

  const hiding = changing?.status === "active";
  const formProps = {
    action: MOVIES_PATH,
    locales: localeOptions,
    countries: countryOptions,
    posters: posterOptions,
    backdrops: backdropOptions,
  };

  return (
    <div>
      <PageHeader
        title={t("studio.dataMovies.title")}
        description={t("studio.dataMovies.description")}
        actions={newMovie}
      />
      <DataTable
        columns={columns}
        rows={loaderData.rows}
        rowKey={(row) => row.id}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        sort={loaderData.sort}
        caption={t("studio.dataMovies.caption")}
        searchPlaceholder={t("studio.dataMovies.searchPlaceholder")}
        filters={[
          { name: "status", label: t("studio.dataMovies.filter.status"), options: statusOptions },
          { name: "year", label: t("studio.dataMovies.filter.year"), options: yearOptions },
          { name: "genre", label: t("studio.dataMovies.filter.genre"), options: genreOptions },
        ]}
        emptyTitle={t("studio.dataMovies.empty")}
        emptyHint={t("studio.dataMovies.emptyHint")}
        emptyAction={newMovie}
        exportHref={exportHref(params)}
      />

      <Dialog open={creating !== null} onOpenChange={(isOpen) => (isOpen ? null : setCreating(null))}>
        <DialogContent className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{t("studio.dataMovies.form.createTitle")}</DialogTitle>
            <DialogDescription>{t("studio.dataMovies.form.description")}</DialogDescription>
          </DialogHeader>
          {creating !== null ? (
            <MovieForm
              {...formProps}
              fetcherKey={`movie-new-${creating}`}
              defaults={EMPTY_MOVIE}
              poster={null}
              backdrop={null}
              onSaved={() => setCreating(null)}
              secondary={
                <DialogClose asChild>
                  <Button variant="outline">{t("studio.dataMovies.form.cancel")}</Button>
                </DialogClose>
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <Dialog open={editing !== null} onOpenChange={(isOpen) => (isOpen ? null : closeEditor())}>
        <DialogContent className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>
              {t("studio.dataMovies.form.editTitle", { title: editing ? label(editing) : "" })}
            </DialogTitle>
            <DialogDescription>{t("studio.dataMovies.form.description")}</DialogDescription>
          </DialogHeader>
          {editing ? (
            <>
              <MovieForm
                {...formProps}
                key={editing.id}
                fetcherKey={`movie-${editing.id}`}
                defaults={formValues(editing)}
                poster={editing.poster}
                backdrop={editing.backdrop}
                onSaved={closeEditor}
                secondary={
                  <DialogClose asChild>
                    <Button variant="outline">{t("studio.dataMovies.form.cancel")}</Button>
                  </DialogClose>
                }
              />
              <MovieAliases
                action={MOVIES_PATH}
                fetcherKey={`movie-${editing.id}`}
                movieId={editing.id}
                aliases={editing.aliases}
              />
            </>
          ) : null}
        </DialogContent>
      </Dialog>

      <Dialog open={merging !== null} onOpenChange={(isOpen) => (isOpen ? null : setMerging(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {t("studio.dataMovies.merge.title", { title: merging ? label(merging.row) : "" })}
            </DialogTitle>
            <DialogDescription>{t("studio.dataMovies.merge.description")}</DialogDescription>
          </DialogHeader>
          {merging ? (
            <MergeMovieForm
              action={MOVIES_PATH}
              fetcherKey={`merge-${merging.attempt}`}
              merged={{ id: merging.row.id, label: label(merging.row) }}
              source={MOVIE_OPTIONS_PATH}
              onSaved={() => setMerging(null)}
              secondary={
                <DialogClose asChild>
                  <Button variant="outline">{t("studio.dataMovies.form.cancel")}</Button>
                </DialogClose>
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={changing !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setChanging(null);
        }}
        title={t(hiding ? "studio.dataMovies.hide.title" : "studio.dataMovies.show.title", {
          title: changing ? label(changing) : "",
        })}
        description={t(hiding ? "studio.dataMovies.hide.description" : "studio.dataMovies.show.description")}
        confirmLabel={t(hiding ? "studio.dataMovies.action.hide" : "studio.dataMovies.action.show")}
        tone={hiding ? "danger" : "primary"}
        action={MOVIES_PATH}
        fields={{
          intent: "status",
          movieId: changing?.id ?? "",
          status: hiding ? "hidden" : "active",
          title: changing?.title ?? "",
        }}
      />
    </div>
  );
}
