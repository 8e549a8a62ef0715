// The purge deletes showtimes older than the age, keeps the rest, audits the run and invalidates the API cache.
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { showtimes } from "../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { createApiResponseCache } from "../cache/response-cache.ts";
import { createCinema, ensureCountry } from "../catalog/catalog-test-helpers.ts";
import { auditRowsFor } from "../tenancy/tenancy-test-fixtures.ts";
import { purgeOldShowtimes } from "./purge-old-showtimes.ts";

const database = useTestDatabase();
const now = new Date("2026-06-01T12:00:00Z");
const day = 24 * 60 * 60 * 1000;
let cinemaId: string;

beforeAll(async () => {
  const { db } = database();
  await ensureCountry(db, "NL", "Netherlands");
  cinemaId = await createCinema(db);
  const ages = [400, 91, 90.5, 89, 10, -3];
  await db.insert(showtimes).values(
    ages.map((age) => ({
      cinemaId,
      countryCode: "NL",
      feedTitle: `${age} days ago`,
      startsAt: new Date(now.getTime() - age * day),
    })),
  );
});

it("deletes showtimes that started more than the given number of days ago, and only those", async () => {
  const { db } = database();
  const apiCache = createApiResponseCache();
  const version = await apiCache.dataVersion();
  const progress: number[] = [];
  const result = await purgeOldShowtimes(
    { db, apiCache },
    { olderThanDays: 90, now, reportProgress: async (p) => void progress.push(p.done) },
  );
  expect(result).toEqual({ deleted: 3, before: new Date(now.getTime() - 90 * day).toISOString() });
  const left = await db
    .select({ title: showtimes.feedTitle })
    .from(showtimes)
    .where(eq(showtimes.cinemaId, cinemaId));
  expect(left.map((r) => r.title).sort()).toEqual(["-3 days ago", "10 days ago", "89 days ago"]);
  expect(progress.at(-1)).toBe(3);
  expect(await apiCache.dataVersion()).not.toBe(version);
  const [audit] = await auditRowsFor(db, "showtimes.purge");
  expect(audit).toMatchObject({ actorProfileId: null, after: { deleted: 3, olderThanDays: 90 } });

  // Nothing left to purge: nothing deleted, the cache kept.
  const again = await apiCache.dataVersion();
  expect(await purgeOldShowtimes({ db, apiCache }, { olderThanDays: 90, now })).toMatchObject({ deleted: 0 });
  expect(await apiCache.dataVersion()).toBe(again);
});

it("stops when its job is cancelled", async () => {
  const { db } = database();
  const controller = new AbortController();
  controller.abort(new Error("cancelled"));
  await expect(
    purgeOldShowtimes(
      { db, apiCache: createApiResponseCache() },
      { olderThanDays: 1, now, signal: controller.signal },
    ),
  ).rejects.toThrow("cancelled");
  expect(await db.select().from(showtimes).where(eq(showtimes.cinemaId, cinemaId))).toHaveLength(3);
});
