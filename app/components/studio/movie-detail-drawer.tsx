// The catalogue browser's drawer: one movie's poster, titles per locale, facts, synopsis, external ids
// and its showtimes in the next 7 days per country the user may see.
import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import type { MovieDetail } from "../../../core/catalog/movies/movie-detail.ts";
import { useDisplayNames } from "../../lib/use-display-names.ts";
import { useT } from "../../lib/i18n.tsx";
import { Badge } from "../ui/badge.tsx";
import { Drawer, DrawerContent } from "../ui/drawer.tsx";
import { Tooltip } from "../ui/tooltip.tsx";

/** Where each external id is looked up. */
function externalLinks(ids: MovieDetail["externalIds"]) {
  return [
    ids.imdbId ? { label: "IMDb", id: ids.imdbId, href: `https://www.imdb.com/title/${ids.imdbId}/` } : null,
    ids.tmdbId !== null
      ? { label: "TMDB", id: String(ids.tmdbId), href: `https://www.themoviedb.org/movie/${ids.tmdbId}` }
      : null,
    ids.wikidataId
      ? { label: "Wikidata", id: ids.wikidataId, href: `https://www.wikidata.org/wiki/${ids.wikidataId}` }
      : null,
  ].filter((link) => link !== null);
}

export function MovieDetailDrawer({
  movie,
  onClose,
}: {
  /** the movie to show; null keeps the drawer closed */
  movie: MovieDetail | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Drawer open={movie !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {movie ? (
        <DrawerContent title={movie.title} data-testid="movie-drawer">
          <div className="space-y-6">
            <div className="flex gap-4">
              <MoviePoster movie={movie} />
              <MovieFacts movie={movie} />
            </div>

            <DetailSection id="movie-synopsis" title={t("studio.movieBrowser.detail.synopsis")}>
              <p className="text-sm">{movie.synopsis ?? t("studio.movieBrowser.detail.noSynopsis")}</p>
            </DetailSection>

            <DetailSection id="movie-titles" title={t("studio.movieBrowser.detail.titles")}>
              <MovieTitles titles={movie.titles} />
            </DetailSection>

            <DetailSection id="movie-showtimes" title={t("studio.movieBrowser.detail.showtimes")}>
              <ShowtimesByCountry countries={movie.showtimesByCountry} />
            </DetailSection>

            <DetailSection id="movie-links" title={t("studio.movieBrowser.detail.externalIds")}>
              <ExternalIdLinks ids={movie.externalIds} />
            </DetailSection>
          </div>
        </DrawerContent>
      ) : null}
    </Drawer>
  );
}

/** A headed part of the drawer; `id` names its heading. */
function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-1">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The poster, or a placeholder with the title. */
function MoviePoster({ movie }: { movie: MovieDetail }) {
  const t = useT();
  return movie.poster ? (
    <img
      src={movie.poster.url}
      width={movie.poster.width ?? 160}
      height={movie.poster.height ?? 240}
      alt={t("studio.movieBrowser.detail.posterAlt", { title: movie.title })}
      className="h-auto w-28 shrink-0 rounded-md border border-slate-200 object-cover dark:border-slate-700"
    />
  ) : (
    <div
      className="flex aspect-2/3 w-28 shrink-0 items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-100 p-2 text-center text-sm font-medium text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200"
      data-testid="poster-placeholder"
    >
      <span>
        <span className="sr-only">{t("studio.movieBrowser.detail.noPoster")}: </span>
        {movie.title}
      </span>
    </div>
  );
}

/** Original title (when it differs), year, runtime and genres. */
function MovieFacts({ movie }: { movie: MovieDetail }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3 gap-y-1 text-sm">
      {movie.originalTitle && movie.originalTitle !== movie.title ? (
        <>
          <dt className="text-slate-600 dark:text-slate-400">
            {t("studio.movieBrowser.detail.originalTitle")}
          </dt>
          <dd>{movie.originalTitle}</dd>
        </>
      ) : null}
      <dt className="text-slate-600 dark:text-slate-400">{t("studio.movieBrowser.detail.year")}</dt>
      <dd>{movie.year ?? t("studio.movieBrowser.unknown")}</dd>
      <dt className="text-slate-600 dark:text-slate-400">{t("studio.movieBrowser.detail.runtime")}</dt>
      <dd>
        {movie.runtimeMinutes === null
          ? t("studio.movieBrowser.unknown")
          : t("studio.movieBrowser.minutes", { minutes: movie.runtimeMinutes })}
      </dd>
      <dt className="text-slate-600 dark:text-slate-400">{t("studio.movieBrowser.detail.genres")}</dt>
      <dd className="flex flex-wrap gap-1">
        {movie.genres.length === 0
          ? t("studio.movieBrowser.unknown")
          : movie.genres.map((genre) => <Badge key={genre}>{genre}</Badge>)}
      </dd>
    </dl>
  );
}

function MovieTitles({ titles }: { titles: MovieDetail["titles"] }) {
  const t = useT();
  if (titles.length === 0) return <p className="text-sm">{t("studio.movieBrowser.detail.noTitles")}</p>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {titles.map((title) => (
        <div key={title.locale} className="contents">
          <dt className="font-mono text-slate-600 uppercase dark:text-slate-400">{title.locale}</dt>
          <dd lang={title.locale}>{title.title}</dd>
        </div>
      ))}
    </dl>
  );
}

function ShowtimesByCountry({ countries }: { countries: MovieDetail["showtimesByCountry"] }) {
  const t = useT();
  const names = useDisplayNames();
  if (countries.length === 0) return <p className="text-sm">{t("studio.movieBrowser.detail.noShowtimes")}</p>;
  return (
    <ul className="space-y-0.5 text-sm" data-testid="showtimes-by-country">
      {countries.map((country) => (
        <li key={country.countryCode} className="flex justify-between gap-3">
          <span>{names.country(country.countryCode, country.countryName)}</span>
          <span className="tabular-nums">
            {t("studio.movieBrowser.detail.showtimeCount", { count: country.count })}
          </span>
        </li>
      ))}
    </ul>
  );
}

function ExternalIdLinks({ ids }: { ids: MovieDetail["externalIds"] }) {
  const t = useT();
  const links = externalLinks(ids);
  if (links.length === 0) return <p className="text-sm">{t("studio.movieBrowser.detail.noExternalIds")}</p>;
  return (
    <ul className="space-y-1 text-sm">
      {links.map((link) => (
        <li key={link.label}>
          <Tooltip content={link.href}>
            <a
              href={link.href}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 underline underline-offset-2"
            >
              {link.label}: <span className="font-mono">{link.id}</span>
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">({t("common.opensInNewTab")})</span>
            </a>
          </Tooltip>
        </li>
      ))}
    </ul>
  );
}
