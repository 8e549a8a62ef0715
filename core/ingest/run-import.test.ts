// The import run on a real database: inserts then changes nothing the second time, cancels exactly what
// vanished from a complete feed, reads local times in the cinema's zone, maps attributes and languages,
// matches movies (and files the rest as missing links), and for every broken input — truncated JSON, an
// XML entity bomb, a bad date in a CSV, a 200 MB answer, a feed that never answers — ends with a clear
// status and problem list while nothing else changes.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attributes, cinemas, movieAliases, movies } from "../../db/schema/catalog.ts";
import { importRuns, missingLinks, sources } from "../../db/schema/ingest.ts";
import { showtimes } from "../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { createApiResponseCache } from "../cache/response-cache.ts";
import { ensureCountry } from "../catalog/catalog-test-helpers.ts";
import { queryRows } from "../shared/db-rows.ts";
import { DEFAULT_FEED_FETCH_SETTINGS } from "./fetch-feed.ts";
import { encryptFeedCredentials } from "./feed-credentials.ts";
import { type IngestServices, runImport } from "./run-import.ts";

const database = useTestDatabase();
let services: IngestServices;
const key = Buffer.alloc(32, 7);
const ids = { kriterion: "", lisbon: "", dune: "", chain: "" };
let server: Server;
let base = "";
let etagHits = 0;

const feedRow = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `S${n}`,
  title: n % 2 ? "Dune: Part Two (OV)" : "A Film Nobody Knows",
  startsAt: `2030-03-${String(10 + (n % 10)).padStart(2, "0")}T20:${String(n % 60).padStart(2, "0")}`,
  attributes: ["3D", "Dolby Atmos"],
  audioLanguage: "Engels",
  subtitles: ["Nederlands"],
  bookingUrl: `https://tickets.example/${n}`,
  ...extra,
});
const nativeFeed = (rows: unknown[]) => JSON.stringify({ showtimes: rows });

async function source(values: Partial<typeof sources.$inferInsert> = {}) {
  const [row] = await database()
    .db.insert(sources)
    .values({
      name: "Test feed",
      format: "reeltime-json",
      location: "upload",
      cinemaId: ids.kriterion,
      ...values,
    })
    .returning({ id: sources.id });
  return row!.id;
}

async function showtimesOf(sourceId: string) {
  return database()
    .db.select({
      ref: showtimes.sourceRef,
      status: showtimes.status,
      startsAt: showtimes.startsAt,
      movieId: showtimes.movieId,
      attributes: showtimes.attributes,
      audio: showtimes.audioLanguage,
      subtitles: showtimes.subtitleLanguages,
      cinemaId: showtimes.cinemaId,
    })
    .from(showtimes)
    .where(eq(showtimes.sourceId, sourceId))
    .orderBy(showtimes.sourceRef);
}

async function showtimeCount() {
  const [row] = await queryRows<{ n: number }>(database().db, sql`select count(*)::int as n from showtimes`);
  return row!.n;
}

beforeAll(async () => {
  const { db } = database();
  services = {
    db,
    now: () => new Date("2030-03-01T12:00:00Z"),
    apiCache: createApiResponseCache(),
    feeds: {
      fetch: {
        ...DEFAULT_FEED_FETCH_SETTINGS,
        timeoutMs: 500,
        // The 200 MB feed must hit the size limit well inside the short timeout, even on a busy machine.
        maxBytes: 4 * 1024 * 1024,
        retries: 1,
        backoffMs: 10,
        allowedPrivateHosts: ["127.0.0.1"],
      },
      credentialsKey: key,
    },
  };
  await ensureCountry(db, "NL", "Netherlands");
  await ensureCountry(db, "PT", "Portugal");
  const made = await db
    .insert(cinemas)
    .values([
      {
        name: "Kriterion",
        slug: "kriterion",
        city: "Amsterdam",
        countryCode: "NL",
        timeZone: "Europe/Amsterdam",
      },
      {
        name: "Cinema Ideal",
        slug: "ideal",
        city: "Lisboa",
        countryCode: "PT",
        timeZone: "Europe/Lisbon",
        posSiteId: "0042",
      },
    ])
    .returning({ id: cinemas.id });
  [ids.kriterion, ids.lisbon] = made.map((row) => row.id) as [string, string];
  const [dune] = await db
    .insert(movies)
    .values({
      title: "Dune: Part Two",
      slug: "dune-part-two",
      year: 2024,
      runtimeMinutes: 166,
      imdbId: "tt15239678",
    })
    .returning({ id: movies.id });
  ids.dune = dune!.id;
  await db.insert(attributes).values([
    { code: "3d", category: "format", names: { en: "3D" } },
    {
      code: "atmos",
      category: "audio",
      names: { en: "Dolby Atmos", nl: "Dolby Atmos" },
      synonyms: ["atmos"],
    },
  ]);

  server = createServer((request, response) => {
    const path = request.url ?? "/";
    if (path === "/feed.json") {
      if (request.headers.authorization !== "Bearer letmein") return void response.writeHead(401).end();
      etagHits += 1;
      if (request.headers["if-none-match"] === '"v1"') return void response.writeHead(304).end();
      response.writeHead(200, { etag: '"v1"' }).end(nativeFeed([feedRow(1), feedRow(2)]));
      return;
    }
    if (path === "/huge.json") {
      response.writeHead(200);
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const write = () => {
        while (sent < 200) {
          sent += 1;
          if (!response.write(chunk)) return void response.once("drain", write);
        }
        response.end();
      };
      response.on("close", () => (sent = 200));
      write();
      return;
    }
    if (path === "/slow.json") return; // never answers
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("runImport", () => {
  it("imports, then changes nothing on the same input, then cancels exactly what vanished", async () => {
    const sourceId = await source({ isComplete: true });
    const rows = Array.from({ length: 20 }, (_, n) => feedRow(n + 1));
    const version = await services.apiCache.dataVersion();

    const first = await runImport(services, { sourceId, input: nativeFeed(rows) });
    expect(first.status).toBe("succeeded");
    expect(first.counts).toMatchObject({
      read: 20,
      inserted: 20,
      updated: 0,
      cancelled: 0,
      rejected: 0,
      unmatched: 10,
    });
    expect(await services.apiCache.dataVersion()).toBeGreaterThan(version);

    const again = await runImport(services, { sourceId, input: nativeFeed(rows) });
    expect(again.counts).toMatchObject({ read: 20, inserted: 0, updated: 0, cancelled: 0 });

    const kept = rows.filter((_, n) => n % 2 === 0);
    const half = await runImport(services, { sourceId, input: nativeFeed(kept) });
    expect(half.counts).toMatchObject({ read: 10, inserted: 0, updated: 0, cancelled: 10 });
    const stored = await showtimesOf(sourceId);
    const cancelled = stored.filter((row) => row.status === "cancelled").map((row) => row.ref);
    expect(cancelled.sort()).toEqual(
      rows
        .filter((_, n) => n % 2 === 1)
        .map((row) => row.id)
        .sort(),
    );

    // Back in the feed: scheduled again.
    const back = await runImport(services, { sourceId, input: nativeFeed(rows) });
    expect(back.counts).toMatchObject({ inserted: 0, updated: 10, cancelled: 0 });

    const [run] = await database().db.select().from(importRuns).where(eq(importRuns.id, back.runId));
    expect(run).toMatchObject({ status: "succeeded", trigger: "schedule" });
    expect(run!.finishedAt).not.toBeNull();
    const [after] = await database().db.select().from(sources).where(eq(sources.id, sourceId));
    expect(after).toMatchObject({ lastStatus: "succeeded" });
  });

  it("reads local times in the cinema's zone and maps attributes, languages and movies", async () => {
    const sourceId = await source();
    const result = await runImport(services, {
      sourceId,
      input: nativeFeed([
        feedRow(1, { startsAt: "2030-07-01T20:30" }),
        feedRow(3, { startsAt: "2030-01-15T20:30", attributes: ["atmos", "Smell-O-Vision"] }),
      ]),
    });
    expect(result.status).toBe("succeeded");
    const stored = await showtimesOf(sourceId);
    expect(stored.map((row) => row.startsAt.toISOString())).toEqual([
      "2030-07-01T18:30:00.000Z",
      "2030-01-15T19:30:00.000Z",
    ]);
    expect(stored[0]).toMatchObject({
      attributes: ["3d", "atmos"],
      audio: "en",
      subtitles: ["nl"],
      movieId: ids.dune,
    });
    expect(stored[1]!.attributes).toEqual(["atmos"]);
    expect(result.problems).toContainEqual(
      expect.objectContaining({
        field: "attributes",
        message: "ingest.problem.unknownAttribute",
        values: { value: "smell-o-vision" },
      }),
    );
  });

  it("files unmatched titles as missing links, once per title, counting occurrences", async () => {
    const sourceId = await source();
    const rows = [feedRow(2), feedRow(4), feedRow(6)];
    await runImport(services, { sourceId, input: nativeFeed(rows) });
    const links = await database().db.select().from(missingLinks).where(eq(missingLinks.sourceId, sourceId));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ rawTitle: "A Film Nobody Knows", resolution: null });
    // Linking by hand makes an alias: the next run links the title itself.
    await database()
      .db.insert(movieAliases)
      .values({ normalizedTitle: links[0]!.normalizedTitle, movieId: ids.dune });
    const next = await runImport(services, { sourceId, input: nativeFeed(rows) });
    expect(next.counts).toMatchObject({ unmatched: 0, updated: 3 });
    expect((await showtimesOf(sourceId)).every((row) => row.movieId === ids.dune)).toBe(true);
    await database().db.delete(movieAliases).where(eq(movieAliases.movieId, ids.dune));
  });

  it("maps a chain-wide feed's sites to cinemas by site id, and reports the unknown ones", async () => {
    const sourceId = await source({ cinemaId: null });
    const result = await runImport(services, {
      sourceId,
      input: nativeFeed([
        feedRow(1, { cinemaId: "0042" }),
        feedRow(3, { cinema: "Kriterion" }),
        feedRow(5, { cinema: "Nowhere" }),
      ]),
    });
    expect(result.status).toBe("partial");
    expect(result.counts).toMatchObject({ read: 3, inserted: 2, rejected: 1 });
    expect((await showtimesOf(sourceId)).map((row) => row.cinemaId).sort()).toEqual(
      [ids.kriterion, ids.lisbon].sort(),
    );
    expect(result.problems).toContainEqual(
      expect.objectContaining({
        field: "cinema",
        message: "ingest.problem.unknownCinema",
        values: { cinema: "Nowhere" },
      }),
    );
  });

  it("writes any text as it came (quotes, backslashes, braces, commas; a NUL dropped)", async () => {
    const sourceId = await source();
    const title = 'Wall-E {"Director\'s Cut"} \\ 2, NULL';
    const result = await runImport(services, {
      sourceId,
      input: nativeFeed([
        feedRow(1, { title: `${title}\u0000`, auditorium: "Zaal {1}", attributes: ['"3D"', "a,b", "NULL"] }),
      ]),
    });
    expect(result.counts).toMatchObject({ inserted: 1, rejected: 0 });
    const [row] = await database()
      .db.select({ title: showtimes.feedTitle, auditorium: showtimes.auditorium, price: showtimes.priceMin })
      .from(showtimes)
      .where(eq(showtimes.sourceId, sourceId));
    expect(row).toEqual({ title, auditorium: "Zaal {1}", price: null });
  });

  it("writes every column exactly, as delimited text or (a value holding a separator) as JSON", async () => {
    const full = {
      featureStartsAt: "2030-03-11T20:15",
      endsAt: "2030-03-11T22:30",
      auditorium: "Zaal 2",
      price: { min: 950, max: 1250, currency: "EUR" },
      seatsAvailable: 0,
      seatsTotal: 120,
      availability: "sold-out",
      cancelled: true,
    };
    const input = (title: string) =>
      nativeFeed([feedRow(1, { title, ...full }), feedRow(2, { attributes: [], subtitles: [] })]);
    const written = async (sourceId: string) =>
      database()
        .db.select({
          title: showtimes.feedTitle,
          featureStartsAt: showtimes.featureStartsAt,
          endsAt: showtimes.endsAt,
          auditorium: showtimes.auditorium,
          attributes: showtimes.attributes,
          audio: showtimes.audioLanguage,
          subtitles: showtimes.subtitleLanguages,
          bookingUrl: showtimes.bookingUrl,
          prices: sql<string>`${showtimes.priceMin} || '-' || ${showtimes.priceMax} || ' ' || ${showtimes.currency}`,
          seats: sql<string>`${showtimes.seatsAvailable} || '/' || ${showtimes.seatsTotal}`,
          availability: showtimes.availability,
          status: showtimes.status,
        })
        .from(showtimes)
        .where(eq(showtimes.sourceId, sourceId))
        .orderBy(showtimes.sourceRef);
    const plain = await source();
    const separated = await source();
    for (const [sourceId, title] of [
      [plain, "Dune: Part Two"],
      [separated, "Dune:\u001fPart\u001eTwo\u001d\u001c"],
    ] as const) {
      expect((await runImport(services, { sourceId, input: input(title) })).counts).toMatchObject({
        inserted: 2,
        rejected: 0,
      });
      const [first, second] = await written(sourceId);
      expect(first).toEqual({
        title,
        featureStartsAt: new Date("2030-03-11T19:15:00Z"),
        endsAt: new Date("2030-03-11T21:30:00Z"),
        auditorium: "Zaal 2",
        attributes: ["3d", "atmos"],
        audio: "en",
        subtitles: ["nl"],
        bookingUrl: "https://tickets.example/1",
        prices: "950-1250 EUR",
        seats: "0/120",
        availability: "sold-out",
        status: "cancelled",
      });
      expect(second).toMatchObject({
        featureStartsAt: null,
        endsAt: null,
        auditorium: null,
        attributes: [],
        subtitles: [],
        prices: null,
        seats: null,
        availability: "unknown",
        status: "scheduled",
      });
      // The same input again: every value compares equal, nothing is written.
      expect((await runImport(services, { sourceId, input: input(title) })).counts).toMatchObject({
        inserted: 0,
        updated: 0,
      });
    }
  });

  it("gives new showtimes time-ordered ids (UUID version 7), distinct and rising with each batch", async () => {
    const sourceId = await source();
    await runImport(services, { sourceId, input: nativeFeed([feedRow(1), feedRow(2), feedRow(3)]) });
    await new Promise((resolve) => setTimeout(resolve, 2));
    const laterSource = await source();
    await runImport(services, { sourceId: laterSource, input: nativeFeed([feedRow(4)]) });
    const rows = await database()
      .db.select({ id: showtimes.id, sourceId: showtimes.sourceId })
      .from(showtimes)
      .where(sql`${showtimes.sourceId} in (${sourceId}::uuid, ${laterSource}::uuid)`);
    expect(rows).toHaveLength(4);
    for (const { id } of rows)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(rows.map((row) => row.id)).size).toBe(4);
    const first = rows.filter((row) => row.sourceId === sourceId).map((row) => row.id);
    const later = rows.find((row) => row.sourceId === laterSource)!.id;
    // The first 48 bits are the time in milliseconds: a later run's ids sort after an earlier one's.
    for (const id of first) expect(id < later).toBe(true);
  });

  it("imports a feed of many parts in one transaction and cancels across them", async () => {
    const sourceId = await source({ format: "reeltime-csv", isComplete: true });
    const csv = (count: number) =>
      [
        "id,title,starts_at",
        ...Array.from(
          { length: count },
          (_, n) =>
            // a distinct minute each (a repeated one would be the same show twice)
            `p${n},Dune: Part Two,2030-05-${String(1 + Math.floor(n / 600)).padStart(2, "0")}T${String(10 + Math.floor((n % 600) / 60)).padStart(2, "0")}:${String(n % 60).padStart(2, "0")}`,
        ),
      ].join("\n");
    const first = await runImport(services, { sourceId, input: csv(12_000) });
    expect(first.counts).toMatchObject({ read: 12_000, inserted: 12_000, unmatched: 0 });
    const again = await runImport(services, { sourceId, input: csv(12_000) });
    expect(again.counts).toMatchObject({ inserted: 0, updated: 0, cancelled: 0 });
    const shorter = await runImport(services, { sourceId, input: csv(7_000) });
    expect(shorter.counts).toMatchObject({ inserted: 0, updated: 0, cancelled: 5_000 });
    const [cancelled] = await queryRows<{ n: number; low: string }>(
      database().db,
      sql`select count(*)::int as n, min(source_ref) as low from showtimes
          where source_id = ${sourceId}::uuid and status = 'cancelled' and source_ref ~ '^p([7-9][0-9]{3}|1[01][0-9]{3})$'`,
    );
    expect(cancelled).toEqual({ n: 5_000, low: "p10000" });
  });

  it("skips the one CSV row with a bad date and imports the rest", async () => {
    const sourceId = await source({ format: "reeltime-csv" });
    const csv = [
      "id,title,starts_at,attributes",
      "c1,Dune: Part Two,2030-04-01T19:00,3D",
      "c2,Dune: Part Two,2030-04-31T19:00,3D",
      "c3,Dune: Part Two,2030-04-02T21:15,",
    ].join("\n");
    const result = await runImport(services, { sourceId, input: csv });
    expect(result.status).toBe("partial");
    expect(result.counts).toMatchObject({ inserted: 2, rejected: 1 });
    expect(result.problems[0]).toMatchObject({ where: "line 3" });
    expect((await showtimesOf(sourceId)).map((row) => row.ref)).toEqual(["c1", "c3"]);
  });

  it("skips a showtime listed twice under another id (same film, start, attributes and languages) and reports it", async () => {
    const sourceId = await source({ format: "reeltime-csv" });
    const csv = [
      "id,title,starts_at,attributes",
      "d1,Dune: Part Two,2030-05-01T19:00,3D|Dolby Atmos",
      "d2,Dune: Part Two,2030-05-01T19:00,Dolby Atmos|3D",
      "d3,Dune: Part Two,2030-05-01T19:00,",
      "d4,Dune: Part Two (OV),2030-05-01T19:00,3D|Dolby Atmos",
    ].join("\n");
    const result = await runImport(services, { sourceId, input: csv });
    expect(result.status).toBe("partial");
    // d3 differs by its attributes; d4 by its title's version (the original, not another copy of d1).
    expect(result.counts).toMatchObject({ inserted: 3, rejected: 1 });
    expect(result.problems).toEqual([
      expect.objectContaining({
        where: "line 3",
        message: "ingest.problem.duplicateShowtime",
        values: { first: "line 2" },
      }),
    ]);
    expect((await showtimesOf(sourceId)).map((row) => row.ref)).toEqual(["d1", "d3", "d4"]);
  });

  it("changes nothing for a feed that cannot be read", async () => {
    const before = await showtimeCount();
    const cases: [string, Partial<typeof sources.$inferInsert>, string][] = [
      ["truncated JSON", {}, '{"showtimes": [{"id": "x", "title": "Du'],
      [
        "an XML entity bomb",
        { format: "veezi-xml" },
        `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><ArrayOfSession><Session><Title>&lol3;</Title></Session></ArrayOfSession>`,
      ],
    ];
    for (const [label, values, input] of cases) {
      const sourceId = await source(values);
      const result = await runImport(services, { sourceId, input });
      expect(result.status, label).toBe("failed");
      expect(result.problems, label).toHaveLength(1);
      expect(result.problems[0]!.message, label).toMatch(/^ingest\.problem\./);
      const [run] = await database().db.select().from(importRuns).where(eq(importRuns.id, result.runId));
      expect(run!.status, label).toBe("failed");
      expect(run!.errorSummary, label).toMatch(new RegExp(`^${result.problems[0]!.message}`));
    }
    expect(await showtimeCount()).toBe(before);
  });

  it("fetches with credentials and validators, and fails clearly on a huge or silent feed", async () => {
    const sourceId = await source({ location: `${base}/feed.json` });
    await database()
      .db.update(sources)
      .set({
        credentialsEncrypted: encryptFeedCredentials({ type: "bearer", token: "letmein" }, key, sourceId),
      })
      .where(eq(sources.id, sourceId));
    const first = await runImport(services, { sourceId, trigger: "manual" });
    expect(first.counts).toMatchObject({ inserted: 2 });
    const second = await runImport(services, { sourceId });
    expect(second).toMatchObject({ status: "succeeded", notModified: true, counts: { read: 0 } });
    expect(etagHits).toBe(2);
    const [stored] = await database().db.select().from(sources).where(eq(sources.id, sourceId));
    expect(stored).toMatchObject({ httpEtag: '"v1"', lastStatus: "not-modified" });

    const before = await showtimeCount();
    for (const [path, reason] of [
      ["/huge.json", "ingest.problem.tooLarge"],
      ["/slow.json", "ingest.problem.timeout"],
      ["/missing.json", "ingest.problem.httpStatus"],
    ] as const) {
      const failing = await source({ location: `${base}${path}` });
      const result = await runImport(services, { sourceId: failing });
      expect(result, path).toMatchObject({
        status: "failed",
        problems: [expect.objectContaining({ message: reason })],
      });
    }
    const refused = await source({ location: "http://10.0.0.1/feed.json" });
    expect((await runImport(services, { sourceId: refused })).problems[0]).toMatchObject({
      message: "ingest.problem.privateAddress",
    });
    expect(await showtimeCount()).toBe(before);
  });

  it("closes a run a dead process left running", async () => {
    const sourceId = await source();
    const [stale] = await database()
      .db.insert(importRuns)
      .values({ sourceId })
      .returning({ id: importRuns.id });
    await runImport(services, { sourceId, input: nativeFeed([feedRow(1)]) });
    const [closed] = await database()
      .db.select()
      .from(importRuns)
      .where(and(eq(importRuns.id, stale!.id), eq(importRuns.sourceId, sourceId)));
    expect(closed).toMatchObject({ status: "failed", errorSummary: "ingest.problem.interrupted" });
  });
});
