// The import run writes every value as the feed gave it: any text (quotes, backslashes, braces, commas;
// a NUL dropped) and every showtime column, whichever way the writer sends it to the database; the same
// input again writes nothing.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { showtimes } from "../../db/schema/showtimes.ts";
import { runImport } from "./run-import.ts";
import { feedRow, nativeFeed, useImportTestWorld } from "./run-import-test-fixtures.ts";

const { database, services, source } = useImportTestWorld();

describe("runImport", () => {
  it("writes any text as it came (quotes, backslashes, braces, commas; a NUL dropped)", async () => {
    const sourceId = await source();
    const title = 'Wall-E {"Director\'s Cut"} \\ 2, NULL';
    const result = await runImport(services, {
      sourceId,
      input: nativeFeed([
        feedRow(1, { title: `${title}\u0000`, auditorium: "Zaal {1}", attributes: ['"3D"', "a,b", "NULL"] }),
      ]),
    });
    expect(result.counts).toMatchObject({ inserted: 1, rejected: 0 });
    const [row] = await database()
      .db.select({ title: showtimes.feedTitle, auditorium: showtimes.auditorium, price: showtimes.priceMin })
      .from(showtimes)
      .where(eq(showtimes.sourceId, sourceId));
    expect(row).toEqual({ title, auditorium: "Zaal {1}", price: null });
  });

  it("writes every column exactly, as delimited text or (a value holding a separator) as JSON", async () => {
    const full = {
      featureStartsAt: "2030-03-11T20:15",
      endsAt: "2030-03-11T22:30",
      auditorium: "Zaal 2",
      price: { min: 950, max: 1250, currency: "EUR" },
      seatsAvailable: 0,
      seatsTotal: 120,
      availability: "sold-out",
      cancelled: true,
    };
    const input = (title: string) =>
      nativeFeed([feedRow(1, { title, ...full }), feedRow(2, { attributes: [], subtitles: [] })]);
    const written = async (sourceId: string) =>
      database()
        .db.select({
          title: showtimes.feedTitle,
          featureStartsAt: showtimes.featureStartsAt,
          endsAt: showtimes.endsAt,
          auditorium: showtimes.auditorium,
          attributes: showtimes.attributes,
          audio: showtimes.audioLanguage,
          subtitles: showtimes.subtitleLanguages,
          bookingUrl: showtimes.bookingUrl,
          prices: sql<string>`${showtimes.priceMin} || '-' || ${showtimes.priceMax} || ' ' || ${showtimes.currency}`,
          seats: sql<string>`${showtimes.seatsAvailable} || '/' || ${showtimes.seatsTotal}`,
          availability: showtimes.availability,
          status: showtimes.status,
        })
        .from(showtimes)
        .where(eq(showtimes.sourceId, sourceId))
        .orderBy(showtimes.sourceRef);
    const plain = await source();
    const separated = await source();
    for (const [sourceId, title] of [
      [plain, "Dune: Part Two"],
      [separated, "Dune:\u001fPart\u001eTwo\u001d\u001c"],
    ] as const) {
      expect((await runImport(services, { sourceId, input: input(title) })).counts).toMatchObject({
        inserted: 2,
        rejected: 0,
      });
      const [first, second] = await written(sourceId);
      expect(first).toEqual({
        title,
        featureStartsAt: new Date("2030-03-11T19:15:00Z"),
        endsAt: new Date("2030-03-11T21:30:00Z"),
        auditorium: "Zaal 2",
        attributes: ["3d", "atmos"],
        audio: "en",
        subtitles: ["nl"],
        bookingUrl: "https://tickets.example/1",
        prices: "950-1250 EUR",
        seats: "0/120",
        availability: "sold-out",
        status: "cancelled",
      });
      expect(second).toMatchObject({
        featureStartsAt: null,
        endsAt: null,
        auditorium: null,
        attributes: [],
        subtitles: [],
        prices: null,
        seats: null,
        availability: "unknown",
        status: "scheduled",
      });
      // The same input again: every value compares equal, nothing is written.
      expect((await runImport(services, { sourceId, input: input(title) })).counts).toMatchObject({
        inserted: 0,
        updated: 0,
      });
    }
  });
});
