// The demo's one enabled feed, so "Run a feed" works on a fresh start: a native JSON sample shipped in
// the repository (db/seed/data/demo-feed.json, films of the demo catalogue with their IMDb ids) kept as the
// feed's uploaded file, for one cinema. Its dates are moved so that the first falls on the day after the
// seed runs: the shows imported are in the coming days, whenever the demo starts.
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Database } from "../client.ts";
import { cinemas } from "../schema/catalog.ts";
import { sources, sourceUploads } from "../schema/ingest.ts";
import { demoDataDir } from "./load-demo-data.ts";

export const DEMO_SAMPLE_FEED_NAME = "Demo feed (sample file)";
export const DEMO_SAMPLE_FEED_FILE = "demo-feed.json";
/** A Dutch independent cinema of the demo data, whose local times the sample's are. */
export const DEMO_SAMPLE_FEED_CINEMA = "louis-hartlooper-complex";

const DAY_MS = 86_400_000;
const DATE_PREFIX = /^(\d{4}-\d{2}-\d{2})/;

type SampleRow = { startsAt: string } & Record<string, unknown>;

/** The sample with its dates moved so the earliest is the day after `now` (UTC); times stay. */
export function shiftSampleDates(sample: { showtimes: SampleRow[] }, now: Date) {
  const days = sample.showtimes
    .map((row) => DATE_PREFIX.exec(row.startsAt)?.[1] ?? "")
    .filter(Boolean)
    .sort();
  const first = days[0];
  if (!first) return sample;
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const offset = Math.round((tomorrow - Date.parse(`${first}T00:00:00Z`)) / DAY_MS);
  const move = (date: string) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
  return {
    showtimes: sample.showtimes.map((row) => ({
      ...row,
      startsAt: row.startsAt.replace(DATE_PREFIX, (date) => move(date)),
    })),
  };
}

/** Adds the enabled sample feed (nothing when its cinema is not in the data); returns its id. */
export async function seedDemoFeed(db: Database, options: { now?: Date } = {}): Promise<string | null> {
  const [cinema] = await db
    .select({ id: cinemas.id })
    .from(cinemas)
    .where(eq(cinemas.slug, DEMO_SAMPLE_FEED_CINEMA));
  if (!cinema) return null;
  const sample = JSON.parse(await readFile(new URL(DEMO_SAMPLE_FEED_FILE, demoDataDir), "utf8")) as {
    showtimes: SampleRow[];
  };
  const content = `${JSON.stringify(shiftSampleDates(sample, options.now ?? new Date()), null, 2)}\n`;
  return db.transaction(async (tx) => {
    const [source] = await tx
      .insert(sources)
      .values({
        name: DEMO_SAMPLE_FEED_NAME,
        format: "reeltime-json",
        location: "upload",
        cinemaId: cinema.id,
        enabled: true,
        // Only what the sample lists: a run never cancels the cinema's other shows.
        isComplete: false,
      })
      .returning({ id: sources.id });
    await tx.insert(sourceUploads).values({
      sourceId: source!.id,
      fileName: DEMO_SAMPLE_FEED_FILE,
      content,
      bytes: Buffer.byteLength(content),
    });
    return source!.id;
  });
}
