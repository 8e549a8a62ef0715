// Issue 25 point 7: the demo has one enabled feed, from a sample file in the repository, and running it
// on a fresh demo database imports its shows, matched to the demo's films, in the coming days.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiResponseCache } from "../../core/cache/response-cache.ts";
import { DEFAULT_FEED_FETCH_SETTINGS } from "../../core/ingest/fetch-feed.ts";
import { runImport, type IngestServices } from "../../core/ingest/run-import.ts";
import { createTestDatabase } from "../../tests/helpers/test-db.ts";
import type { DatabaseHandle } from "../client.ts";
import { sources } from "../schema/ingest.ts";
import { showtimes } from "../schema/showtimes.ts";
import { loadDemoData } from "./load-demo-data.ts";
import { seedDemoData } from "./seed-demo.ts";
import {
  DEMO_SAMPLE_FEED_CINEMA,
  DEMO_SAMPLE_FEED_NAME,
  seedDemoFeed,
  shiftSampleDates,
} from "./seed-demo-feed.ts";

const NOW = new Date("2026-11-22T10:00:00Z");
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  const data = await loadDemoData();
  // The feed's cinema and every film: enough for the sample, fast to seed.
  const cinemas = data.cinemas.filter((c) => c.slug === DEMO_SAMPLE_FEED_CINEMA);
  await seedDemoData(handle.db, { now: NOW, data: { ...data, cinemas }, days: 1 });
});
afterAll(async () => {
  await handle?.close();
});

describe("the demo's sample feed", () => {
  it("is the one enabled feed, and running it imports every show, matched, in the coming days", async () => {
    const { db } = handle;
    const sourceId = await seedDemoFeed(db, { now: NOW });
    expect(sourceId).not.toBeNull();
    const enabled = await db.select().from(sources).where(eq(sources.enabled, true));
    expect(enabled.map((s) => s.name)).toEqual([DEMO_SAMPLE_FEED_NAME]);

    const services: IngestServices = {
      db,
      now: () => NOW,
      apiCache: createApiResponseCache(),
      feeds: { fetch: DEFAULT_FEED_FETCH_SETTINGS, credentialsKey: Buffer.alloc(32, 7) },
    };
    const result = await runImport(services, { sourceId: sourceId!, trigger: "manual" });
    expect(result.problems).toEqual([]);
    expect(result.status).toBe("succeeded");
    const imported = await db.select().from(showtimes).where(eq(showtimes.sourceId, sourceId!));
    expect(imported).toHaveLength(8);
    expect(imported.every((show) => show.movieId !== null)).toBe(true);
    const starts = imported.map((show) => show.startsAt.getTime());
    expect(Math.min(...starts)).toBeGreaterThan(NOW.getTime());
    expect(Math.max(...starts)).toBeLessThan(NOW.getTime() + 4 * 86_400_000);
  });

  it("moves the sample's dates so the first is the day after the seed, keeping the times", () => {
    const shifted = shiftSampleDates(
      { showtimes: [{ startsAt: "2026-01-07T16:30" }, { startsAt: "2026-01-05T14:00" }] },
      new Date("2027-03-31T23:30:00Z"),
    );
    expect(shifted.showtimes.map((row) => row.startsAt)).toEqual(["2027-04-03T16:30", "2027-04-01T14:00"]);
  });
});
