import { Ban, Link2, Undo2 } from "lucide-react";
import { useFetcher, useSearchParams } from "react-router";
import { useAttempts, useEditDialog, useRowDialog } from "../../components/studio/list-page.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { DataTable, type DataTableSelection } from "../../components/ui/data-table.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { TabLinks } from "../../components/ui/tabs.tsx";
import { useToastFromData } from "../../components/ui/toast.ts";
import type { ActionResult } from "../../lib/forms.ts";
import { useT } from "../../lib/i18n.tsx";
import { titleFrom } from "../../lib/page-title.ts";
import type { Route } from "./+types/missing-links.ts";
import {
  useOpenColumns,
  useResolvedColumns,
  type MissingLinkRow as Row,
  type MissingLinksData as Data,
} from "./missing-links-columns.tsx";
import { CreateMovieDialog, LinkDialog } from "./missing-links-dialogs.tsx";
import { MISSING_LINKS_PATH } from "./missing-links-paths.ts";
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

/** The tab's address: the list's search and source filter kept, the view set (the open queue by default). */
function useTabHref() {
  const [params] = useSearchParams();
  return (tab: Data["view"]) => {
    const next = new URLSearchParams();
    if (tab !== "open") next.set("view", tab);
    const q = params.get("q");
    if (q) next.set("q", q);
    const source = params.get("source");
    if (source) next.set("source", source);
    const search = next.toString();
    return search ? `${MISSING_LINKS_PATH}?${search}` : MISSING_LINKS_PATH;
  };
}

/** What the selected rows can do: link to their best candidate or ignore (open), back to the queue (ignored). */
function useBulkActions(open: boolean): DataTableSelection<Row> {
  const t = useT();
  return {
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
  };
}

export default function MissingLinks({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const tabHref = useTabHref();
  const next = useAttempts();
  const linking = useEditDialog<Row>(next);
  const creating = useEditDialog<Row>(next);
  const ignoring = useRowDialog<Row>();
  // One fetcher for the row buttons (a candidate's Link, Back to the queue): the row leaves the list when
  // it succeeds, so the page, which stays, shows the toast.
  const quick = useFetcher<ActionResult>({ key: "missing-links-quick" });
  useToastFromData(quick.state === "idle" ? quick.data : undefined);
  const { view } = loaderData;
  const open = view === "open";
  const openColumns = useOpenColumns(quick, {
    linkOther: linking.open,
    create: creating.open,
    ignore: ignoring.open,
  });
  const resolvedColumns = useResolvedColumns(quick);
  const selection = useBulkActions(open);

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
        selection={selection}
      />
      <LinkDialog dialog={linking} />
      <CreateMovieDialog dialog={creating} data={loaderData} />
      <ConfirmDialog
        {...ignoring.dialog}
        title={t("studio.missingLinks.ignore.title")}
        description={t("studio.missingLinks.ignore.description", { title: ignoring.row?.rawTitle ?? "" })}
        confirmLabel={t("studio.missingLinks.action.ignore")}
        tone="danger"
        action={MISSING_LINKS_PATH}
        fields={{ intent: "ignore", ids: ignoring.row?.id ?? "" }}
      />
    </div>
  );
}
