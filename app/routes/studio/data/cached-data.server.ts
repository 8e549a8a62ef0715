// /studio/data/cached-data on the server (super admins only, by the route guard and again here): the
// caches' summary, their entries (search by key, namespace filter, sort, paging) and the intents
// purgeKey, countPrefix (how many a prefix purge would remove), purgePrefix and purgeAll.
import type { RouterContextProvider } from "react-router";
import { countCachePurge } from "../../../../core/cache/count-cache-purge.ts";
import {
  CACHE_NAMESPACES,
  CACHE_SORTS,
  purgeAllCachesSchema,
  purgeCacheKeySchema,
  purgeCachePrefixSchema,
  type CacheSort,
} from "../../../../core/cache/cache-schemas.ts";
import { getCacheSummary } from "../../../../core/cache/get-cache-summary.ts";
import { listCacheEntries } from "../../../../core/cache/list-cache-entries.ts";
import { purgeAllCaches } from "../../../../core/cache/purge-all-caches.ts";
import { purgeCacheEntry } from "../../../../core/cache/purge-cache-entry.ts";
import { purgeCachePrefix } from "../../../../core/cache/purge-cache-prefix.ts";
import {
  readForm,
  readIntent,
  runForm,
  successToast,
  unknownIntent,
} from "../../../lib/form-action.server.ts";
import { readChoice, readPageClamped } from "../../../lib/table-query.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { studioRequest } from "../../../lib/studio-request.server.ts";
import { refuseUnlessSuperAdmin } from "./catalog.server.ts";

const SORT_KEYS = [...new Set(CACHE_SORTS.map((s) => s.replace(/^-/, "")))];
export const CACHED_DATA_INTENTS = ["purgeKey", "countPrefix", "purgePrefix", "purgeAll"] as const;

export async function loadCachedData(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const url = new URL(request.url);
  const table = readTableParams(url.searchParams, { sortKeys: SORT_KEYS, defaultSort: "-size" });
  const input = {
    search: table.q || undefined,
    namespace: readChoice(url.searchParams, "namespace", CACHE_NAMESPACES),
    sort: table.sort as CacheSort,
  };
  const [page, summary] = await Promise.all([
    readPageClamped(
      (n) => listCacheEntries(services, session.actor, { ...input, page: n, pageSize: table.pageSize }),
      table.page,
    ),
    getCacheSummary(services, session.actor),
  ]);
  return {
    rows: page.rows.map((row) => ({ ...row, storedAt: row.storedAt?.toISOString() ?? null })),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    sort: table.sort,
    summary: summary.map((cache) => ({ ...cache, since: cache.since.toISOString() })),
  };
}

export async function cachedDataAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const refused = refuseUnlessSuperAdmin(actor);
  if (refused) return refused;
  const form = await readForm(request);
  const intent = readIntent(form, CACHED_DATA_INTENTS);
  switch (intent) {
    case "purgeKey":
      return runForm(
        intent,
        form,
        purgeCacheKeySchema,
        (value) => purgeCacheEntry(services, actor, value),
        ({ purged, key }) =>
          successToast(
            purged > 0 ? "studio.cachedData.toast.entryPurged" : "studio.cachedData.toast.entryGone",
            {
              key,
            },
          ),
        { toastOnError: true },
      );
    case "countPrefix":
      return runForm(
        intent,
        form,
        purgeCachePrefixSchema,
        (value) => countCachePurge(services, actor, value),
        (count) => ({ payload: count }),
      );
    case "purgePrefix":
      return runForm(
        intent,
        form,
        purgeCachePrefixSchema,
        (value) => purgeCachePrefix(services, actor, value),
        ({ purged, prefix }) =>
          successToast("studio.cachedData.toast.prefixPurged", { count: purged, prefix }),
        { toastOnError: true },
      );
    case "purgeAll":
      return runForm(
        intent,
        form,
        purgeAllCachesSchema,
        (value) => purgeAllCaches(services, actor, value),
        ({ purged }) => successToast("studio.cachedData.toast.allPurged", { count: purged }),
      );
    default:
      return unknownIntent();
  }
}
