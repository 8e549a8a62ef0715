import { ArrowRight, Combine, Eye, EyeOff, Pencil } from "lucide-react";
import { useNavigate, useSearchParams } from "react-router";
import { LocalTime } from "../../../components/shell/local-time.tsx";
import * as List from "../../../components/studio/list-page.tsx";
import { MovieAliases } from "../../../components/studio/movie-aliases.tsx";
import {
  EMPTY_MOVIE,
  MergeMovieForm,
  MovieForm,
  type MovieFormValues,
} from "../../../components/studio/movie-forms.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { DropdownMenuLinkItem } from "../../../components/ui/dropdown-menu.tsx";
import { MOVIE_GENRES, MOVIE_STATUSES } from "../../../../core/catalog/movies/movie-schemas.ts";
import { useDisplayNames } from "../../../lib/use-display-names.ts";
import { useT } from "../../../lib/i18n.tsx";
import { csvMiddleware } from "../../../lib/list-route.server.ts";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/movies.ts";
import { MOVIE_OPTIONS_PATH, MOVIES_PATH } from "./catalog-paths.ts";
import { useCountryOptions } from "./country-choices.ts";
import { loadMovies, moviesAction, moviesCsv } from "./movies.server.ts";

const MOVIE_PARAM = "movie";

export const middleware: Route.MiddlewareFunction[] = csvMiddleware(moviesCsv);
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleFrom(matches, "studio.dataMovies.title", "Movies") },
];
export const loader = ({ request, context }: Route.LoaderArgs) => loadMovies(request, context);
export const action = ({ request, context }: Route.ActionArgs) => moviesAction(request, context);

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

/** The edit dialog is part of the URL (`?movie=<id>`): its link, and leaving it. */
function useMovieParam() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const withMovie = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set(MOVIE_PARAM, id);
    else next.delete(MOVIE_PARAM);
    return `?${next.toString()}`;
  };
  return {
    editHref: (id: string) => withMovie(id),
    edit: (id: string) => void navigate(withMovie(id), { preventScrollReset: true }),
    close: () => void navigate(withMovie(null), { preventScrollReset: true, replace: true }),
  };
}

/** The table's filters: status, year (the years movies have), genre. */
function useMovieFilters(years: readonly number[]) {
  const t = useT();
  return [
    {
      name: "status",
      label: t("studio.dataMovies.filter.status"),
      options: MOVIE_STATUSES.map((value) => ({ value, label: t(`studio.dataMovies.status.${value}`) })),
    },
    {
      name: "year",
      label: t("studio.dataMovies.filter.year"),
      options: years.map((year) => ({ value: String(year), label: String(year) })),
    },
    {
      name: "genre",
      label: t("studio.dataMovies.filter.genre"),
      options: MOVIE_GENRES.map((value) => ({ value, label: t(`studio.dataMovies.genre.${value}`) })),
    },
  ];
}

function useMovieColumns(): List.DataTableColumn<Row>[] {
  const t = useT();
  return [
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
  ];
}

/** A movie's "…" menu: edit, merge, hide or show; a merged movie's opens the movie it went into. */
function MovieRowActions({
  row,
  onMerge,
  onStatus,
}: {
  row: Row;
  onMerge: (row: Row) => void;
  onStatus: (row: Row) => void;
}) {
  const t = useT();
  const movieParam = useMovieParam();
  if (row.status === "merged")
    return (
      <List.RowActions label={row.title}>
        {/* The merged movie's edit link opens the movie it was merged into. */}
        <DropdownMenuLinkItem to={movieParam.editHref(row.id)} preventScrollReset>
          <ArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
          {t("studio.dataMovies.action.openSurvivor")}
        </DropdownMenuLinkItem>
      </List.RowActions>
    );
  const active = row.status === "active";
  return (
    <List.RowActions label={row.title}>
      <List.RowAction icon={Pencil} onSelect={() => movieParam.edit(row.id)}>
        {t("studio.dataMovies.action.edit")}
      </List.RowAction>
      <List.RowAction icon={Combine} onSelect={() => onMerge(row)}>
        {t("studio.dataMovies.action.merge")}
      </List.RowAction>
      <List.RowAction icon={active ? EyeOff : Eye} onSelect={() => onStatus(row)}>
        {t(active ? "studio.dataMovies.action.hide" : "studio.dataMovies.action.show")}
      </List.RowAction>
    </List.RowActions>
  );
}

export default function Movies({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const next = List.useAttempts();
  const creator = List.useEditDialog(next);
  const merger = List.useEditDialog<Row>(next);
  const changing = List.useRowDialog<Row>();
  const filters = useMovieFilters(loaderData.years);

  const newMovie = (
    <List.NewButton onClick={() => creator.open()}>{t("studio.dataMovies.new")}</List.NewButton>
  );
  const columns = useMovieColumns();
  const rowActions = (row: Row) => (
    <MovieRowActions row={row} onMerge={merger.open} onStatus={changing.open} />
  );

  return (
    <List.ListPage messages="studio.dataMovies" actions={newMovie}>
      <List.ListTable
        data={loaderData}
        columns={columns}
        rowActions={rowActions}
        filters={filters}
        emptyAction={newMovie}
        csv
      />
      <MovieDialogs data={loaderData} creator={creator} merger={merger} />
      <StatusDialog dialog={changing} />
    </List.ListPage>
  );
}

/** The movie dialogs: create, edit (the movie the URL names, with its aliases), merge into another. */
function MovieDialogs({
  data,
  creator,
  merger,
}: {
  data: Data;
  creator: List.EditDialogState<void>;
  merger: List.EditDialogState<Row>;
}) {
  const t = useT();
  const names = useDisplayNames();
  const movieParam = useMovieParam();
  const editing = data.movie;
  const formProps = {
    action: MOVIES_PATH,
    locales: data.locales.map((l) => ({
      value: l.value,
      label: `${names.language(l.value, l.label)} (${l.value})`,
    })),
    countries: useCountryOptions(data.countries),
    posters: data.posters.map((a) => ({ value: a.id, label: a.fileName })),
    backdrops: data.backdrops.map((a) => ({ value: a.id, label: a.fileName })),
  };
  const cancel = <List.CancelButton>{t("studio.dataMovies.form.cancel")}</List.CancelButton>;
  const merged = merger.editing?.values;
  return (
    <>
      <List.EditDialog
        dialog={creator}
        className="sm:max-w-3xl"
        title={t("studio.dataMovies.form.createTitle")}
        description={t("studio.dataMovies.form.description")}
      >
        {({ attempt }) => (
          <MovieForm
            {...formProps}
            fetcherKey={`movie-new-${attempt}`}
            defaults={EMPTY_MOVIE}
            poster={null}
            backdrop={null}
            onSaved={creator.close}
            secondary={cancel}
          />
        )}
      </List.EditDialog>

      <List.FormDialog
        open={editing !== null}
        onClose={movieParam.close}
        className="sm:max-w-3xl"
        title={t("studio.dataMovies.form.editTitle", { title: editing ? label(editing) : "" })}
        description={t("studio.dataMovies.form.description")}
      >
        {editing ? (
          <>
            <MovieForm
              {...formProps}
              key={editing.id}
              fetcherKey={`movie-${editing.id}`}
              defaults={formValues(editing)}
              poster={editing.poster}
              backdrop={editing.backdrop}
              onSaved={movieParam.close}
              secondary={cancel}
            />
            <MovieAliases
              action={MOVIES_PATH}
              fetcherKey={`movie-${editing.id}`}
              movieId={editing.id}
              aliases={editing.aliases}
            />
          </>
        ) : null}
      </List.FormDialog>

      <List.EditDialog
        dialog={merger}
        title={t("studio.dataMovies.merge.title", { title: merged ? label(merged) : "" })}
        description={t("studio.dataMovies.merge.description")}
      >
        {({ values: row, attempt }) => (
          <MergeMovieForm
            action={MOVIES_PATH}
            fetcherKey={`merge-${attempt}`}
            merged={{ id: row.id, label: label(row) }}
            source={MOVIE_OPTIONS_PATH}
            onSaved={merger.close}
            secondary={cancel}
          />
        )}
      </List.EditDialog>
    </>
  );
}

/** Hiding an active movie from the API, or showing a hidden one again. */
function StatusDialog({ dialog }: { dialog: List.RowDialogState<Row> }) {
  const t = useT();
  const changing = dialog.row;
  const hiding = changing?.status === "active";
  return (
    <List.ConfirmDialog
      {...dialog.dialog}
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
  );
}
