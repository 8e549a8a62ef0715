// The feeds (sources) of a cinema or a chain, on those pages (super admins only): `?feeds=<id>` opens the
// feed drawer, whose list the page's loader reads; the intents feed-create, feed-update, feed-delete and
// feed-run arrive at the page's own action. Credentials never leave the server; only "stored" does.
import { createSourceSchema, updateSourceSchema } from "../../../../core/ingest/sources/source-schemas.ts";
import { createSource, type FeedUpload } from "../../../../core/ingest/sources/create-source.ts";
import { deleteSource, deleteSourceSchema } from "../../../../core/ingest/sources/delete-source.ts";
import { listSources, sourceOwnerName } from "../../../../core/ingest/sources/list-sources.ts";
import { withLeaseStatus } from "../../../../core/ingest/import-run-leases.ts";
import { runSourceNow, runSourceNowSchema } from "../../../../core/ingest/sources/run-source-now.ts";
import { updateSource } from "../../../../core/ingest/sources/update-source.ts";
import type { Actor } from "../../../../core/access/actor.ts";
import { runForm, successToast } from "../../../lib/form-action.server.ts";
import { namedToast } from "../../../lib/list-route.server.ts";
import type { AppServices } from "../../../../core/services.ts";

export const FEED_INTENTS = ["feed-create", "feed-update", "feed-delete", "feed-run"] as const;
export type FeedIntent = (typeof FEED_INTENTS)[number];
export const FEEDS_PARAM = "feeds";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The open drawer's feeds, when `?feeds=` names a cinema or chain and the reader is staff. */
export async function loadFeeds(
  services: AppServices,
  actor: Actor,
  url: URL,
  scope: "cinemaId" | "chainId",
) {
  const id = url.searchParams.get(FEEDS_PARAM) ?? "";
  if (!actor.isSuperAdmin || !UUID.test(id)) return null;
  const ownerName = await sourceOwnerName(services, actor, { [scope]: id });
  if (ownerName === null) return null;
  const feeds = await listSources(services, actor, { [scope]: id });
  // A last run still stored as running whose worker died shows as interrupted (and retrying) at once.
  const lastRuns = await withLeaseStatus(
    services.jobs,
    feeds.flatMap((feed) => (feed.lastRun ? [{ ...feed.lastRun, sourceId: feed.id }] : [])),
  );
  const shown = new Map(lastRuns.map(({ sourceId, ...run }) => [sourceId, run]));
  return {
    ownerId: id,
    ownerName,
    scope,
    feeds: feeds.map((feed) => {
      const run = shown.get(feed.id);
      return {
        ...feed,
        lastRunAt: feed.lastRunAt?.toISOString() ?? null,
        lastRun: run
          ? {
              ...run,
              startedAt: run.startedAt.toISOString(),
              finishedAt: run.finishedAt?.toISOString() ?? null,
            }
          : null,
      };
    }),
  };
}

export type FeedsData = NonNullable<Awaited<ReturnType<typeof loadFeeds>>>;
export type FeedRow = FeedsData["feeds"][number];

async function uploadOf(form: FormData): Promise<FeedUpload | undefined> {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return undefined;
  return { fileName: file.name, content: new Uint8Array(await file.arrayBuffer()) };
}

const SECRET_FIELDS = ["file", "password", "token", "headerValue"];

export async function feedsAction(intent: FeedIntent, form: FormData, services: AppServices, actor: Actor) {
  switch (intent) {
    case "feed-create": {
      const upload = await uploadOf(form);
      return runForm(
        intent,
        form,
        createSourceSchema,
        (value) => createSource(services, actor, value, upload),
        namedToast("studio.sources.toast.created"),
        { hideFields: SECRET_FIELDS },
      );
    }
    case "feed-update": {
      const upload = await uploadOf(form);
      return runForm(
        intent,
        form,
        updateSourceSchema,
        (value) => updateSource(services, actor, value, upload),
        namedToast("studio.sources.toast.saved"),
        { hideFields: SECRET_FIELDS },
      );
    }
    case "feed-delete":
      return runForm(
        intent,
        form,
        deleteSourceSchema,
        (value) => deleteSource(services, actor, value),
        (deleted) =>
          successToast("studio.sources.toast.deleted", { name: deleted.name, count: deleted.showtimes }),
        { toastOnError: true },
      );
    case "feed-run":
      return runForm(
        intent,
        form,
        runSourceNowSchema,
        (value) => runSourceNow(services, actor, value),
        namedToast("studio.sources.toast.queued"),
        { toastOnError: true },
      );
  }
}
