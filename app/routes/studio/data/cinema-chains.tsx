import { ExternalLink, GitMerge, Pencil, Plus, Rss, Trash2 } from "lucide-react";
import { useState } from "react";
import { useIntl } from "react-intl";
import { useSearchParams } from "react-router";
import {
  ChainForm,
  EMPTY_CHAIN,
  MergeForm,
  type ChainFormValues,
} from "../../../components/studio/catalog-forms.tsx";
import { FeedsDrawer } from "../../../components/studio/feeds-drawer.tsx";
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
import {
  DropdownMenuItem,
  DropdownMenuSeparator,
  RowActions,
} from "../../../components/ui/dropdown-menu.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { useDisplayNames } from "../../../lib/display-names.ts";
import { useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/cinema-chains.ts";
import { wantsCsv } from "../../../lib/csv.server.ts";
import { exportHref } from "../config/list-helpers.ts";
import { CINEMA_CHAINS_PATH } from "./catalog-paths.ts";
import { cinemaChainsAction, cinemaChainsCsv, loadCinemaChains } from "./cinema-chains.server.ts";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => (wantsCsv(request) ? cinemaChainsCsv(request, context) : next()),
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.chains.title", "Cinema chains") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCinemaChains(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return cinemaChainsAction(request, context);
}

/** The host of a stored website, or the text itself when it is not a URL. */
function hostOf(website: string): string {
  try {
    return new URL(website).hostname;
  } catch {
    return website;
  }
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function CinemaChains({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const names = useDisplayNames();
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const { canEdit } = loaderData;
  // The feed drawer is part of the URL: shareable, and Back closes it.
  const showFeeds = (chainId: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (chainId) next.set("feeds", chainId);
        else next.delete("feeds");
        return next;
      },
      { preventScrollReset: true },
    );
  const [editing, setEditing] = useState<{ values: ChainFormValues; attempt: number } | null>(null);
  const [merging, setMerging] = useState<{ row: Row; attempt: number } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [attempts, setAttempts] = useState(0);

  const next = () => {
    setAttempts((n) => n + 1);
    return attempts + 1;
  };
  const open = (values: ChainFormValues) => setEditing({ values, attempt: next() });
  const edit = (row: Row) =>
    open({
      chainId: row.id,
      name: row.name,
      slug: row.slug,
      website: row.website ?? "",
      wikidataId: row.wikidataId ?? "",
      countries: row.countries,
      synonyms: row.synonyms.join("\n"),
    });
  const countryOptions = loaderData.countries.map((c) => ({
    value: c.code,
    label: `${names.country(c.code, c.name)} (${c.code})`,
  }));

  const newChain = canEdit ? (
    <Button onClick={() => open(EMPTY_CHAIN)}>
      <Plus aria-hidden="true" />
      {t("studio.chains.new")}
    </Button>
  ) : undefined;

  const columns: DataTableColumn<Row>[] = [
    {
      key: "name",
      header: t("studio.chains.col.name"),
      sortable: true,
      cell: (row) => <span className="font-medium">{row.name}</span>,
    },
    {
      key: "slug",
      header: t("studio.chains.col.slug"),
      sortable: true,
      hideable: true,
      cell: (row) => <code className="font-mono text-sm">{row.slug}</code>,
    },
    {
      key: "countries",
      header: t("studio.chains.col.countries"),
      cell: (row) => row.countries.join(", "),
    },
    {
      key: "cinemas",
      header: t("studio.chains.col.cinemas"),
      sortable: true,
      align: "end",
      className: "tabular-nums",
      cell: (row) => intl.formatNumber(row.cinemas),
    },
    {
      key: "website",
      header: t("studio.chains.col.website"),
      hideable: true,
      cell: (row) =>
        row.website ? (
          <a
            href={row.website}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm underline underline-offset-2"
          >
            {hostOf(row.website)}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">({t("common.opensInNewTab")})</span>
          </a>
        ) : null,
    },
    {
      key: "synonyms",
      header: t("studio.chains.col.synonyms"),
      hideable: true,
      cell: (row) =>
        row.synonyms.length ? (
          <span className="text-sm text-slate-700 dark:text-slate-300">{row.synonyms.join(", ")}</span>
        ) : null,
    },
    {
      key: "wikidata",
      header: t("studio.chains.col.wikidata"),
      hideable: true,
      cell: (row) => (row.wikidataId ? <code className="font-mono text-sm">{row.wikidataId}</code> : null),
    },
    ...(canEdit
      ? [
          {
            key: "actions",
            header: <span className="sr-only">{t("studio.chains.col.actions")}</span>,
            align: "end" as const,
            cell: (row: Row) => (
              <RowActions label={row.name}>
                <DropdownMenuItem onSelect={() => edit(row)}>
                  <Pencil aria-hidden="true" />
                  {t("studio.chains.action.edit")}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => setMerging({ row, attempt: next() })}>
                  <GitMerge aria-hidden="true" />
                  {t("studio.chains.action.merge")}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => showFeeds(row.id)}>
                  <Rss aria-hidden="true" />
                  {t("studio.chains.action.feeds")}
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem tone="danger" onSelect={() => setDeleting(row)}>
                  <Trash2 aria-hidden="true" />
                  {t("studio.chains.action.delete")}
                </DropdownMenuItem>
              </RowActions>
            ),
          },
        ]
      : []),
  ];

  const cancel = (
    <DialogClose asChild>
      <Button variant="outline">{t("studio.chains.form.cancel")}</Button>
    </DialogClose>
  );

  return (
    <div>
      <PageHeader
        title={t("studio.chains.title")}
        description={t(canEdit ? "studio.chains.description" : "studio.chains.descriptionReadOnly")}
        actions={newChain}
      />
      <DataTable
        columns={columns}
        rows={loaderData.rows}
        rowKey={(row) => row.id}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        sort={loaderData.sort}
        caption={t("studio.chains.caption")}
        searchPlaceholder={t("studio.chains.searchPlaceholder")}
        filters={[{ name: "country", label: t("studio.chains.filter.country"), options: countryOptions }]}
        emptyTitle={t("studio.chains.empty")}
        emptyHint={t("studio.chains.emptyHint")}
        emptyAction={newChain}
        exportHref={exportHref(params)}
      />

      {canEdit ? (
        <>
          <Dialog open={editing !== null} onOpenChange={(isOpen) => (isOpen ? null : setEditing(null))}>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>
                  {t(
                    editing?.values.chainId
                      ? "studio.chains.form.editTitle"
                      : "studio.chains.form.createTitle",
                  )}
                </DialogTitle>
                <DialogDescription>{t("studio.chains.form.description")}</DialogDescription>
              </DialogHeader>
              {editing ? (
                <ChainForm
                  action={CINEMA_CHAINS_PATH}
                  fetcherKey={`chain-${editing.attempt}`}
                  defaults={editing.values}
                  countries={countryOptions}
                  onSaved={() => setEditing(null)}
                  secondary={cancel}
                />
              ) : null}
            </DialogContent>
          </Dialog>

          <Dialog open={merging !== null} onOpenChange={(isOpen) => (isOpen ? null : setMerging(null))}>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>{t("studio.chains.merge.title", { name: merging?.row.name ?? "" })}</DialogTitle>
                <DialogDescription>
                  {t("studio.chains.merge.description", {
                    name: merging?.row.name ?? "",
                    count: merging?.row.cinemas ?? 0,
                  })}
                </DialogDescription>
              </DialogHeader>
              {merging ? (
                <MergeForm
                  kind="chains"
                  action={CINEMA_CHAINS_PATH}
                  fetcherKey={`chain-merge-${merging.attempt}`}
                  sourceId={merging.row.id}
                  sourceName={merging.row.name}
                  choices={loaderData.choices.map((c) => ({ value: c.id, label: c.name }))}
                  onSaved={() => setMerging(null)}
                  secondary={cancel}
                />
              ) : null}
            </DialogContent>
          </Dialog>

          <FeedsDrawer
            ownerName={loaderData.feeds?.ownerName ?? ""}
            ownerId={loaderData.feeds?.ownerId ?? ""}
            scope="chainId"
            feeds={loaderData.feeds?.feeds ?? null}
            action={CINEMA_CHAINS_PATH}
            onClose={() => showFeeds(null)}
          />

          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(isOpen) => {
              if (!isOpen) setDeleting(null);
            }}
            title={t("studio.chains.delete.title", { name: deleting?.name ?? "" })}
            description={t(
              (deleting?.cinemas ?? 0) > 0
                ? "studio.chains.delete.hasCinemas"
                : "studio.chains.delete.description",
              { count: deleting?.cinemas ?? 0 },
            )}
            confirmLabel={t("studio.chains.action.delete")}
            action={CINEMA_CHAINS_PATH}
            fields={{ intent: "delete", chainId: deleting?.id ?? "", name: deleting?.name ?? "" }}
          />
        </>
      ) : null}
    </div>
  );
}
