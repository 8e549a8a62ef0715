// The missing-links tables' columns: the open queue's (with its candidates to link) and the resolved list's.
import { Ban, FilePlus2, Link2, Search, Undo2 } from "lucide-react";
import type { FetcherWithComponents } from "react-router";
import { LocalTime, useFormatDateTime } from "../../components/shell/local-time.tsx";
import { actionsColumn, RowAction } from "../../components/studio/list-page.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import type { DataTableColumn } from "../../components/ui/data-table.tsx";
import { RowActions } from "../../components/ui/dropdown-menu.tsx";
import type { ActionResult } from "../../lib/forms.ts";
import { useT } from "../../lib/i18n.tsx";
import type { Route } from "./+types/missing-links.ts";
import { MISSING_LINKS_PATH } from "./missing-links-paths.ts";

export type MissingLinksData = Route.ComponentProps["loaderData"];
export type MissingLinkRow = MissingLinksData["rows"][number];
type Row = MissingLinkRow;

/** The fetcher of the row buttons (a candidate's Link, Back to the queue). */
export type QuickFetcher = FetcherWithComponents<ActionResult>;

export const movieLabel = (movie: { title: string; year: number | null }) =>
  movie.year ? `${movie.title} (${movie.year})` : movie.title;

const RESOLUTION_TONES: Record<NonNullable<Row["resolution"]>, BadgeTone> = {
  linked: "primary",
  "new-movie": "info",
  ignored: "neutral",
};

/** Whether the quick fetcher is submitting this row's button (a candidate's, or the row's own). */
function isPending(quick: QuickFetcher, missingLinkId: string, movieId = "") {
  return (
    quick.state !== "idle" &&
    quick.formData?.get("missingLinkId") === missingLinkId &&
    (quick.formData.get("movieId") ?? "") === movieId
  );
}

/** The feed title, the form matching compares, the feed's hints, and the feed (source) it came from. */
function TitleCell({ row }: { row: Row }) {
  const t = useT();
  const { hints } = row;
  const facts = [
    hints.year ? t("studio.missingLinks.hint.year", { year: hints.year }) : null,
    hints.runtimeMinutes ? t("studio.missingLinks.hint.runtime", { minutes: hints.runtimeMinutes }) : null,
    hints.language ? t("studio.missingLinks.hint.language", { language: hints.language }) : null,
    hints.imdbId ? t("studio.missingLinks.hint.imdb", { id: hints.imdbId }) : null,
  ].filter((fact) => fact !== null);
  return (
    <span className="grid min-w-36 gap-0.5">
      <span className="font-medium [overflow-wrap:anywhere]">{row.rawTitle}</span>
      <code className="font-mono text-xs [overflow-wrap:anywhere] text-slate-600 dark:text-slate-400">
        {row.normalizedTitle}
      </code>
      {facts.length > 0 ? (
        <span className="text-xs text-slate-600 dark:text-slate-400">{facts.join(" · ")}</span>
      ) : null}
      <span className="text-xs text-slate-600 dark:text-slate-400">
        {t("studio.missingLinks.fromSource", {
          source: row.sourceName ?? t("studio.missingLinks.unknownSource"),
        })}
      </span>
    </span>
  );
}

/** The movies matching proposes, best first, each with its one-click Link button. */
function CandidatesCell({ row, quick }: { row: Row; quick: QuickFetcher }) {
  const t = useT();
  if (row.candidates.length === 0) {
    return (
      <span className="text-sm text-slate-600 dark:text-slate-400">
        {t("studio.missingLinks.noCandidates")}
      </span>
    );
  }
  return (
    <ol className="grid min-w-48 gap-1.5">
      {row.candidates.map((candidate) => (
        <li key={candidate.movieId} className="flex items-center gap-2">
          <quick.Form method="post" action={MISSING_LINKS_PATH}>
            <input type="hidden" name="intent" value="link" />
            <input type="hidden" name="missingLinkId" value={row.id} />
            <input type="hidden" name="movieId" value={candidate.movieId} />
            <Button
              type="submit"
              size="sm"
              variant="outline"
              pending={isPending(quick, row.id, candidate.movieId)}
              aria-label={t("studio.missingLinks.action.linkLabel", {
                title: row.rawTitle,
                movie: movieLabel(candidate),
              })}
            >
              <Link2 aria-hidden="true" />
              {t("studio.missingLinks.action.link")}
            </Button>
          </quick.Form>
          <span className="grid text-sm">
            <span>{movieLabel(candidate)}</span>
            <span className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
              {t("studio.missingLinks.score", { score: Math.round(candidate.score * 100) })}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** An ignored row's way back to the queue. */
function UnignoreButton({ row, quick }: { row: Row; quick: QuickFetcher }) {
  const t = useT();
  return (
    <quick.Form method="post" action={MISSING_LINKS_PATH}>
      <input type="hidden" name="intent" value="unignore" />
      <input type="hidden" name="ids" value={row.id} />
      <input type="hidden" name="missingLinkId" value={row.id} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        pending={isPending(quick, row.id)}
        aria-label={`${t("studio.missingLinks.action.unignore")}: ${row.rawTitle}`}
      >
        <Undo2 aria-hidden="true" className="rtl:-scale-x-100" />
        {t("studio.missingLinks.action.unignore")}
      </Button>
    </quick.Form>
  );
}

export type OpenRowActions = {
  linkOther: (row: Row) => void;
  create: (row: Row) => void;
  ignore: (row: Row) => void;
};

/** The open queue's columns: the title, how often and how lately seen, what waits, the candidates. */
export function useOpenColumns(quick: QuickFetcher, actions: OpenRowActions): DataTableColumn<Row>[] {
  const t = useT();
  const formatDateTime = useFormatDateTime();
  return [
    {
      key: "title",
      header: t("studio.missingLinks.col.title"),
      sortable: true,
      cell: (row) => <TitleCell row={row} />,
    },
    {
      key: "occurrences",
      header: t("studio.missingLinks.col.occurrences"),
      sortable: true,
      align: "end",
      className: "tabular-nums",
      cell: (row) => row.occurrences,
    },
    {
      key: "lastSeen",
      header: t("studio.missingLinks.col.lastSeen"),
      sortable: true,
      hideable: true,
      cell: (row) => (
        // Wraps in its cell: unwrapped, the two dates pushed the candidates out of a laptop's width.
        <span className="grid min-w-28 text-sm tabular-nums">
          <LocalTime iso={row.lastSeenAt} />
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {t("studio.missingLinks.firstSeen", { date: formatDateTime(row.firstSeenAt) })}
          </span>
        </span>
      ),
    },
    {
      key: "waiting",
      header: t("studio.missingLinks.col.waiting"),
      align: "end",
      className: "tabular-nums",
      cell: (row) => row.waitingShowtimes,
    },
    {
      key: "candidates",
      header: t("studio.missingLinks.col.candidates"),
      cell: (row) => <CandidatesCell row={row} quick={quick} />,
    },
    actionsColumn<Row>(t("studio.missingLinks.col.actions"), (row) => (
      <RowActions label={row.rawTitle}>
        <RowAction icon={Search} onSelect={() => actions.linkOther(row)}>
          {t("studio.missingLinks.action.linkOther")}
        </RowAction>
        <RowAction icon={FilePlus2} onSelect={() => actions.create(row)}>
          {t("studio.missingLinks.action.create")}
        </RowAction>
        <RowAction icon={Ban} tone="danger" onSelect={() => actions.ignore(row)}>
          {t("studio.missingLinks.action.ignore")}
        </RowAction>
      </RowActions>
    )),
  ];
}

/** The resolved list's columns: how each title was resolved, to which movie, by whom and when. */
export function useResolvedColumns(quick: QuickFetcher): DataTableColumn<Row>[] {
  const t = useT();
  return [
    {
      key: "title",
      header: t("studio.missingLinks.col.title"),
      sortable: true,
      cell: (row) => <TitleCell row={row} />,
    },
    {
      key: "resolution",
      header: t("studio.missingLinks.col.resolution"),
      cell: (row) =>
        row.resolution ? (
          <Badge tone={RESOLUTION_TONES[row.resolution]}>
            {t(`studio.missingLinks.resolution.${row.resolution}`)}
          </Badge>
        ) : null,
    },
    {
      key: "movie",
      header: t("studio.missingLinks.col.movie"),
      cell: (row) => (row.resolvedMovie ? movieLabel(row.resolvedMovie) : ""),
    },
    {
      key: "resolvedBy",
      header: t("studio.missingLinks.col.resolvedBy"),
      hideable: true,
      cell: (row) => row.resolvedByName ?? "",
    },
    {
      key: "resolved",
      header: t("studio.missingLinks.col.resolved"),
      sortable: true,
      cell: (row) => (row.resolvedAt ? <LocalTime iso={row.resolvedAt} /> : ""),
    },
    actionsColumn<Row>(t("studio.missingLinks.col.actions"), (row) =>
      row.resolution === "ignored" ? <UnignoreButton row={row} quick={quick} /> : null,
    ),
  ];
}
