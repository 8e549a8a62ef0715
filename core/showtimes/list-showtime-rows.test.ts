// The studio's showtime list on a real database: one listing day in the cinemas' zones, filters, every
// sort, paging, the CSV export, a capped count.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { showtimes } from "../../db/schema/showtimes.ts";
import { expectAppError } from "../tenancy/tenancy-test-fixtures.ts";
import { exportShowtimeRows } from "./export-showtime-rows.ts";
import { COUNT_CAP, listShowtimeRows } from "./list-showtime-rows.ts";
import { admin, ids, services, setUpShowtimeScenario } from "../../tests/helpers/showtime-scenario.ts";

setUpShowtimeScenario();

describe("listShowtimeRows", () => {
  const day = "2030-03-05";
  beforeAll(async () => {
    const base = { countryCode: "NL", feedTitle: "Feed title" } as const;
    await services.db.insert(showtimes).values([
      // 02:30 local on the 6th belongs to the 5th's listing day; 03:30 on the 5th also.
      { ...base, cinemaId: ids.utrecht, movieId: ids.dune, startsAt: new Date("2030-03-06T01:30:00Z") },
      { ...base, cinemaId: ids.amsterdam, movieId: ids.alien, startsAt: new Date("2030-03-05T02:30:00Z") },
      {
        ...base,
        cinemaId: ids.amsterdam,
        movieId: null,
        feedTitle: "Sneak preview",
        startsAt: new Date("2030-03-05T20:00:00Z"),
      },
      {
        ...base,
        cinemaId: ids.utrecht,
        movieId: ids.alien,
        sourceId: ids.source,
        sourceRef: "a1",
        status: "cancelled",
        startsAt: new Date("2030-03-05T18:00:00Z"),
      },
      // 02:00 local on the 5th is the 4th's listing day: out of range.
      { ...base, cinemaId: ids.amsterdam, movieId: ids.dune, startsAt: new Date("2030-03-05T01:00:00Z") },
    ]);
  });

  it("lists one listing day with names, local times, filters and every sort", async () => {
    const all = await listShowtimeRows(services, admin(), { from: day, to: day });
    expect(all).toMatchObject({ total: 4, totalCapped: false, page: 1, pageSize: 25 });
    expect(all.rows.map((r) => r.localStartsAt)).toEqual([
      "2030-03-05T03:30:00+01:00",
      "2030-03-05T19:00:00+01:00",
      "2030-03-05T21:00:00+01:00",
      "2030-03-06T02:30:00+01:00",
    ]);
    expect(all.rows[1]).toMatchObject({
      cinemaName: "Louis Hartlooper",
      city: "Utrecht",
      movieTitle: "Alien",
      sourceName: "Pathé feed",
      status: "cancelled",
    });
    expect(all.rows[2]).toMatchObject({ movieId: null, movieTitle: null, feedTitle: "Sneak preview" });

    const titles = (rows: { movieTitle: string | null; feedTitle: string }[]) =>
      rows.map((r) => r.movieTitle ?? `(${r.feedTitle})`);
    const byMovie = await listShowtimeRows(services, admin(), { from: day, to: day, sort: "movie" });
    expect(titles(byMovie.rows)).toEqual(["Alien", "Alien", "Dune", "(Sneak preview)"]);
    const byMovieDesc = await listShowtimeRows(services, admin(), { from: day, to: day, sort: "-movie" });
    expect(titles(byMovieDesc.rows)).toEqual(["(Sneak preview)", "Dune", "Alien", "Alien"]);
    // Paging across the linked / unlinked boundary.
    const second = await listShowtimeRows(services, admin(), {
      from: day,
      to: day,
      sort: "movie",
      pageSize: 3,
      page: 2,
    });
    expect(titles(second.rows)).toEqual(["(Sneak preview)"]);
    const byCinema = await listShowtimeRows(services, admin(), { from: day, to: day, sort: "-cinema" });
    expect(byCinema.rows.map((r) => r.cinemaName)).toEqual([
      "Studio K",
      "Studio K",
      "Louis Hartlooper",
      "Louis Hartlooper",
    ]);
    const desc = await listShowtimeRows(services, admin(), { from: day, to: day, sort: "-startsAt" });
    expect(desc.rows[0]!.localStartsAt).toBe("2030-03-06T02:30:00+01:00");

    const exported = await exportShowtimeRows(services, admin(), { from: day, to: day, sort: "movie" }, 3);
    expect(titles(exported)).toEqual(["Alien", "Alien", "Dune"]);

    const filtered = async (filter: object) =>
      (await listShowtimeRows(services, admin(), { from: day, to: day, ...filter })).total;
    expect(await filtered({ cinemaId: ids.utrecht })).toBe(2);
    expect(await filtered({ movieId: ids.alien })).toBe(2);
    expect(await filtered({ movieId: ids.alien, sort: "movie" })).toBe(2);
    expect(await filtered({ sourceId: ids.source })).toBe(1);
    expect(await filtered({ sourceId: "manual" })).toBe(3);
    expect(await filtered({ status: "cancelled" })).toBe(1);
    expect(await filtered({ status: "scheduled", cinemaId: ids.amsterdam, sort: "cinema" })).toBe(2);
    expect(await filtered({ from: "2030-03-04" })).toBe(5);
  });

  it("caps the count and refuses a bad range", async () => {
    await services.db.execute(sql`
      insert into showtimes (cinema_id, country_code, feed_title, starts_at)
      select ${ids.lisbon}, 'PT', 'Bulk', '2031-06-01T12:00:00Z'::timestamptz + g * interval '1 second'
      from generate_series(1, ${COUNT_CAP + 5}) g`);
    const page = await listShowtimeRows(services, admin(), {
      from: "2031-06-01",
      to: "2031-06-01",
      page: 3,
      pageSize: 10,
    });
    expect(page).toMatchObject({ total: COUNT_CAP + 1, totalCapped: true, page: 3 });
    expect(page.rows).toHaveLength(10);
    const reversed = await expectAppError(
      listShowtimeRows(services, admin(), { from: "2030-03-05", to: "2030-03-04" }),
      "invalid_input",
    );
    expect(reversed.fieldErrors.to).toBe("studio.dataShowtimes.validation.rangeOrder");
  });
});
