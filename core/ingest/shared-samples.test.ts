// The real feed samples in ../shared/data/feeds (read only, never copied into the project): each imports
// through its adapter into showtimes on the right cinema at the right local time; the same file again
// changes nothing; and from a complete feed with every second showtime removed, exactly those are cancelled.
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cinemaChains, cinemas } from "../../db/schema/catalog.ts";
import { sources } from "../../db/schema/ingest.ts";
import { showtimes } from "../../db/schema/showtimes.ts";
import { hasSharedData, sharedDataFile } from "../../tests/helpers/shared-data.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { createApiResponseCache } from "../cache/response-cache.ts";
import { ensureCountry } from "../catalog/catalog-test-helpers.ts";
import { adapterFor } from "./adapters/adapter-for-format.ts";
import type { FeedFormat } from "./feed.ts";
import { DEFAULT_FEED_FETCH_SETTINGS } from "./fetch-feed.ts";
import { type IngestServices, runImport } from "./run-import.ts";

const FEEDS = sharedDataFile("feeds");
const read = (file: string) => readFileSync(path.join(FEEDS, file), "utf8");

type Sample = {
  label: string;
  file: string;
  format: FeedFormat;
  scope: () => { cinemaId?: string; chainId?: string };
  /** the sample with every second showtime (in time order, the first kept) taken out */
  halve?: (text: string, removed: Set<string>) => string;
  /** one showtime's ref, its cinema and the instant its local start time means */
  check: { ref: string; cinema: () => string; startsAt: string };
};

const database = useTestDatabase();
let services: IngestServices;
const ids = { veezi: "", curzonChain: "", aldgate: "", pathe: "", filmhuis: "" };

/** The refs of every second showtime in time order (the earliest kept), as the adapter reads them. */
function everySecond(format: FeedFormat, text: string): Set<string> {
  const rows = adapterFor(format).parse(text).showtimes;
  const ordered = [...rows].sort(
    (a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.ref.localeCompare(b.ref),
  );
  return new Set(ordered.filter((_, index) => index % 2 === 1).map((row) => row.ref));
}

const SAMPLES: Sample[] = [
  {
    label: "Veezi sessions (JSON)",
    file: "veezi/json_sessions.json",
    format: "veezi-json",
    scope: () => ({ cinemaId: ids.veezi }),
    halve: (text, removed) =>
      JSON.stringify(
        (JSON.parse(text) as { Id: number }[]).filter((session) => !removed.has(String(session.Id))),
      ),
    // Veezi times are the cinema's wall clock: 17:00 in Auckland in June (NZST, +12).
    check: { ref: "702", cinema: () => ids.veezi, startsAt: "2013-06-28T05:00:00.000Z" },
  },
  {
    label: "Veezi sessions (XML)",
    file: "veezi/xml_sessions.xml",
    format: "veezi-xml",
    scope: () => ({ cinemaId: ids.veezi }),
    halve: (text, removed) =>
      text.replace(/<Session>[\s\S]*?<\/Session>/g, (session) => {
        const id = /<Id>(\d+)<\/Id>/.exec(session)?.[1] ?? "";
        return removed.has(id) ? "" : session;
      }),
    check: { ref: "702", cinema: () => ids.veezi, startsAt: "2013-06-28T05:00:00.000Z" },
  },
  {
    label: "Vista OCAPI capture (Curzon)",
    file: "unlicensed/vista_ocapi_curzon_uk_2025-11-12.json",
    format: "vista-ocapi",
    scope: () => ({ chainId: ids.curzonChain }),
    halve: (text, removed) => {
      const capture = JSON.parse(text) as Record<string, unknown>;
      const holder = (capture.showtimesById ? capture : (capture.payload as Record<string, unknown>)) as {
        showtimesById: Record<string, unknown>;
      };
      for (const ref of removed) delete holder.showtimesById[ref];
      return JSON.stringify(capture);
    },
    check: { ref: "ALD1-60152", cinema: () => ids.aldgate, startsAt: "2025-11-12T14:00:00.000Z" },
  },
  {
    label: "schema.org event (filmvandaag)",
    file: "unlicensed/filmvandaag_schemaorg_event_example.json",
    format: "schema-org",
    scope: () => ({}),
    check: {
      ref: "https://www.filmvandaag.nl/film/133263-200-wolf#2024-10-20T16:50:00+02:00",
      cinema: () => ids.pathe,
      startsAt: "2024-10-20T14:50:00.000Z",
    },
  },
  {
    label: "Dutch scraped screenings (expatcinema)",
    file: "nl_expatcinema/scraped_2018-12-26_all.json",
    format: "reeltime-json",
    scope: () => ({}),
    halve: (text, removed) => {
      const rows = JSON.parse(text) as unknown[];
      const refs = adapterFor("reeltime-json")
        .parse(text)
        .showtimes.map((row) => row.ref);
      return JSON.stringify(rows.filter((_, index) => !removed.has(refs[index]!)));
    },
    check: { ref: "", cinema: () => ids.filmhuis, startsAt: "2018-12-26T09:30:00.000Z" },
  },
];

describe.runIf(hasSharedData)("the shared feed samples", () => {
  beforeAll(async () => {
    const { db } = database();
    services = {
      db,
      now: () => new Date("2026-11-24T12:00:00Z"),
      apiCache: createApiResponseCache(),
      feeds: { fetch: DEFAULT_FEED_FETCH_SETTINGS, credentialsKey: Buffer.alloc(32, 3) },
    };
    await ensureCountry(db, "NL", "Netherlands");
    await ensureCountry(db, "GB", "United Kingdom");
    await ensureCountry(db, "NZ", "New Zealand");
    const [chain] = await db
      .insert(cinemaChains)
      .values({ name: "Curzon", slug: "curzon" })
      .returning({ id: cinemaChains.id });
    ids.curzonChain = chain!.id;
    const vista = JSON.parse(read("unlicensed/vista_ocapi_curzon_uk_2025-11-12.json")) as Record<
      string,
      unknown
    >;
    const sites = adapterFor("vista-ocapi").parse(JSON.stringify(vista)).cinemas;
    const curzon = await db
      .insert(cinemas)
      .values(
        sites.map((site) => ({
          name: `Curzon ${site.name}`,
          slug: `curzon-${site.ref.toLowerCase()}`,
          city: "London",
          countryCode: "GB",
          timeZone: "Europe/London",
          chainId: ids.curzonChain,
          posSiteId: site.ref,
        })),
      )
      .returning({ id: cinemas.id, posSiteId: cinemas.posSiteId });
    ids.aldgate = curzon.find((row) => row.posSiteId === "ALD1")!.id;
    const dutch = [
      "Eye",
      "Filmhuis Den Haag",
      "Kino",
      "Kriterion",
      "Lab111",
      "Lantarenvenster",
      "Louis Hartlooper Complex",
      "Springhaver",
      "Pathé Amsterdam Noord",
    ];
    const made = await db
      .insert(cinemas)
      .values(
        dutch.map((name, index) => ({
          name,
          slug: `nl-${index}`,
          city: "Amsterdam",
          countryCode: "NL",
          timeZone: "Europe/Amsterdam",
        })),
      )
      .returning({ id: cinemas.id, name: cinemas.name });
    ids.filmhuis = made.find((row) => row.name === "Filmhuis Den Haag")!.id;
    ids.pathe = made.find((row) => row.name === "Pathé Amsterdam Noord")!.id;
    const [veezi] = await db
      .insert(cinemas)
      .values({
        name: "Roxy Cinema",
        slug: "roxy",
        city: "Wellington",
        countryCode: "NZ",
        timeZone: "Pacific/Auckland",
      })
      .returning({ id: cinemas.id });
    ids.veezi = veezi!.id;
  });

  for (const sample of SAMPLES) {
    it(`${sample.label}: imports at the right cinema and time, then changes nothing, then cancels exactly what vanished`, async () => {
      const { db } = database();
      const text = read(sample.file);
      const expected = adapterFor(sample.format).parse(text).showtimes.length;
      expect(expected).toBeGreaterThan(0);
      const [source] = await db
        .insert(sources)
        .values({
          name: sample.label,
          format: sample.format,
          location: "upload",
          isComplete: true,
          ...sample.scope(),
        })
        .returning({ id: sources.id });
      const sourceId = source!.id;

      const first = await runImport(services, { sourceId, input: text });
      expect(
        first.problems.filter((p) => p.field === "cinema"),
        sample.label,
      ).toEqual([]);
      expect(first.counts).toMatchObject({ read: expected, inserted: expected, rejected: 0 });

      const stored = await db
        .select({
          ref: showtimes.sourceRef,
          cinemaId: showtimes.cinemaId,
          startsAt: showtimes.startsAt,
          title: showtimes.feedTitle,
        })
        .from(showtimes)
        .where(eq(showtimes.sourceId, sourceId));
      expect(stored).toHaveLength(expected);
      const checked = sample.check.ref
        ? stored.find((row) => row.ref === sample.check.ref)
        : stored.find(
            (row) => row.startsAt.toISOString() === sample.check.startsAt && row.title === "Cold war",
          );
      expect(checked, sample.label).toBeDefined();
      expect(checked!.cinemaId).toBe(sample.check.cinema());
      expect(checked!.startsAt.toISOString()).toBe(sample.check.startsAt);

      const again = await runImport(services, { sourceId, input: text });
      expect(again.counts).toMatchObject({ inserted: 0, updated: 0, cancelled: 0 });

      if (!sample.halve) return;
      const removed = everySecond(sample.format, text);
      expect(removed.size).toBeGreaterThan(0);
      const half = await runImport(services, { sourceId, input: sample.halve(text, removed) });
      expect(half.counts).toMatchObject({
        read: expected - removed.size,
        inserted: 0,
        updated: 0,
        cancelled: removed.size,
      });
      const cancelled = await db
        .select({ ref: showtimes.sourceRef })
        .from(showtimes)
        .where(and(eq(showtimes.sourceId, sourceId), eq(showtimes.status, "cancelled")));
      expect(new Set(cancelled.map((row) => row.ref))).toEqual(removed);
    });
  }
});
