// The widget's listing (issue 25 point 5): a movie's times by cinema when the day covers several cinemas,
// a chip's visible text and accessible name with the attributes' names, the 24- or 12-hour clock of its
// tag, and "At the box office" for a show that cannot be booked online. (The DOM itself is checked in
// Chromium: tests/e2e/widget/city.spec.ts.)
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { WidgetShowtime } from "./api.ts";

/** The `widget.*` texts of a locale's catalogue, as the build ships them. */
function widgetTexts(locale: string): Record<string, string> {
  const file = path.resolve(import.meta.dirname, `../../locales/${locale}.json`);
  const all = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  return Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith("widget.")));
}

vi.stubGlobal("__REELTIME_EN__", widgetTexts("en"));
vi.stubGlobal("__REELTIME_MESSAGES_HASH__", "0a1b2c3d4e");
const { chipText, coversManyCinemas, groupByCinema } = await import("./listing.ts");
const { loadMessages, messagesFile } = await import("./messages.ts");

const SCRIPT = "https://reeltime.example/widget/v1/reeltime.js";

const show = (id: string, cinema: [string, string], startsAt: string, extra: Partial<WidgetShowtime> = {}) =>
  ({
    id,
    cinema: { id: cinema[0], name: cinema[1], city: "Amsterdam" },
    movie: { id: "m1", title: "Wicked", poster_url: null },
    title: "Wicked",
    starts_at: startsAt,
    time_zone: "Europe/Amsterdam",
    listing_date: startsAt.slice(0, 10),
    auditorium: null,
    attributes: [],
    attribute_names: {},
    audio_language: null,
    subtitle_languages: [],
    booking_url: "https://tickets.example/" + id,
    booking_url_kind: "showtime",
    bookable: true,
    price: null,
    seats: { available: null, total: null },
    availability: "available",
    ...extra,
  }) satisfies WidgetShowtime;

const TUSCHINSKI: [string, string] = ["c1", "Pathé Tuschinski"];
const KRITERION: [string, string] = ["c2", "Kriterion"];

describe("the widget's listing", () => {
  it("groups a movie's times by cinema, in the order of each cinema's first show", () => {
    const rows = [
      show("1", KRITERION, "2030-06-01T12:05:00Z"),
      show("2", TUSCHINSKI, "2030-06-01T13:00:00Z"),
      show("3", KRITERION, "2030-06-01T18:30:00Z"),
      show("4", TUSCHINSKI, "2030-06-01T19:00:00Z"),
    ];
    expect(groupByCinema(rows).map((c) => [c.name, c.showtimes.map((s) => s.id)])).toEqual([
      ["Kriterion", ["1", "3"]],
      ["Pathé Tuschinski", ["2", "4"]],
    ]);
    expect(coversManyCinemas(rows)).toBe(true);
    expect(coversManyCinemas(rows.filter((row) => row.cinema.id === "c1"))).toBe(false);
    expect(coversManyCinemas([])).toBe(false);
  });

  it("names the attributes on a chip, in 24 or 12 hours as its tag writes time", () => {
    const row = show("1", TUSCHINSKI, "2030-06-01T11:05:00Z", {
      attributes: ["nl-subs", "dolby-atmos", "audio-description", "imax"],
      attribute_names: {
        "nl-subs": "Dutch subtitles",
        "dolby-atmos": "Dolby Atmos",
        "audio-description": "Audio description",
        imax: "IMAX",
      },
    });
    const british = chipText(row, "en", "en-GB");
    expect(british).toEqual({
      time: "13:05",
      badges: ["Dutch subtitles", "Dolby Atmos", "Audio description"],
      note: null,
      label: "13:05 Dutch subtitles Dolby Atmos Audio description, Pathé Tuschinski, Tickets available, IMAX",
    });
    expect(chipText(row, "en", "en-US").time).toMatch(/^1:05\sPM$/);
    expect(chipText(row, "en", "nl").time).toBe("13:05");
  });

  it("says in words and in its name that a show without online booking is at the box office", async () => {
    const boxOffice = show("1", TUSCHINSKI, "2030-06-01T18:00:00Z", {
      booking_url: null,
      booking_url_kind: null,
      bookable: false,
    });
    expect(chipText(boxOffice, "en", "en-GB")).toMatchObject({
      note: "At the box office",
      label: "20:00 At the box office, Pathé Tuschinski, Tickets available",
    });
    // Sold out: its availability says so, not the box office.
    const soldOut = { ...boxOffice, availability: "sold-out" as const };
    expect(chipText(soldOut, "en", "en-GB")).toMatchObject({
      note: null,
      label: "20:00, Pathé Tuschinski, Sold out",
    });

    // In Dutch, from the locale's file beside the script.
    const files: Record<string, Record<string, string>> = {
      [new URL(messagesFile("nl"), SCRIPT).toString()]: widgetTexts("nl"),
    };
    const fetcher = ((input: RequestInfo | URL) => {
      const body = files[String(input)];
      return Promise.resolve(body ? Response.json(body) : new Response("", { status: 404 }));
    }) as typeof fetch;
    expect(await loadMessages("nl", SCRIPT, fetcher)).toBe("nl");
    expect(chipText(boxOffice, "nl", "nl")).toMatchObject({
      note: "Aan de kassa",
      label: "20:00 Aan de kassa, Pathé Tuschinski, Kaarten beschikbaar",
    });
  });
});
