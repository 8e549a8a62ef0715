// The feeds of one cinema or chain, in a drawer (super admins): each feed's format, address or file,
// schedule and flags, its last run (status, when, counts, a link to the run in the logs), and what can be
// done with it: run now, edit, delete. "Add feed" opens the feed form.
import { Pencil, Play, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import type { FeedFormat } from "../../../core/ingest/feed.ts";
import type { ActionResult } from "../../lib/forms.ts";
import { useT } from "../../lib/i18n.tsx";
import { LocalTime } from "../shell/local-time.tsx";
import { Badge, type BadgeTone } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../ui/dialog.tsx";
import { Drawer, DrawerContent } from "../ui/drawer.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { useToastFromData } from "../ui/toast.ts";
import { EMPTY_FEED, FeedForm, type FeedFormValues } from "./feed-forms.tsx";

export type FeedListRow = {
  id: string;
  name: string;
  format: string;
  location: string;
  scheduleIntervalSeconds: number | null;
  enabled: boolean;
  isComplete: boolean;
  hasCredentials: boolean;
  uploadedFile: string | null;
  lastStatus: string | null;
  lastRun: {
    id: string;
    status: string;
    startedAt: string;
    counts: {
      read: number;
      inserted: number;
      updated: number;
      cancelled: number;
      unmatched: number;
      rejected: number;
    };
    problemCount: number;
  } | null;
};

const STATUS_TONES: Record<string, BadgeTone> = {
  running: "info",
  succeeded: "primary",
  partial: "warning",
  failed: "danger",
  "not-modified": "neutral",
  retrying: "warning",
  interrupted: "danger",
};

function formValues(feed: FeedListRow, scope: "cinemaId" | "chainId", ownerId: string): FeedFormValues {
  return {
    id: feed.id,
    [scope]: ownerId,
    name: feed.name,
    format: feed.format as FeedFormat,
    input: feed.location === "upload" ? "upload" : "url",
    url: feed.location === "upload" ? "" : feed.location,
    interval: feed.scheduleIntervalSeconds === null ? "" : String(feed.scheduleIntervalSeconds),
    enabled: feed.enabled,
    complete: feed.isComplete,
    hasCredentials: feed.hasCredentials,
    uploadedFile: feed.uploadedFile,
  };
}

function RunNow({ feed, action }: { feed: FeedListRow; action: string }) {
  const t = useT();
  const fetcher = useFetcher<ActionResult>({ key: `feed-run-${feed.id}` });
  useToastFromData(fetcher.state === "idle" ? fetcher.data : undefined);
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value="feed-run" />
      <input type="hidden" name="id" value={feed.id} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        pending={fetcher.state !== "idle"}
        disabled={!feed.enabled}
      >
        <Play aria-hidden="true" />
        {t("studio.sources.action.run")}
        <span className="sr-only">: {feed.name}</span>
      </Button>
    </fetcher.Form>
  );
}

function FeedCard({
  feed,
  action,
  onEdit,
  onDelete,
}: {
  feed: FeedListRow;
  action: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const run = feed.lastRun;
  // "Unchanged" is the finished run's; a run under way (or interrupted) shows its own status.
  const status =
    run?.status === "succeeded" && feed.lastStatus === "not-modified" ? "not-modified" : run?.status;
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{feed.name}</h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t(`studio.sources.format.${feed.format as FeedFormat}`)}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {feed.enabled ? null : <Badge tone="neutral">{t("studio.sources.badge.disabled")}</Badge>}
          {feed.isComplete ? <Badge tone="info">{t("studio.sources.badge.complete")}</Badge> : null}
          {feed.hasCredentials ? <Badge tone="neutral">{t("studio.sources.badge.credentials")}</Badge> : null}
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-700 dark:text-slate-300">{t("studio.sources.detail.input")}</dt>
        <dd className="min-w-0 break-all">
          {feed.location === "upload" ? (
            t("studio.sources.detail.file", { name: feed.uploadedFile ?? "—" })
          ) : (
            <code className="text-xs">{feed.location}</code>
          )}
        </dd>
        <dt className="text-slate-700 dark:text-slate-300">{t("studio.sources.detail.schedule")}</dt>
        <dd>
          {feed.scheduleIntervalSeconds === null
            ? t("studio.sources.interval.manual")
            : feed.scheduleIntervalSeconds < 3600
              ? t("studio.sources.interval.minutes", { count: feed.scheduleIntervalSeconds / 60 })
              : t("studio.sources.interval.hours", { count: feed.scheduleIntervalSeconds / 3600 })}
        </dd>
        <dt className="text-slate-700 dark:text-slate-300">{t("studio.sources.detail.lastRun")}</dt>
        <dd>
          {run && status ? (
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone={STATUS_TONES[status] ?? "neutral"}>
                {t(`studio.sources.status.${status as "succeeded"}`)}
              </Badge>
              <LocalTime iso={run.startedAt} />
            </span>
          ) : (
            t("studio.sources.detail.never")
          )}
        </dd>
        {run ? (
          <>
            <dt className="text-slate-700 dark:text-slate-300">{t("studio.sources.detail.counts")}</dt>
            <dd>
              {t("studio.logs.imports.counts", { ...run.counts })}
              {run.problemCount > 0
                ? ` · ${t("studio.sources.detail.problems", { count: run.problemCount })}`
                : ""}
            </dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap gap-2">
        <RunNow feed={feed} action={action} />
        <Button size="sm" variant="outline" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          {t("studio.sources.action.edit")}
          <span className="sr-only">: {feed.name}</span>
        </Button>
        <Button size="sm" variant="outline" onClick={onDelete}>
          <Trash2 aria-hidden="true" />
          {t("studio.sources.action.delete")}
          <span className="sr-only">: {feed.name}</span>
        </Button>
        {run ? (
          <Link
            to={`/studio/data/logs?tab=imports&q=${encodeURIComponent(feed.name)}`}
            className="self-center text-sm font-medium underline underline-offset-2"
          >
            {t("studio.sources.action.runs")}
            <span className="sr-only">: {feed.name}</span>
          </Link>
        ) : null}
      </div>
    </li>
  );
}

export function FeedsDrawer({
  ownerName,
  ownerId,
  scope,
  feeds,
  action,
  onClose,
}: {
  /** the cinema's or chain's name; the drawer is closed while feeds is null */
  ownerName: string;
  ownerId: string;
  scope: "cinemaId" | "chainId";
  feeds: FeedListRow[] | null;
  /** the page's own path: its action takes the feed intents */
  action: string;
  onClose: () => void;
}) {
  const t = useT();
  const [editing, setEditing] = useState<{ values: FeedFormValues; attempt: number } | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [deleting, setDeleting] = useState<FeedListRow | null>(null);
  const open = (values: FeedFormValues) => {
    setAttempts((n) => n + 1);
    setEditing({ values, attempt: attempts + 1 });
  };
  const addFeed = (
    <Button onClick={() => open({ ...EMPTY_FEED, [scope]: ownerId })}>
      <Plus aria-hidden="true" />
      {t("studio.sources.new")}
    </Button>
  );
  return (
    <>
      <Drawer open={feeds !== null} onOpenChange={(isOpen) => (isOpen ? null : onClose())}>
        {feeds !== null ? (
          <DrawerContent
            title={t("studio.sources.drawerTitle", { name: ownerName })}
            description={t(
              scope === "cinemaId" ? "studio.sources.drawerCinema" : "studio.sources.drawerChain",
            )}
            className="max-w-xl"
            data-testid="feeds-drawer"
          >
            <div className="space-y-4">
              {feeds.length === 0 ? (
                <EmptyState
                  title={t("studio.sources.empty")}
                  hint={t("studio.sources.emptyHint")}
                  action={addFeed}
                />
              ) : (
                <>
                  <div className="flex justify-end">{addFeed}</div>
                  <ul className="space-y-3">
                    {feeds.map((feed) => (
                      <FeedCard
                        key={feed.id}
                        feed={feed}
                        action={action}
                        onEdit={() => open(formValues(feed, scope, ownerId))}
                        onDelete={() => setDeleting(feed)}
                      />
                    ))}
                  </ul>
                </>
              )}
            </div>
          </DrawerContent>
        ) : null}
      </Drawer>

      <Dialog open={editing !== null} onOpenChange={(isOpen) => (isOpen ? null : setEditing(null))}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>
              {t(editing?.values.id ? "studio.sources.form.editTitle" : "studio.sources.form.createTitle")}
            </DialogTitle>
            <DialogDescription>{t("studio.sources.form.description", { name: ownerName })}</DialogDescription>
          </DialogHeader>
          {editing ? (
            <FeedForm
              action={action}
              fetcherKey={`feed-${editing.attempt}`}
              defaults={editing.values}
              onSaved={() => setEditing(null)}
              secondary={
                <DialogClose asChild>
                  <Button variant="outline">{t("studio.sources.form.cancel")}</Button>
                </DialogClose>
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDeleting(null);
        }}
        title={t("studio.sources.delete.title", { name: deleting?.name ?? "" })}
        description={t("studio.sources.delete.description")}
        confirmLabel={t("studio.sources.action.delete")}
        action={action}
        fields={{ intent: "feed-delete", id: deleting?.id ?? "" }}
      />
    </>
  );
}
