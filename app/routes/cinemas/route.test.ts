// /cinemas/{slug} through the real app (app.request, the production build) on the small demo catalogue:
// where the cinema is, its week a day at a time, its films with their time chips, SEO and the 404.
import { and, asc, count, desc, eq, gte, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cinemas } from "../../../db/schema/catalog.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { createTestApp, seedSmallDemo } from "../../../tests/helpers/test-app.ts";
// Not a React hook (the hooks lint rule runs on app/): a fresh database per test file.
import { useTestDatabase as freshTestDatabase } from "../../../tests/helpers/test-db.ts";
import { mapUrl } from "./cinema-page.server.ts";

const NOW = new Date("2026-11-22T11:00:00Z"); // noon in Amsterdam
const database = freshTestDatabase();
let app: Awaited<ReturnType<typeof createTestApp>>["app"];
let close: () => Promise<void>;
/** the Amsterdam cinema with the most showtimes today */
const cinema = { slug: "", name: "" };

type JsonLdNode = Record<string, unknown> & { "@type": string };

function jsonLd(html: string): JsonLdNode[] {
  const match = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as { "@graph": JsonLdNode[] })["@graph"] : [];
}

beforeAll(async () => {
  await seedSmallDemo(database(), NOW);
  ({ app, close } = await createTestApp(database(), { now: () => NOW }));
  const [top] = await database()
    .db.select({ slug: cinemas.slug, name: cinemas.name, shows: count() })
    .from(showtimes)
    .innerJoin(cinemas, eq(cinemas.id, showtimes.cinemaId))
    .where(
      and(
        eq(cinemas.city, "Amsterdam"),
        gte(showtimes.startsAt, new Date("2026-11-22T12:00:00Z")),
        lt(showtimes.startsAt, new Date("2026-11-23T02:00:00Z")),
      ),
    )
    .groupBy(cinemas.slug, cinemas.name)
    .orderBy(desc(count()), asc(cinemas.slug))
    .limit(1);
  Object.assign(cinema, { slug: top!.slug, name: top!.name });
  await database()
    .db.update(cinemas)
    .set({
      address: "Teststraat 1",
      postalCode: "1000 AA",
      latitude: 52.37,
      longitude: 4.9,
      coordinatesApproximate: false,
      phone: "+31 20 123 4567",
    })
    .where(eq(cinemas.slug, cinema.slug));
});

afterAll(async () => {
  await close();
});

describe("a cinema's page", () => {
  it("shows where the cinema is, with a map link, and today's films with their times", async () => {
    const res = await app.request(`/cinemas/${cinema.slug}?lang=en`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const name = cinema.name.replaceAll("'", "&#x27;");
    expect(html).toContain(`<title>${name}, Amsterdam · showtimes · Reeltime</title>`);
    expect(html).toContain(`>${name}</h1>`);
    expect(html).toContain("Teststraat 1, 1000 AA Amsterdam");
    expect(html).toContain('href="https://www.openstreetmap.org/?mlat=52.37&amp;mlon=4.9#map=17/52.37/4.9"');
    expect(html).toContain('href="tel:+31201234567"');
    // films link to their pages (Amsterdam is the default place: no parameter), with booking chips
    expect(html).toMatch(/<h3 [^>]*><a [^>]*href="\/films\/[a-z0-9-]+"/);
    expect(html).toMatch(/class="time-chip"/);
    expect(html.length).toBeLessThan(100_000);
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:3000/cinemas/${cinema.slug}?lang=en"/>`,
    );
  });

  it("offers its week a day at a time, with tonight, as plain links", async () => {
    const html = await (await app.request(`/cinemas/${cinema.slug}?lang=en`)).text();
    expect(html).toContain(`href="/cinemas/${cinema.slug}?date=tonight"`);
    expect(html).toContain(`href="/cinemas/${cinema.slug}?date=2026-11-23"`);
    // beyond its week: not a day of this page
    expect(html).not.toContain(`?date=2026-11-29"`);
    const tonight = await (await app.request(`/cinemas/${cinema.slug}?date=tonight&lang=nl`)).text();
    expect(tonight).toContain("Vanavond, zondag 22 november");
    for (const [, at] of tonight.matchAll(/class="time-chip"[^>]*>.*?<time dateTime="([^"]+)"/g))
      expect(new Date(at!).getTime()).toBeGreaterThanOrEqual(new Date("2026-11-22T17:00:00Z").getTime());
  });

  it("is a schema.org MovieTheater whose listed times are ScreeningEvents at it", async () => {
    const graph = jsonLd(await (await app.request(`/cinemas/${cinema.slug}`)).text());
    const id = `http://localhost:3000/cinemas/${cinema.slug}#cinema`;
    expect(graph[0]).toMatchObject({
      "@type": "MovieTheater",
      "@id": id,
      name: cinema.name,
      address: { streetAddress: "Teststraat 1", postalCode: "1000 AA", addressLocality: "Amsterdam" },
      geo: { latitude: 52.37, longitude: 4.9 },
      telephone: "+31 20 123 4567",
    });
    const events = graph.filter((node) => node["@type"] === "ScreeningEvent");
    expect(events.length).toBeGreaterThan(0);
    const films = new Set(graph.filter((node) => node["@type"] === "Movie").map((node) => node["@id"]));
    for (const event of events) {
      expect(event.location).toEqual({ "@id": id });
      expect(films.has((event.workPresented as { "@id": string })["@id"])).toBe(true);
    }
  });

  it("answers 404 for an unknown cinema; a closed one says so and is not for search engines", async () => {
    const unknown = await app.request("/cinemas/no-such-cinema");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Page not found: /cinemas/no-such-cinema");
    await database().db.insert(cinemas).values({
      name: "Gesloten Bioscoop",
      slug: "gesloten-bioscoop",
      city: "Amsterdam",
      countryCode: "NL",
      timeZone: "Europe/Amsterdam",
      status: "closed",
    });
    const closed = await app.request("/cinemas/gesloten-bioscoop?lang=en");
    expect(closed.status).toBe(200);
    const html = await closed.text();
    expect(html).toContain("This cinema is closed.");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('class="time-chip"');
  });
});

describe("the map link", () => {
  it("points at the building, or searches the address when only the city's centre is known", () => {
    expect(
      mapUrl({
        name: "Eye",
        address: null,
        postalCode: null,
        city: "Amsterdam",
        location: { latitude: 1, longitude: 2 },
      }),
    ).toBe("https://www.openstreetmap.org/?mlat=1&mlon=2#map=17/1/2");
    expect(
      mapUrl({
        name: "Eye",
        address: "IJpromenade 1",
        postalCode: "1031 KT",
        city: "Amsterdam",
        location: null,
      }),
    ).toBe("https://www.openstreetmap.org/search?query=Eye%2C%20IJpromenade%201%2C%201031%20KT%20Amsterdam");
  });
});
