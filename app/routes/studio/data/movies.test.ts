// /studio/data/movies through the real app, signed in as the demo accounts: the super admin lists,
// filters, exports, creates with a Dutch title, edits, adds an alias and merges two movies (the merged
// one's showtimes follow, its edit link leads to the survivor, the public API forgets it at once);
// client users are refused the page, its data, its options and its posts.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createCinema,
  createShowtime,
  ensureCountry,
} from "../../../../core/catalog/catalog-test-helpers.ts";
import { auditLogs } from "../../../../db/schema/audit.ts";
import { movieAliases, movies, movieTitles } from "../../../../db/schema/catalog.ts";
import { showtimes } from "../../../../db/schema/showtimes.ts";
import { bearer, createApiClient } from "../../../../tests/helpers/api-test-app.ts";
import {
  csvRows,
  dataPath,
  get,
  postForm,
  setUpStudio,
  type App,
  type Who,
} from "../../../../tests/helpers/studio-test-app.ts";

const { database, studio } = setUpStudio();
let app: App;
let cookies: Record<Who, string>;

const MOVIES = "/studio/data/movies";
const rowsOf = async (table: typeof movies | typeof movieTitles | typeof auditLogs) =>
  (await database().db.select({ n: count() }).from(table))[0]!.n;
const fields = {
  intent: "create",
  title: "Perfect Days",
  slug: "perfect-days",
  year: "2023",
  imdbId: "tt27503384",
  "genres[0]": "drama",
  "locales[0].locale": "nl",
  "locales[0].title": "Perfecte Dagen",
  "countries[0].country": "NL",
  "countries[0].releaseDate": "2024-01-04",
  "countries[0].certification": "AL",
};

beforeAll(async () => {
  ({ app, cookies } = studio());
  const { db } = database();
  await ensureCountry(db, "NL", "Netherlands");
  await db.insert(movies).values([
    { title: "Aftersun", slug: "aftersun", year: 2022, genres: ["drama"] },
    { title: "Oppenheimer", slug: "oppenheimer", year: 2023, genres: ["history"], status: "hidden" },
  ]);
});

describe("reading", () => {
  it("shows the super admin the list, filtered, exports CSV and answers the picker", async () => {
    const page = await get(app, MOVIES, cookies.superAdmin);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Aftersun");
    expect(html).toContain("Oppenheimer");

    const data = await get(app, dataPath(`${MOVIES}?status=hidden`), cookies.superAdmin);
    const body = await data.text();
    expect(body).toContain("Oppenheimer");
    expect(body).not.toContain("Aftersun");

    const csv = csvRows(await (await get(app, `${MOVIES}?q=after&format=csv`, cookies.superAdmin)).text());
    expect(csv[0]).toContain("Dutch title");
    expect(csv.slice(1).map((r) => r[1])).toEqual(["Aftersun"]);

    const options = await get(app, `${MOVIES}/options?q=aft`, cookies.superAdmin);
    expect(await options.json()).toEqual({
      options: [expect.objectContaining({ label: "Aftersun (2022)" })],
    });
    // Hidden movies are not offered.
    const hidden = await get(app, `${MOVIES}/options?q=oppen`, cookies.superAdmin);
    expect(await hidden.json()).toEqual({ options: [] });
  });

  it.each(["viewer", "editor", "admin"] as const)(
    "refuses a client %s the page, data, CSV and options",
    async (who) => {
      expect((await get(app, MOVIES, cookies[who])).status).toBe(403);
      expect((await get(app, dataPath(MOVIES), cookies[who])).status).toBe(403);
      expect((await get(app, `${MOVIES}?format=csv`, cookies[who])).status).toBe(403);
      expect((await get(app, `${MOVIES}/options?q=a`, cookies[who])).status).toBe(403);
    },
  );
});

describe("writing", () => {
  it.each(["viewer", "editor", "admin"] as const)(
    "refuses a client %s's POST, writing nothing",
    async (who) => {
      const before = [await rowsOf(movies), await rowsOf(auditLogs)];
      expect((await postForm(app, dataPath(MOVIES), fields, cookies[who])).status).toBe(403);
      expect([await rowsOf(movies), await rowsOf(auditLogs)]).toEqual(before);
    },
  );

  it("refuses an empty title and IMDb tt12 at their fields, then creates with a Dutch title and edits", async () => {
    const before = [await rowsOf(movies), await rowsOf(movieTitles), await rowsOf(auditLogs)];
    const bad = await postForm(
      app,
      dataPath(MOVIES),
      { ...fields, title: "", imdbId: "tt12", "countries[0].releaseDate": "2024-13-01" },
      cookies.superAdmin,
    );
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).toContain("studio.dataMovies.validation.titleRequired");
    expect(text).toContain("studio.dataMovies.validation.imdb");
    expect(text).toContain("studio.dataMovies.validation.releaseDate");
    expect([await rowsOf(movies), await rowsOf(movieTitles), await rowsOf(auditLogs)]).toEqual(before);

    expect((await postForm(app, dataPath(MOVIES), fields, cookies.superAdmin)).status).toBe(200);
    const [created] = await database().db.select().from(movies).where(eq(movies.slug, "perfect-days"));
    expect(created).toMatchObject({
      year: 2023,
      genres: ["drama"],
      releaseDates: { NL: "2024-01-04" },
      certification: { NL: "AL" },
    });
    const titles = await database().db.select().from(movieTitles).where(eq(movieTitles.movieId, created!.id));
    expect(titles.map((t) => [t.locale, t.title])).toEqual([["nl", "Perfecte Dagen"]]);

    const again = await postForm(app, dataPath(MOVIES), { ...fields, slug: "other" }, cookies.superAdmin);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Perfect Days (2023)");

    const edited = await postForm(
      app,
      dataPath(MOVIES),
      { ...fields, intent: "update", movieId: created!.id, "locales[0].title": "Perfecte dagen" },
      cookies.superAdmin,
    );
    expect(edited.status).toBe(200);
    const [nl] = await database().db.select().from(movieTitles).where(eq(movieTitles.movieId, created!.id));
    expect(nl!.title).toBe("Perfecte dagen");
  });

  it("merges two movies: showtimes and aliases move, the edit link follows, the API answers 404", async () => {
    const { db } = database();
    const [survivor, merged] = await db
      .insert(movies)
      .values([
        { title: "Past Lives", slug: "past-lives", year: 2023 },
        { title: "Past Lives (OV)", slug: "past-lives-ov", year: 2023 },
      ])
      .returning({ id: movies.id });
    const cinemaId = await createCinema(db);
    const showtimeId = await createShowtime(db, cinemaId, []);
    await db.update(showtimes).set({ movieId: merged!.id }).where(eq(showtimes.id, showtimeId));
    const alias = await postForm(
      app,
      dataPath(MOVIES),
      { intent: "addAlias", movieId: merged!.id, alias: "Past Lives (OV)" },
      cookies.superAdmin,
    );
    expect(alias.status).toBe(200);

    const client = await createApiClient(database(), { countries: ["NL"] });
    // Asked (and cached) before the merge: the merge must make the cached answer stale.
    expect(
      (await app.request(`/api/v1/movies/${merged!.id}`, { headers: bearer(client.secret) })).status,
    ).toBe(200);

    const merging = await postForm(
      app,
      dataPath(MOVIES),
      { intent: "merge", survivorId: survivor!.id, mergedId: merged!.id },
      cookies.superAdmin,
    );
    expect(merging.status).toBe(200);
    const [moved] = await db.select().from(showtimes).where(eq(showtimes.id, showtimeId));
    expect(moved!.movieId).toBe(survivor!.id);
    const [aliasRow] = await db
      .select()
      .from(movieAliases)
      .where(eq(movieAliases.normalizedTitle, "past lives"));
    expect(aliasRow!.movieId).toBe(survivor!.id);
    const [audit] = await db.select().from(auditLogs).where(eq(auditLogs.action, "catalog.movie.merge"));
    expect(audit).toMatchObject({ entityId: survivor!.id });

    expect(
      (await app.request(`/api/v1/movies/${merged!.id}`, { headers: bearer(client.secret) })).status,
    ).toBe(404);
    expect(
      (await app.request(`/api/v1/movies/${survivor!.id}`, { headers: bearer(client.secret) })).status,
    ).toBe(200);

    const link = await get(app, `${MOVIES}?q=past&movie=${merged!.id}`, cookies.superAdmin);
    expect(link.status).toBe(302);
    expect(link.headers.get("location")).toBe(`${MOVIES}?q=past&movie=${survivor!.id}`);
    const self = await postForm(
      app,
      dataPath(MOVIES),
      { intent: "merge", survivorId: survivor!.id, mergedId: survivor!.id },
      cookies.superAdmin,
    );
    expect(self.status).toBe(400);
    expect(await self.text()).toContain("studio.dataMovies.validation.mergeSame");
  });
});

describe("a new movie without a slug (a form sent without JavaScript)", () => {
  it("gets the slug of its title, and a title with no letter or digit is asked for one", async () => {
    const created = await postForm(
      app,
      MOVIES,
      { intent: "create", title: "Amélie & the Crêpes: Part II", slug: "" },
      cookies.superAdmin,
    );
    expect(created.status).toBe(200);
    const [row] = await database()
      .db.select()
      .from(movies)
      .where(eq(movies.title, "Amélie & the Crêpes: Part II"));
    expect(row?.slug).toBe("amelie-the-crepes-part-ii");

    const before = await rowsOf(movies);
    const refused = await postForm(
      app,
      dataPath(MOVIES),
      { intent: "create", title: "???", slug: "" },
      cookies.superAdmin,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("validation.slugRequired");
    expect(await rowsOf(movies)).toBe(before);
  });
});
