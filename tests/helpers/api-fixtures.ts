// A small two-country catalogue for the API's tests: every Dutch cinema and Copenhagen's, a few listing
// days of showtimes from a fixed moment. Quick to seed, and enough to test country scoping.
import type { DatabaseHandle } from "../../db/client.ts";
import { loadDemoData } from "../../db/seed/load-demo-data.ts";
import { seedDemoData } from "../../db/seed/seed-demo.ts";

/** The moment the fixtures are seeded at (a Tuesday in winter: Amsterdam is at +01:00). */
export const API_FIXTURE_NOW = new Date("2026-11-24T11:00:00Z");

export async function seedApiFixtures(database: DatabaseHandle, now = API_FIXTURE_NOW, days = 3) {
  const data = await loadDemoData();
  return seedDemoData(database.db, {
    now,
    days,
    data: {
      ...data,
      cinemas: data.cinemas.filter(
        (c) => c.country === "NL" || (c.country === "DK" && c.city === "København"),
      ),
    },
  });
}
