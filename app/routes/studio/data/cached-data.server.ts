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
import { successToast } from "../../../lib/form-action.server.ts";
import { formIntent, studioActor } from "../../../lib/list-route.server.ts";
import { readChoice, readPageClamped } from "../../../lib/table-query.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { catalogAction } from "./catalog-action.server.ts";

const SORT_KEYS = [...new Set(CACHE_SORTS.map((s) => s.replace(/^-/, "")))];

export async function loadCachedData(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  const url = new URL(request.url);
  const table = readTableParams(url.searchParams, { sortKeys: SORT_KEYS, defaultSort: "-size" });
  const input = {
    search: table.q || undefined,
    namespace: readChoice(url.searchParams, "namespace", CACHE_NAMESPACES),
    sort: table.sort as CacheSort,
  };
  const [page, summary] = await Promise.all([
    readPageClamped(
      (n) => listCacheEntries(services, actor, { ...input, page: n, pageSize: table.pageSize }),
      table.page,
    ),
    getCacheSummary(services, actor),
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

const CACHED_DATA_INTENTS = {
  purgeKey: formIntent(
    purgeCacheKeySchema,
    purgeCacheEntry,
    ({ purged, key }) =>
      successToast(purged > 0 ? "studio.cachedData.toast.entryPurged" : "studio.cachedData.toast.entryGone", {
        key,
      }),
    { toastOnError: true },
  ),
  // How many a prefix purge would remove: the page asks before purging.
  countPrefix: formIntent(purgeCachePrefixSchema, countCachePurge, (count) => ({ payload: count })),
  purgePrefix: formIntent(
    purgeCachePrefixSchema,
    purgeCachePrefix,
    ({ purged, prefix }) => successToast("studio.cachedData.toast.prefixPurged", { count: purged, prefix }),
    { toastOnError: true },
  ),
  purgeAll: formIntent(purgeAllCachesSchema, purgeAllCaches, ({ purged }) =>
    successToast("studio.cachedData.toast.allPurged", { count: purged }),
  ),
};

export const cachedDataAction = (request: Request, context: Readonly<RouterContextProvider>) =>
  catalogAction(request, context, CACHED_DATA_INTENTS);
