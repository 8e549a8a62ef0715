// What a film page says of the film when the catalogue has only the demo's Wikidata facts (issue 25
// point 3): a description line composed from those facts, a generated artwork in the genre's colour,
// everything beside the poster; and every film of the demo has both, through the real app and build.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { movies } from "../../../db/schema/catalog.ts";
import { createTestApp, seedSmallDemo } from "../../../tests/helpers/test-app.ts";
// Not a React hook (the hooks lint rule runs on app/): a fresh database per test file.
import { useTestDatabase as freshTestDatabase } from "../../../tests/helpers/test-db.ts";
import { posterHue } from "../../lib/showtime-view.server.ts";

const NOW = new Date("2026-11-22T11:00:00Z");
const database = freshTestDatabase();
let app: Awaited<ReturnType<typeof createTestApp>>["app"];
let close: () => Promise<void>;

beforeAll(async () => {
  await seedSmallDemo(database(), NOW);
  ({ app, close } = await createTestApp(database(), { now: () => NOW }));
});

afterAll(async () => {
  await close();
});

const unescape = (text: string) =>
  text.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/** The text of the first element carrying the test id, or null. */
function byTestId(html: string, id: string): string | null {
  const match = new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html);
  return match ? unescape(match[1]!) : null;
}

/** The page's top part: from the poster to the showtimes' heading. */
function header(html: string): string {
  const start = html.search(/data-testid="poster(-fallback)?"/);
  const end = html.indexOf('id="showtimes-heading"');
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

describe("a film page without synopsis or poster", () => {
  it("describes the film from its facts, beside an artwork with its title, year and genre", async () => {
    const html = await (await app.request("/films/oppenheimer?lang=en")).text();
    expect(byTestId(html, "film-description")).toBe(
      "A film from 2023 directed by Christopher Nolan (Biography, Drama, History, Thriller), 180 minutes, in English.",
    );
    const top = header(html);
    expect(top).toContain('data-testid="film-description"');
    expect(top).toContain('data-testid="film-facts"');
    expect(top).toContain(">Director</dt>");
    expect(top).toContain(">Christopher Nolan</dd>");
    expect(top).toContain(">Original language</dt>");
    expect(byTestId(html, "poster-title")).toBe("Oppenheimer");
    expect(byTestId(html, "poster-year")).toBe("2023");
    expect(byTestId(html, "poster-genre")).toBe("Biography");
    // the artwork's colour is its first genre's (biography), not the slug's
    expect(top).toContain('data-hue="38"');
    // nothing empty: no empty paragraph, term or description
    expect(top).not.toMatch(/<(p|dd|dt)[^>]*><\/\1>/);
  });

  it("says it in the reader's language", async () => {
    const html = await (await app.request("/films/oppenheimer?lang=nl")).text();
    expect(byTestId(html, "film-description")).toBe(
      "Een film uit 2023 van Christopher Nolan (Biografie, Drama, Geschiedenis en Thriller), 180 minuten, in het Engels.",
    );
    expect(byTestId(html, "poster-genre")).toBe("Biografie");
  });

  it("leaves out what is unknown and gives a film without genre its own colour", async () => {
    const html = await (await app.request("/films/12th-fail?lang=en")).text();
    expect(byTestId(html, "film-description")).toBe(
      "A film from 2023 directed by Vidhu Vinod Chopra, 146 minutes, in Hindi.",
    );
    expect(html).not.toContain('data-testid="poster-genre"');
    expect(header(html)).toContain(`data-hue="${posterHue("12th-fail")}"`);
    const { db } = database();
    await db.insert(movies).values({ title: "Nothing Known", slug: "nothing-known" });
    const bare = await (await app.request("/films/nothing-known?lang=en")).text();
    expect(byTestId(bare, "film-description")).toBe("A film.");
    expect(bare).not.toContain('data-testid="poster-year"');
    expect(bare).not.toContain('data-testid="film-facts"');
    await db.delete(movies).where(eq(movies.slug, "nothing-known"));
  });
});

describe("every film of the demo", () => {
  it("has a description line and an image on its page", { timeout: 600_000 }, async () => {
    const { db } = database();
    const all = await db
      .select({ slug: movies.slug, year: movies.year, directors: movies.directors })
      .from(movies)
      .where(eq(movies.status, "active"));
    expect(all.length).toBeGreaterThan(500);
    const failures: string[] = [];
    for (const film of all) {
      const res = await app.request(`/films/${encodeURIComponent(film.slug)}?lang=en`);
      const html = await res.text();
      const line = byTestId(html, "film-description") ?? "";
      const image = /data-testid="poster(-fallback)?"/.test(html);
      const complete =
        res.status === 200 &&
        image &&
        line.length > 10 &&
        !/[{}]|\bnone\b/.test(line) &&
        line.includes(String(film.year)) &&
        film.directors.every((name) => line.includes(name));
      if (!complete) failures.push(`${film.slug}: ${res.status} image=${image} "${line}"`);
    }
    expect(failures).toEqual([]);
  });
});
