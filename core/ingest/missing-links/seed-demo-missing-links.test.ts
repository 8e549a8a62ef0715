import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cinemas, movies } from "../../../db/schema/catalog.ts";
import { missingLinks, sources } from "../../../db/schema/ingest.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { ensureCountry } from "../../catalog/catalog-test-helpers.ts";
import { countRows } from "../../tenancy/tenancy-test-fixtures.ts";
import { DEMO_FEED_NAME, DEMO_MISSING_TITLES, seedDemoMissingLinks } from "./seed-demo-missing-links.ts";

const database = useTestDatabase();

describe("seedDemoMissingLinks", () => {
  it("adds a disabled demo feed, its unmatched titles with candidates, and their waiting showtimes", async () => {
    const { db } = database();
    expect(await seedDemoMissingLinks(db)).toEqual({ missingLinks: 0, showtimes: 0 });
    await ensureCountry(db, "NL", "Netherlands");
    await db.insert(cinemas).values({
      name: "Filmhuis",
      slug: "filmhuis",
      city: "Utrecht",
      countryCode: "NL",
      timeZone: "Europe/Amsterdam",
    });
    const [anatomy] = await db
      .insert(movies)
      .values({ title: "Anatomy of a Fall", slug: "anatomy-of-a-fall", year: 2023 })
      .returning({ id: movies.id });

    const now = new Date("2030-03-01T12:00:00Z");
    const seeded = await seedDemoMissingLinks(db, { now });
    const waiting = DEMO_MISSING_TITLES.reduce((sum, t) => sum + t.showtimes.length, 0);
    expect(seeded).toEqual({ missingLinks: DEMO_MISSING_TITLES.length, showtimes: waiting });
    const [feed] = await db.select().from(sources);
    expect(feed).toMatchObject({ name: DEMO_FEED_NAME, enabled: false });
    const [first] = await db
      .select()
      .from(missingLinks)
      .where(eq(missingLinks.rawTitle, "Anatomie d'une chute (OV)"));
    // Candidates the catalogue lacks (Afire here) are left out.
    expect(first?.candidates).toEqual([
      { movieId: anatomy!.id, title: "Anatomy of a Fall", year: 2023, score: 0.74 },
    ]);
    expect(first?.normalizedTitle).toBe("anatomie d une chute");
    expect(await countRows(db, showtimes, eq(showtimes.sourceId, feed!.id))).toBe(waiting);
    const [soonest] = await db.select({ startsAt: showtimes.startsAt }).from(showtimes).limit(1);
    expect(soonest!.startsAt.getTime()).toBeGreaterThan(now.getTime());
  });
});
