// Runs the seed against a real, migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
// A small slice of the dataset keeps it fast; the full volume is covered by
// generate-showtimes.test.ts and measured in docs/demo-data.md.
import { count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/helpers/test-db.ts";
import type { DatabaseHandle } from "../client.ts";
import { attributes, cinemaChains, cinemas, countries, movies, movieTitles } from "../schema/catalog.ts";
import { showtimes } from "../schema/showtimes.ts";
import type { DemoData } from "./demo-data-types.ts";
import { generateShowtimes } from "./generate-showtimes.ts";
import { loadDemoData } from "./load-demo-data.ts";
import { isDatabaseEmpty, seedDemoData, type SeedDemoSummary } from "./seed-demo.ts";

const NOW = new Date("2026-11-22T10:00:00Z");

let handle: DatabaseHandle;
let slice: DemoData;
let summary: SeedDemoSummary;

function sliceOf(data: DemoData): DemoData {
  const nl = data.cinemas.filter((c) => c.country === "NL").slice(0, 20);
  const fr = data.cinemas.filter((c) => c.country === "FR").slice(0, 20);
  const dk = data.cinemas.filter((c) => c.country === "DK").slice(0, 20);
  const pathe = data.cinemas.filter((c) => ["pathe-tuschinski", "pathe-arena", "kriterion"].includes(c.slug));
  const chosen = [...new Map([...nl, ...fr, ...dk, ...pathe].map((c) => [c.slug, c])).values()];
  return { ...data, cinemas: chosen };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await handle.db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

async function total(table: PgTable): Promise<number> {
  const [row] = await handle.db.select({ n: count() }).from(table);
  return Number(row!.n);
}

beforeAll(async () => {
  handle = await createTestDatabase();
  slice = sliceOf(await loadDemoData());
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

describe("seedDemoData", () => {
  it("reports an empty database before seeding", async () => {
    expect(await isDatabaseEmpty(handle.db)).toBe(true);
  });

  it("rolls back everything when a row is invalid", async () => {
    const broken: DemoData = {
      ...slice,
      cinemas: [...slice.cinemas, { ...slice.cinemas[0]!, slug: "broken", chain: "no-such-chain" }],
    };
    await expect(seedDemoData(handle.db, { now: NOW, data: broken })).rejects.toThrow(/no-such-chain/);
    expect(await isDatabaseEmpty(handle.db)).toBe(true);
    expect(await total(cinemaChains)).toBe(0);
  });

  it("inserts the catalogue and the showtimes in one go", async () => {
    summary = await seedDemoData(handle.db, { now: NOW, data: slice });
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
    expect(await total(countries)).toBe(slice.countries.length);
    expect(await total(cinemaChains)).toBe(slice.chains.length);
    expect(await total(cinemas)).toBe(slice.cinemas.length);
    expect(await total(movies)).toBe(slice.movies.length);
    expect(await total(movieTitles)).toBe(slice.movies.length * 2);
    expect(await total(attributes)).toBe(slice.attributes.length);
    const expected = generateShowtimes({ ...slice, now: NOW }).length;
    expect(summary.showtimes).toBe(expected);
    expect(await total(showtimes)).toBe(expected);
    expect(summary.showtimes).toBeGreaterThan(1000);
  }, 60_000);

  it("stores cinemas with their time zone, chain and coordinates", async () => {
    const [tuschinski] = await handle.db
      .select({
        timeZone: cinemas.timeZone,
        approx: cinemas.coordinatesApproximate,
        chain: cinemaChains.slug,
        lat: cinemas.latitude,
      })
      .from(cinemas)
      .leftJoin(cinemaChains, eq(cinemaChains.id, cinemas.chainId))
      .where(eq(cinemas.slug, "pathe-tuschinski"));
    expect(tuschinski).toEqual({
      timeZone: "Europe/Amsterdam",
      approx: true,
      chain: "pathe",
      lat: expect.any(Number),
    });
    const enabled = await handle.db
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.enabled, true));
    expect(enabled.map((c) => c.code).sort()).toEqual(["DK", "FR", "NL"]);
  });

  it("stores Dutch titles beside the English ones", async () => {
    const rows = await handle.db
      .select({ locale: movieTitles.locale, title: movieTitles.title })
      .from(movieTitles)
      .innerJoin(movies, eq(movies.id, movieTitles.movieId))
      .where(eq(movies.imdbId, "tt22022452"));
    expect(Object.fromEntries(rows.map((r) => [r.locale, r.title]))).toEqual({
      en: "Inside Out 2",
      nl: "Binnenstebuiten 2",
    });
  });

  it("stores showtimes that are linked, timed and consistent", async () => {
    const [row] = await rows<Record<string, number>>(sql`
      select
        count(*) filter (where s.movie_id is null and not ('sneak-preview' = any(s.attributes)))::int as unlinked,
        count(*) filter (where s.country_code <> c.country_code)::int as wrong_country,
        count(*) filter (where s.feature_starts_at <> s.starts_at + interval '15 minutes')::int as bad_feature,
        count(*) filter (where s.ends_at <= s.feature_starts_at)::int as bad_end,
        count(*) filter (where s.seats_available > s.seats_total or s.seats_available < 0)::int as bad_seats,
        count(*) filter (where (s.availability = 'sold-out') <> (s.seats_available = 0))::int as bad_availability,
        count(*) filter (where s.booking_url is not null and s.booking_url not like 'https://%')::int as bad_url,
        count(*) filter (where s.status <> 'scheduled')::int as not_scheduled,
        count(distinct s.source_ref)::int as refs,
        count(*)::int as n
      from showtimes s join cinemas c on c.id = s.cinema_id`);
    expect(row).toEqual({
      unlinked: 0,
      wrong_country: 0,
      bad_feature: 0,
      bad_end: 0,
      bad_seats: 0,
      bad_availability: 0,
      bad_url: 0,
      not_scheduled: 0,
      refs: summary.showtimes,
      n: summary.showtimes,
    });
  });

  it("keeps local start times: an evening show in Amsterdam is stored as UTC", async () => {
    const local = await rows<{ local: string; source_ref: string }>(sql`
      select to_char(s.starts_at at time zone c.time_zone, 'HH24:MI') as local, s.source_ref
      from showtimes s join cinemas c on c.id = s.cinema_id
      where c.slug = 'kriterion' order by s.starts_at limit 20`);
    expect(local.length).toBeGreaterThan(0);
    for (const r of local) expect(r.source_ref).toContain(`T${r.local}:00+01:00:`);
  });

  it("gives the chains with a deep-link template their template and short show ids, the others none", async () => {
    const found = await rows<{ slug: string; template: string | null; refs: string[] }>(sql`
      select c.slug, c.booking_url_template as template,
             (array_agg(s.source_ref order by s.starts_at))[1:3] as refs
      from cinemas c join showtimes s on s.cinema_id = c.id
      where c.slug in ('pathe-tuschinski', 'kriterion') group by c.slug, c.booking_url_template order by c.slug`);
    expect(found.map((r) => [r.slug, r.template])).toEqual([
      ["kriterion", null],
      ["pathe-tuschinski", "https://www.pathe.nl/tickets/start/{source_ref}"],
    ]);
    for (const ref of found[1]!.refs) expect(ref).toMatch(/^[1-9]\d{6,}$/);
    expect(await total(showtimes)).toBeGreaterThan(0);
    const [booked] = await rows<{ links: number }>(
      sql`select count(*)::int as links from showtimes where booking_url is not null`,
    );
    expect(booked!.links).toBe(0);
  });
});
