import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { API_FIXTURE_NOW, seedApiFixtures } from "../../../tests/helpers/api-fixtures.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { getMovie } from "./get-movie.ts";
import { listMovies } from "./list-movies.ts";

const NL = { countries: ["NL"] };

describe("listMovies and getMovie", () => {
  const db = useTestDatabase();
  const services = () => ({ db: db().db, now: () => API_FIXTURE_NOW });

  beforeAll(async () => {
    await seedApiFixtures(db(), API_FIXTURE_NOW, 2);
  });

  it("pages through the catalogue by title", async () => {
    const titles: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listMovies(services(), NL, { limit: 200, cursor });
      titles.push(...page.data.map((m) => m.title));
      cursor = page.pagination.next_cursor ?? undefined;
    } while (cursor);
    const [{ n }] = (await queryRows<{ n: number }>(db().db, sql`select count(*)::int as n from movies`)) as [
      { n: number },
    ];
    expect(titles).toHaveLength(n);
    expect(titles).toEqual(
      (await queryRows<{ title: string }>(db().db, sql`select title from movies order by title, id`)).map(
        (r) => r.title,
      ),
    );
  });

  it("keeps movies playing in the caller's countries with now_playing or country", async () => {
    const playing = await listMovies(services(), NL, { now_playing: true, limit: 200 });
    const expected = await queryRows<{ id: string }>(
      db().db,
      sql`select distinct movie_id as id from showtimes where movie_id is not null and country_code = 'NL'
          and status = 'scheduled' and starts_at >= ${API_FIXTURE_NOW.toISOString()}::timestamptz`,
    );
    expect(new Set(playing.data.map((m) => m.id))).toEqual(new Set(expected.map((r) => r.id)));
    const byCountry = await listMovies(services(), NL, { country: "nl", limit: 200 });
    expect(byCountry.data.map((m) => m.id)).toEqual(playing.data.map((m) => m.id));
    await expect(listMovies(services(), NL, { country: "DK" })).rejects.toMatchObject({
      code: "forbidden",
      values: { country: "DK" },
    });
  });

  it("searches every localized title and shows the asked locale's", async () => {
    const [row] = await queryRows<{ id: string; en: string; nl: string }>(
      db().db,
      sql`select en.movie_id as id, en.title as en, nl.title as nl from movie_titles en
          join movie_titles nl on nl.movie_id = en.movie_id and nl.locale = 'nl'
          where en.locale = 'en' and en.title <> nl.title order by en.title limit 1`,
    );
    const byDutch = await listMovies(services(), NL, { q: row!.nl, locale: "nl" });
    expect(byDutch.data.map((m) => m.id)).toContain(row!.id);
    const found = byDutch.data.find((m) => m.id === row!.id)!;
    expect(found.title).toBe(row!.nl);
    expect(found.titles).toMatchObject({ en: row!.en, nl: row!.nl });
    const movie = await getMovie(services(), NL, { id: row!.id });
    expect(movie.title).toBe(row!.en);
  });

  it("shows release dates and certification of granted countries only", async () => {
    const [row] = await queryRows<{ id: string }>(
      db().db,
      sql`update movies set release_dates = '{"WW":"2024-01-01","NL":"2024-02-01","DK":"2024-03-01"}',
          certification = '{"NL":"12","DK":"15"}' where id = (select id from movies order by title limit 1) returning id`,
    );
    const movie = await getMovie(services(), NL, { id: row!.id });
    expect(movie.release_dates).toEqual({ NL: "2024-02-01", WW: "2024-01-01" });
    expect(movie.certification).toEqual({ NL: "12" });
    await expect(
      getMovie(services(), NL, { id: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
