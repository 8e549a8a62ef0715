import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { API_FIXTURE_NOW, seedApiFixtures } from "../../../tests/helpers/api-fixtures.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { isAppError } from "../../errors.ts";
import { encodeCursor } from "../cursor.ts";
import { listShowtimes, type ListShowtimesInput } from "./list-showtimes.ts";
import { getShowtime } from "./get-showtime.ts";

const NL = { countries: ["NL"] };
const BOTH = { countries: ["DK", "NL"] };
const AMSTERDAM = { latitude: 52.3702, longitude: 4.8952 };

describe("listShowtimes", () => {
  const db = useTestDatabase();
  const services = () => ({ db: db().db, now: () => API_FIXTURE_NOW, baseUrl: "https://reeltime.test" });

  beforeAll(async () => {
    await seedApiFixtures(db());
  });

  async function all(scope: { countries: string[] }, input: ListShowtimesInput, limit = 200) {
    const items = [];
    let cursor: string | undefined;
    for (let page = 0; page < 500; page++) {
      const result = await listShowtimes(services(), scope, { ...input, limit, cursor });
      items.push(...result.data);
      if (!result.pagination.next_cursor) return items;
      cursor = result.pagination.next_cursor;
    }
    throw new Error("too many pages");
  }

  async function refusal(promise: Promise<unknown>) {
    try {
      await promise;
    } catch (error) {
      if (isAppError(error)) return error;
      throw error;
    }
    throw new Error("expected a refusal");
  }

  it("lists upcoming shows of the caller's countries by start time, with offsets and the zone", async () => {
    const page = await listShowtimes(services(), NL, {});
    expect(page.data).toHaveLength(50);
    expect(page.pagination.next_cursor).toEqual(expect.any(String));
    for (const show of page.data) {
      expect(show.cinema.country).toBe("NL");
      expect(show.time_zone).toBe("Europe/Amsterdam");
      expect(show.starts_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/);
      expect(new Date(show.starts_at).getTime()).toBeGreaterThanOrEqual(API_FIXTURE_NOW.getTime());
      expect(show.booking_url === null || /^https?:\/\//.test(show.booking_url)).toBe(true);
    }
    const times = page.data.map((s) => new Date(s.starts_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("walks every page of a city exactly once, in the order of the database", async () => {
    const walked = await all(NL, { city: "amsterdam" }, 37);
    const expected = await queryRows<{ id: string }>(
      db().db,
      sql`select s.id from showtimes s join cinemas c on c.id = s.cinema_id
          where c.city = 'Amsterdam' and s.status = 'scheduled' and s.starts_at >= ${API_FIXTURE_NOW.toISOString()}::timestamptz
          order by s.starts_at, s.id`,
    );
    expect(expected.length).toBeGreaterThan(100);
    expect(walked.map((s) => s.id)).toEqual(expected.map((r) => r.id));
  });

  it("reads from/to dates as listing days in the cinema's zone (03:00 to 03:00)", async () => {
    const day = "2026-11-25";
    // A late show (00:30 on the 26th, local) belongs to the 25th; one at 03:00 to the 26th.
    const inserted = await queryRows<{ id: string; late: boolean }>(
      db().db,
      sql`insert into showtimes (cinema_id, country_code, feed_title, starts_at, source_ref)
          select c.id, c.country_code, 'Late show', t, 'test:' || t
          from (select id, country_code from cinemas where city = 'Utrecht' order by name limit 1) c,
               unnest(array['2026-11-26T00:30:00+01:00', '2026-11-26T03:00:00+01:00']::timestamptz[]) as t
          returning id, starts_at < '2026-11-26T01:00:00+01:00' as late`,
    );
    const late = inserted.find((row) => row.late);
    const early = inserted.find((row) => !row.late);
    const byCountry = await all(NL, { from: { kind: "date", date: day }, to: { kind: "date", date: day } });
    const expected = await queryRows<{ id: string }>(
      db().db,
      sql`select s.id from showtimes s join cinemas c on c.id = s.cinema_id
          where c.country_code = 'NL' and s.status = 'scheduled'
            and s.starts_at >= '2026-11-25T02:00:00Z' and s.starts_at < '2026-11-26T02:00:00Z'
          order by s.starts_at, s.id`,
    );
    expect(byCountry.map((s) => s.id)).toEqual(expected.map((r) => r.id));
    expect(new Set(byCountry.map((s) => s.listing_date))).toEqual(new Set([day]));
    // Shows after midnight belong to the evening before.
    const ids = byCountry.map((s) => s.id);
    expect(ids).toContain(late!.id);
    expect(ids).not.toContain(early!.id);
    expect(byCountry.find((s) => s.id === late!.id)?.starts_at).toBe("2026-11-26T00:30:00+01:00");

    const byCity = await all(NL, {
      city: "Utrecht",
      from: { kind: "date", date: day },
      to: { kind: "date", date: day },
    });
    expect(byCity.length).toBeGreaterThan(0);
    expect(byCity.map((s) => s.id)).toEqual(
      byCountry.filter((s) => s.cinema.city === "Utrecht").map((s) => s.id),
    );

    const movieId = byCountry[0]!.movie!.id;
    const byMovie = await all(NL, {
      movie: movieId,
      from: { kind: "date", date: day },
      to: { kind: "date", date: day },
    });
    expect(byMovie.map((s) => s.id)).toEqual(
      byCountry.filter((s) => s.movie?.id === movieId).map((s) => s.id),
    );
  });

  it("takes date-times with an offset as instants, `to` excluded", async () => {
    const from = new Date("2026-11-25T18:00:00+01:00");
    const to = new Date("2026-11-25T19:00:00+01:00");
    const shows = await all(NL, { from: { kind: "instant", at: from }, to: { kind: "instant", at: to } });
    expect(shows.length).toBeGreaterThan(0);
    for (const show of shows) {
      const at = new Date(show.starts_at).getTime();
      expect(at).toBeGreaterThanOrEqual(from.getTime());
      expect(at).toBeLessThan(to.getTime());
    }
  });

  it("keeps shows with every attribute asked for, the audio and subtitle language and availability", async () => {
    const ov = await all(NL, { attributes: ["ov", "nl-subs"], city: "Amsterdam" });
    expect(ov.length).toBeGreaterThan(0);
    for (const show of ov) expect(show.attributes).toEqual(expect.arrayContaining(["ov", "nl-subs"]));

    const english = await all(NL, { audio_language: "en", subtitle_language: "nl", city: "Rotterdam" });
    expect(english.length).toBeGreaterThan(0);
    for (const show of english) {
      expect(show.audio_language).toBe("en");
      expect(show.subtitle_languages).toContain("nl");
    }

    const scarce = await all(NL, { availability: ["few-left", "sold-out"] });
    for (const show of scarce) expect(["few-left", "sold-out"]).toContain(show.availability);
  });

  it("refuses an unknown attribute code, naming it", async () => {
    const error = await refusal(listShowtimes(services(), NL, { attributes: ["imax", "smell-o-vision"] }));
    expect(error.code).toBe("invalid_input");
    expect(error.values).toEqual({ code: "smell-o-vision" });
    expect(Object.keys(error.fieldErrors)).toEqual(["attributes"]);
  });

  it("finds shows near a point within the radius, with the distance", async () => {
    const shows = await all(NL, { near: { ...AMSTERDAM, radiusKm: 2 } });
    expect(shows.length).toBeGreaterThan(0);
    for (const show of shows) {
      expect(show.cinema.distance_km).not.toBeNull();
      expect(show.cinema.distance_km!).toBeLessThanOrEqual(2);
    }
  });

  it("refuses another country asked for by code, city or cinema with 403 naming it", async () => {
    const byCode = await refusal(listShowtimes(services(), NL, { country: "dk" }));
    expect([byCode.code, byCode.values]).toEqual(["forbidden", { country: "DK" }]);
    const byCity = await refusal(listShowtimes(services(), NL, { city: "København" }));
    expect([byCity.code, byCity.values]).toEqual(["forbidden", { country: "DK" }]);
    const [dkCinema] = await queryRows<{ id: string }>(
      db().db,
      sql`select id from cinemas where country_code = 'DK' limit 1`,
    );
    const byCinema = await refusal(listShowtimes(services(), NL, { cinema: dkCinema!.id }));
    expect([byCinema.code, byCinema.values]).toEqual(["forbidden", { country: "DK" }]);
    // Granted: fine.
    const granted = await listShowtimes(services(), BOTH, { cinema: dkCinema!.id });
    expect(granted.data.length).toBeGreaterThan(0);
    expect(granted.data.every((s) => s.time_zone === "Europe/Copenhagen")).toBe(true);
  });

  it("never returns rows of countries the key does not grant", async () => {
    const shows = await all(NL, {
      from: { kind: "date", date: "2026-11-24" },
      to: { kind: "date", date: "2026-11-24" },
    });
    expect(shows.length).toBeGreaterThan(0);
    expect(new Set(shows.map((s) => s.cinema.country))).toEqual(new Set(["NL"]));
  });

  it("answers an unknown cinema with an empty page", async () => {
    const page = await listShowtimes(services(), NL, { cinema: "00000000-0000-4000-8000-000000000000" });
    expect(page).toEqual({ data: [], pagination: { next_cursor: null } });
  });

  it("refuses a cursor that was edited, belongs to other filters or to another operation", async () => {
    const first = await listShowtimes(services(), NL, { city: "Amsterdam", limit: 5 });
    const cursor = first.pagination.next_cursor!;
    const edited = `${cursor.slice(0, 10)}${cursor[10] === "A" ? "B" : "A"}${cursor.slice(11)}`;
    for (const bad of [edited, "abc", `${cursor}x`]) {
      const error = await refusal(listShowtimes(services(), NL, { city: "Amsterdam", cursor: bad }));
      expect([error.code, Object.keys(error.fieldErrors)]).toEqual(["invalid_input", ["cursor"]]);
    }
    const otherFilters = await refusal(listShowtimes(services(), NL, { city: "Utrecht", cursor }));
    expect(otherFilters.code).toBe("invalid_input");
    const otherOperation = encodeCursor("listCinemas", "x", ["a", "b"]);
    expect((await refusal(listShowtimes(services(), NL, { cursor: otherOperation }))).code).toBe(
      "invalid_input",
    );
    // Forged with a valid checksum but a wrong type: still refused, never an SQL error.
    const second = await listShowtimes(services(), NL, { city: "Amsterdam", limit: 5, cursor });
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
  });

  it("localizes movie titles", async () => {
    const [row] = await queryRows<{ id: string; en: string; nl: string }>(
      db().db,
      sql`select s.id, en.title as en, nl.title as nl from showtimes s
          join movie_titles en on en.movie_id = s.movie_id and en.locale = 'en'
          join movie_titles nl on nl.movie_id = s.movie_id and nl.locale = 'nl'
          where en.title <> nl.title and s.country_code = 'NL' limit 1`,
    );
    expect(row).toBeDefined();
    expect((await getShowtime(services(), NL, { id: row!.id, locale: "nl" })).title).toBe(row!.nl);
    expect((await getShowtime(services(), NL, { id: row!.id })).title).toBe(row!.en);
  });
});

describe("getShowtime", () => {
  const db = useTestDatabase();
  const services = () => ({ db: db().db, baseUrl: "https://reeltime.test" });

  beforeAll(async () => {
    await seedApiFixtures(db(), API_FIXTURE_NOW, 1);
  });

  it("returns a show of a granted country, 403 for another, 404 for an unknown id", async () => {
    const [nl] = await queryRows<{ id: string }>(
      db().db,
      sql`select id from showtimes where country_code = 'NL' limit 1`,
    );
    const [dk] = await queryRows<{ id: string }>(
      db().db,
      sql`select id from showtimes where country_code = 'DK' limit 1`,
    );
    expect((await getShowtime(services(), NL, { id: nl!.id })).id).toBe(nl!.id);
    await expect(getShowtime(services(), NL, { id: dk!.id })).rejects.toMatchObject({
      code: "forbidden",
      values: { country: "DK" },
    });
    await expect(
      getShowtime(services(), NL, { id: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getShowtime(services(), NL, { id: "not-a-uuid" })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("returns a cancelled show with its status", async () => {
    const [row] = await queryRows<{ id: string }>(
      db().db,
      sql`update showtimes set status = 'cancelled', updated_at = now() where id = (select id from showtimes where country_code = 'NL' limit 1) returning id`,
    );
    expect((await getShowtime(services(), NL, { id: row!.id })).status).toBe("cancelled");
  });
});
