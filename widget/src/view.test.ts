// The widget's pure parts: grouping a day by movie, the strip's days, booking links with UTM parameters.
import { describe, expect, it } from "vitest";
import type { WidgetShowtime } from "./api.ts";
import { bookingLink, groupByMovie, localTime, stripDays } from "./view.ts";

const show = (id: string, movie: string | null, title: string, startsAt: string): WidgetShowtime => ({
  id,
  cinema: { id: "c1", name: "Kriterion", city: "Amsterdam" },
  movie: movie ? { id: movie, title } : null,
  title,
  starts_at: startsAt,
  time_zone: "Europe/Amsterdam",
  listing_date: startsAt.slice(0, 10),
  auditorium: null,
  attributes: [],
  audio_language: null,
  subtitle_languages: [],
  booking_url: null,
  price: null,
  seats: { available: null, total: null },
  availability: "unknown",
});

describe("the widget's view helpers", () => {
  it("groups a day's shows by movie in the order of each movie's first show; unlinked titles stay apart", () => {
    const movies = groupByMovie([
      show("1", "m1", "Dune", "2030-01-01T18:00:00+01:00"),
      show("2", null, "Sneak Preview", "2030-01-01T19:00:00+01:00"),
      show("3", "m1", "Dune", "2030-01-01T21:00:00+01:00"),
      show("4", null, "Quiz Night", "2030-01-01T20:00:00+01:00"),
    ]);
    expect(movies.map((m) => [m.title, m.showtimes.map((s) => s.id)])).toEqual([
      ["Dune", ["1", "3"]],
      ["Sneak Preview", ["2"]],
      ["Quiz Night", ["4"]],
    ]);
  });

  it("shows the time in the cinema's zone, whatever the visitor's", () => {
    // Summer time begins at 01:00 UTC that Sunday: 00:30Z is 01:30 in Amsterdam, 01:30Z is 03:30.
    expect(localTime(show("1", "m1", "Dune", "2030-03-31T00:30:00Z"), "nl")).toBe("01:30");
    expect(localTime(show("2", "m1", "Dune", "2030-03-31T01:30:00Z"), "nl")).toBe("03:30");
  });

  it("lists the strip's days across month ends and the clock change", () => {
    expect(stripDays("2030-03-30", 3)).toEqual(["2030-03-30", "2030-03-31", "2030-04-01"]);
  });

  it("sets the embedder's UTM parameters on the cinema's link, replacing the cinema's own", () => {
    expect(
      bookingLink("https://tickets.example/show/9?utm_source=cinema&seat=1", {
        utm_source: "newspaper",
        utm_medium: "widget",
        utm_campaign: "",
      }),
    ).toBe("https://tickets.example/show/9?utm_source=newspaper&seat=1&utm_medium=widget");
  });
});
