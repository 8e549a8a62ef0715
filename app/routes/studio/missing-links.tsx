import { Ban, FilePlus2, Link2, Search, Undo2 } from "lucide-react";
import { useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { LocalTime, useFormatDateTime } from "../../components/shell/local-time.tsx";
import { LinkMissingLinkForm } from "../../components/studio/missing-link-forms.tsx";
import { EMPTY_MOVIE, MovieForm } from "../../components/studio/movie-forms.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { DataTable, type DataTableColumn } from "../../components/ui/data-table.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { DropdownMenuItem, RowActions } from "../../components/ui/dropdown-menu.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { TabLinks } from "../../components/ui/tabs.tsx";
import { useToastFromData } from "../../components/ui/toast.ts";
import type { ActionResult } from "../../lib/forms.ts";
import { useDisplayNames } from "../../lib/use-display-names.ts";
import { useT } from "../../lib/i18n.tsx";
import { titleFrom } from "../../lib/page-title.ts";
import type { Route } from "./+types/missing-links.ts";
import { MISSING_LINKS_PATH, MOVIE_OPTIONS_PATH } from "./missing-links-paths.ts";
import { loadMissingLinks, missingLinksAction } from "./missing-links.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.missingLinks.title", "Missing links") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadMissingLinks(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return missingLinksAction(request, context);
}

type Data = Route.ComponentProps["loaderData"];
type Row = Data["rows"][number];

const label = (movie: { title: string; year: number | null }) =>
  movie.year ? `${movie.title} (${movie.year})` : movie.title;

const RESOLUTION_TONES: Record<NonNullable<Row["resolution"]>, BadgeTone> = {
  linked: "primary",
  "new-movie": "info",
  ignored: "neutral",
};

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
    <span className="grid min-w-44 gap-0.5">
      <span className="font-medium">{row.rawTitle}</span>
      <code className="font-mono text-xs text-slate-600 dark:text-slate-400">{row.normalizedTitle}</code>
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

export default function MissingLinks({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const names = useDisplayNames();
  const formatDateTime = useFormatDateTime();
  const [params] = useSearchParams();
  const [attempts, setAttempts] = useState(0);
  const [linking, setLinking] = useState<{ row: Row; attempt: number } | null>(null);
  const [creating, setCreating] = useState<{ row: Row; attempt: number } | null>(null);
  const [ignoring, setIgnoring] = useState<Row | null>(null);
  // One fetcher for the row buttons (a candidate's Link, Back to the queue): the row leaves the list when
  // it succeeds, so the page, which stays, shows the toast.
  const quick = useFetcher<ActionResult>({ key: "missing-links-quick" });
  useToastFromData(quick.state === "idle" ? quick.data : undefined);
  const { view } = loaderData;
  const open = view === "open";

  const nextAttempt = () => {
    setAttempts((n) => n + 1);
    return attempts + 1;
  };
  const pendingFor = (missingLinkId: string, movieId = "") =>
    quick.state !== "idle" &&
    quick.formData?.get("missingLinkId") === missingLinkId &&
    (quick.formData.get("movieId") ?? "") === movieId;
  const tabHref = (tab: Data["view"]) => {
    const next = new URLSearchParams();
    if (tab !== "open") next.set("view", tab);
    const q = params.get("q");
    if (q) next.set("q", q);
    const source = params.get("source");
    if (source) next.set("source", source);
    const search = next.toString();
    return search ? `${MISSING_LINKS_PATH}?${search}` : MISSING_LINKS_PATH;
  };

  const candidatesCell = (row: Row) =>
    row.candidates.length === 0 ? (
      <span className="text-sm text-slate-600 dark:text-slate-400">
        {t("studio.missingLinks.noCandidates")}
      </span>
    ) : (
      <ol className="grid min-w-56 gap-1.5">
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
                pending={pendingFor(row.id, candidate.movieId)}
                aria-label={t("studio.missingLinks.action.linkLabel", {
                  title: row.rawTitle,
                  movie: label(candidate),
                })}
              >
                <Link2 aria-hidden="true" />
                {t("studio.missingLinks.action.link")}
              </Button>
            </quick.Form>
            <span className="grid text-sm">
              <span>{label(candidate)}</span>
              <span className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
                {t("studio.missingLinks.score", { score: Math.round(candidate.score * 100) })}
              </span>
            </span>
          </li>
        ))}
      </ol>
    );

  const openColumns: DataTableColumn<Row>[] = [
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
        <span className="grid text-sm whitespace-nowrap tabular-nums">
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
      cell: candidatesCell,
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("studio.missingLinks.col.actions")}</span>,
      align: "end",
      cell: (row) => (
        <RowActions label={row.rawTitle}>
          <DropdownMenuItem onSelect={() => setLinking({ row, attempt: nextAttempt() })}>
            <Search aria-hidden="true" />
            {t("studio.missingLinks.action.linkOther")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setCreating({ row, attempt: nextAttempt() })}>
            <FilePlus2 aria-hidden="true" />
            {t("studio.missingLinks.action.create")}
          </DropdownMenuItem>
          <DropdownMenuItem tone="danger" onSelect={() => setIgnoring(row)}>
            <Ban aria-hidden="true" />
            {t("studio.missingLinks.action.ignore")}
          </DropdownMenuItem>
        </RowActions>
      ),
    },
  ];

  const resolvedColumns: DataTableColumn<Row>[] = [
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
      cell: (row) => (row.resolvedMovie ? label(row.resolvedMovie) : ""),
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
    {
      key: "actions",
      header: <span className="sr-only">{t("studio.missingLinks.col.actions")}</span>,
      align: "end",
      cell: (row) =>
        row.resolution === "ignored" ? (
          <quick.Form method="post" action={MISSING_LINKS_PATH}>
            <input type="hidden" name="intent" value="unignore" />
            <input type="hidden" name="ids" value={row.id} />
            <input type="hidden" name="missingLinkId" value={row.id} />
            <Button
              type="submit"
              size="sm"
              variant="outline"
              pending={pendingFor(row.id)}
              aria-label={`${t("studio.missingLinks.action.unignore")}: ${row.rawTitle}`}
            >
              <Undo2 aria-hidden="true" className="rtl:-scale-x-100" />
              {t("studio.missingLinks.action.unignore")}
            </Button>
          </quick.Form>
        ) : null,
    },
  ];

  const formProps = {
    action: MISSING_LINKS_PATH,
    locales: loaderData.locales.map((l) => ({
      value: l.value,
      label: `${names.language(l.value, l.label)} (${l.value})`,
    })),
    countries: loaderData.countries.map((c) => ({
      value: c.code,
      label: `${names.country(c.code, c.name)} (${c.code})`,
    })),
    posters: loaderData.posters.map((a) => ({ value: a.id, label: a.fileName })),
    backdrops: loaderData.backdrops.map((a) => ({ value: a.id, label: a.fileName })),
  };

  return (
    <div className="space-y-6">
      <PageHeader title={t("studio.missingLinks.title")} description={t("studio.missingLinks.description")} />
      <TabLinks
        label={t("studio.missingLinks.tabsLabel")}
        links={(["open", "resolved"] as const).map((tab) => ({
          key: tab,
          to: tabHref(tab),
          label: t(`studio.missingLinks.tab.${tab}`),
          current: tab === view,
        }))}
      />
      <DataTable
        // A tab is another list: a fresh table (selection, columns).
        key={view}
        columns={open ? openColumns : resolvedColumns}
        rows={loaderData.rows}
        rowKey={(row) => row.id}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        sort={loaderData.sort}
        caption={t(open ? "studio.missingLinks.caption.open" : "studio.missingLinks.caption.resolved")}
        searchPlaceholder={t("studio.missingLinks.searchPlaceholder")}
        filters={[
          { name: "source", label: t("studio.missingLinks.filter.source"), options: loaderData.sources },
        ]}
        emptyTitle={t(open ? "studio.missingLinks.empty.open" : "studio.missingLinks.empty.resolved")}
        emptyHint={t(open ? "studio.missingLinks.emptyHint.open" : "studio.missingLinks.emptyHint.resolved")}
        selection={{
          rowLabel: (row) => row.rawTitle,
          canSelect: (row) => open || row.resolution === "ignored",
          actions: open
            ? [
                {
                  key: "linkTop",
                  label: t("studio.missingLinks.bulk.linkTop"),
                  icon: <Link2 aria-hidden="true" />,
                  action: MISSING_LINKS_PATH,
                  confirm: (ids) => ({
                    title: t("studio.missingLinks.bulk.linkTopTitle", { count: ids.length }),
                    description: t("studio.missingLinks.bulk.linkTopDescription"),
                    confirmLabel: t("studio.missingLinks.bulk.linkTopConfirm"),
                  }),
                },
                {
                  key: "ignore",
                  label: t("studio.missingLinks.bulk.ignore"),
                  icon: <Ban aria-hidden="true" />,
                  tone: "danger",
                  action: MISSING_LINKS_PATH,
                  confirm: (ids) => ({
                    title: t("studio.missingLinks.bulk.ignoreTitle", { count: ids.length }),
                    description: t("studio.missingLinks.bulk.ignoreDescription"),
                    confirmLabel: t("studio.missingLinks.bulk.ignoreConfirm"),
                  }),
                },
              ]
            : [
                {
                  key: "unignore",
                  label: t("studio.missingLinks.bulk.unignore"),
                  icon: <Undo2 aria-hidden="true" className="rtl:-scale-x-100" />,
                  action: MISSING_LINKS_PATH,
                },
              ],
        }}
      />

      <Dialog open={linking !== null} onOpenChange={(isOpen) => (isOpen ? null : setLinking(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {t("studio.missingLinks.link.title", { title: linking?.row.rawTitle ?? "" })}
            </DialogTitle>
            <DialogDescription>{t("studio.missingLinks.link.description")}</DialogDescription>
          </DialogHeader>
          {linking ? (
            <LinkMissingLinkForm
              action={MISSING_LINKS_PATH}
              fetcherKey={`link-${linking.attempt}`}
              missingLinkId={linking.row.id}
              movieSource={MOVIE_OPTIONS_PATH}
              onSaved={() => setLinking(null)}
              secondary={
                <DialogClose asChild>
                  <Button variant="outline">{t("studio.dataMovies.form.cancel")}</Button>
                </DialogClose>
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <Dialog open={creating !== null} onOpenChange={(isOpen) => (isOpen ? null : setCreating(null))}>
        <DialogContent className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>
              {t("studio.missingLinks.create.title", { title: creating?.row.rawTitle ?? "" })}
            </DialogTitle>
            <DialogDescription>{t("studio.missingLinks.create.description")}</DialogDescription>
          </DialogHeader>
          {creating ? (
            <MovieForm
              {...formProps}
              fetcherKey={`create-${creating.attempt}`}
              intent="create"
              hidden={{ missingLinkId: creating.row.id }}
              defaults={{ ...EMPTY_MOVIE, ...creating.row.prefill }}
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

      <ConfirmDialog
        open={ignoring !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setIgnoring(null);
        }}
        title={t("studio.missingLinks.ignore.title")}
        description={t("studio.missingLinks.ignore.description", { title: ignoring?.rawTitle ?? "" })}
        confirmLabel={t("studio.missingLinks.action.ignore")}
        tone="danger"
        action={MISSING_LINKS_PATH}
        fields={{ intent: "ignore", ids: ignoring?.id ?? "" }}
      />
    </div>
  );
}
