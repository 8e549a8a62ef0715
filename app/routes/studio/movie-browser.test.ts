// /studio/movies through the real app: every signed-in user browses and searches the catalogue and opens
// a movie's detail (the `movie` parameter); merged movies are not listed; anonymous visitors sign in first.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countryAccess } from "../../../db/schema/access.ts";
import { movies, movieTitles } from "../../../db/schema/catalog.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { clients } from "../../../db/schema/tenancy.ts";
import { createCinema, ensureCountry } from "../../../core/catalog/catalog-test-helpers.ts";
import { dataPath, get, setUpStudio, type App, type Who } from "../../../tests/helpers/studio-test-app.ts";

const { database, studio } = setUpStudio();
let app: App;
let cookies: Record<Who, string>;
const ids: Record<string, string> = {};
const PAGE = "/studio/movies";

beforeAll(async () => {
  ({ app, cookies } = studio());
  const { db } = database();
  const [demo] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.slug, "demo"));
  await ensureCountry(db, "NL", "Netherlands");
  await ensureCountry(db, "BE", "Belgium");
  await db.insert(countryAccess).values({ clientId: demo!.id, countryCode: "NL" });
  const nl = await createCinema(db, { countryCode: "NL" });
  const be = await createCinema(db, { countryCode: "BE" });
  const add = async (title: string, values: Partial<typeof movies.$inferInsert> = {}) => {
    const [movie] = await db
      .insert(movies)
      .values({
        title,
        slug: `${title.toLowerCase().replace(/\W+/g, "-")}-${randomUUID().slice(0, 6)}`,
        ...values,
      })
      .returning({ id: movies.id });
    ids[title] = movie!.id;
    return movie!.id;
  };
  await add("The Zone of Interest", {
    year: 2023,
    imdbId: "tt7160372",
    synopsis: { en: "A commandant's family." },
  });
  await db
    .insert(movieTitles)
    .values({ movieId: ids["The Zone of Interest"]!, locale: "nl", title: "Zone of Interest NL" });
  await add("Merged Duplicate", { status: "merged" });
  await add("Only In Flanders");
  const soon = new Date(Date.now() + 2 * 86_400_000);
  await db.insert(showtimes).values([
    {
      cinemaId: nl,
      countryCode: "NL",
      movieId: ids["The Zone of Interest"]!,
      feedTitle: "z",
      startsAt: soon,
    },
    {
      cinemaId: be,
      countryCode: "BE",
      movieId: ids["The Zone of Interest"]!,
      feedTitle: "z",
      startsAt: soon,
    },
    { cinemaId: be, countryCode: "BE", movieId: ids["Only In Flanders"]!, feedTitle: "b", startsAt: soon },
  ]);
});

describe("the catalogue browser", () => {
  it.each(["viewer", "editor", "admin", "superAdmin"] as const)(
    "lists active movies for a %s",
    async (who) => {
      const res = await get(app, PAGE, cookies[who]);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("The Zone of Interest");
      expect(html).not.toContain("Merged Duplicate");
    },
  );

  it("searches localized titles and filters to what plays in the user's countries", async () => {
    const found = await (await get(app, dataPath(`${PAGE}?q=interest+nl`), cookies.viewer)).text();
    expect(found).toContain("The Zone of Interest");
    const playing = await (await get(app, dataPath(`${PAGE}?playing=1`), cookies.viewer)).text();
    expect(playing).toContain("The Zone of Interest");
    // The demo client is granted NL only.
    expect(playing).not.toContain("Only In Flanders");
    const superAdmin = await (await get(app, dataPath(`${PAGE}?playing=1`), cookies.superAdmin)).text();
    expect(superAdmin).toContain("Only In Flanders");
  });

  it("carries the detail of the movie the URL names, with counts in the user's countries only", async () => {
    const body = await (
      await get(app, dataPath(`${PAGE}?movie=${ids["The Zone of Interest"]}`), cookies.viewer)
    ).text();
    expect(body).toContain("A commandant's family.");
    expect(body).toContain("tt7160372");
    expect(body).toContain("Netherlands");
    expect(body).not.toContain("Belgium");
    // A merged movie, or a malformed id, opens nothing and is not an error.
    for (const movie of [ids["Merged Duplicate"], "not-a-uuid"]) {
      const res = await get(app, `${PAGE}?movie=${movie}`, cookies.viewer);
      expect(res.status).toBe(200);
    }
  });

  it("sends an anonymous visitor to sign in, and ignores bad filters", async () => {
    const res = await get(app, PAGE);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/studio/user/login");
    expect((await get(app, `${PAGE}?year=abc&country=xyz&sort=evil&page=-4`, cookies.viewer)).status).toBe(
      200,
    );
  });
});
