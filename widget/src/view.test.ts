// The widget's pure parts: grouping a day by movie (featured first), the strip's days, booking links with
// UTM parameters, the accent colour, a ticket's texts from the API or from a page's link.
import { describe, expect, it } from "vitest";
import type { WidgetShowtime } from "./api.ts";
import {
  attributeNames,
  bookingLink,
  bookingOf,
  dayLabel,
  groupByMovie,
  localTime,
  money,
  stripDays,
  ticketInfoFromLink,
  ticketInfoOf,
  validAccent,
} from "./view.ts";

type Curation = { featured?: boolean; position?: number | null; poster_url?: string | null };

const show = (
  id: string,
  movie: string | null,
  title: string,
  startsAt: string,
  curation: Curation = {},
): WidgetShowtime => ({
  id,
  cinema: { id: "c1", name: "Kriterion", city: "Amsterdam" },
  movie: movie ? { id: movie, title, poster_url: null, ...curation } : null,
  title,
  starts_at: startsAt,
  time_zone: "Europe/Amsterdam",
  listing_date: startsAt.slice(0, 10),
  auditorium: null,
  attributes: [],
  attribute_names: {},
  audio_language: null,
  subtitle_languages: [],
  booking_url: null,
  bookable: false,
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

  it("writes times, days and prices as the locale does: 24 or 12 hours, its own digits and currency format", () => {
    // 17:30Z is 19:30 in Amsterdam.
    const evening = show("1", "m1", "Dune", "2030-06-01T17:30:00Z");
    expect(localTime(evening, "de")).toBe("19:30");
    expect(localTime(evening, "pt-BR")).toBe("19:30");
    expect(localTime(evening, "en")).toMatch(/^7:30\sPM$/);
    expect(localTime(evening, "en-US")).toMatch(/^7:30\sPM$/);
    expect(localTime(evening, "en-GB")).toBe("19:30");
    expect(localTime(evening, "en-US-u-hc-h23")).toBe("19:30");
    expect(localTime(evening, "fa-IR")).toBe("۱۹:۳۰");
    expect(dayLabel("2030-06-01", "en-GB")).toEqual({ weekday: "Sat", day: "1 Jun" });
    expect(dayLabel("2030-06-01", "de")).toEqual({
      weekday: expect.stringMatching(/^Sa\.?$/),
      day: "1. Juni",
    });
    expect(dayLabel("2030-06-01", "nl")).toEqual({ weekday: "za", day: "1 jun" });
    expect(money(1250, "EUR", "de")).toMatch(/^12,50\s€$/);
    expect(money(1250, "EUR", "en")).toBe("€12.50");
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

  it("puts the client's featured movies first, in its order, then the rest by first show", () => {
    const movies = groupByMovie([
      show("1", "m1", "Dune", "2030-01-01T18:00:00+01:00", { featured: false, position: null }),
      show("2", "m2", "Anora", "2030-01-01T19:00:00+01:00", { featured: true, position: 2 }),
      show("3", null, "Quiz Night", "2030-01-01T17:00:00+01:00"),
      show("4", "m3", "Conclave", "2030-01-01T21:00:00+01:00", { featured: true, position: 1 }),
      show("5", "m4", "Flow", "2030-01-01T20:00:00+01:00", {
        featured: true,
        position: null,
        poster_url: "https://reeltime.example/media/a.webp",
      }),
      show("6", "m2", "Anora", "2030-01-01T22:00:00+01:00", { featured: true, position: 2 }),
    ]);
    expect(movies.map((m) => [m.title, m.showtimes.length])).toEqual([
      ["Conclave", 1],
      ["Anora", 2],
      ["Flow", 1],
      ["Dune", 1],
      ["Quiz Night", 1],
    ]);
    expect(movies.find((m) => m.title === "Flow")?.poster).toBe("https://reeltime.example/media/a.webp");
    // Without settings (a secret key's answer, an unlinked title) nothing is featured.
    expect(movies.at(-1)).toMatchObject({ featured: false, position: null, poster: null });
  });

  it("takes an accent colour the browser knows, and nothing else", () => {
    const supports = (property: string, value: string) =>
      property === "color" && /^(#[0-9a-f]{3,8}|rebeccapurple|oklch\(.+\))$/i.test(value);
    expect(validAccent(" #c026d3 ", supports)).toBe("#c026d3");
    expect(validAccent("oklch(0.6 0.2 30)", supports)).toBe("oklch(0.6 0.2 30)");
    expect(validAccent("red; background: url(x)", supports)).toBeUndefined();
    expect(validAccent("", supports)).toBeUndefined();
    expect(validAccent(undefined, supports)).toBeUndefined();
  });

  it("writes a showtime's ticket as text, with the embedder's UTM on the booking link", () => {
    const row: WidgetShowtime = {
      ...show("9", "m1", "Dune", "2030-01-01T20:15:00+01:00"),
      auditorium: "Zaal 2",
      attributes: ["imax", "ov"],
      attribute_names: { imax: "IMAX", ov: "Originele versie" },
      booking_url: "https://tickets.example/9",
      bookable: true,
      price: { min: 1150, max: 1650, currency: "EUR" },
      seats: { available: 12, total: 200 },
      availability: "few-left",
    };
    const info = ticketInfoOf(row, "nl", { utm_source: "paper" });
    expect(info).toMatchObject({
      id: "9",
      title: "Dune",
      time: "20:15",
      cinema: "Kriterion",
      auditorium: "Zaal 2",
      attributes: "IMAX, Originele versie",
      href: "https://tickets.example/9?utm_source=paper",
      soldOut: false,
    });
    expect(info.price).toMatch(/^€\s11,50 – €\s16,50$/);
    expect(info.atSite).toBe(false);
    expect(ticketInfoOf({ ...row, availability: "sold-out" }, "nl", {}).soldOut).toBe(true);
    // The cinema's site, not the show's booking: the panel's button says so.
    const site = ticketInfoOf({ ...row, booking_url_kind: "cinema" }, "en", {});
    expect(site.atSite).toBe(true);
    // The prices and the time as the tag writes them.
    expect(ticketInfoOf(row, "en", {}, "en-GB")).toMatchObject({ time: "20:15", price: "€11.50 – €16.50" });
  });

  it("tells a show bookable online from one at the box office and a sold-out one, by the API's flag", () => {
    const row: WidgetShowtime = {
      ...show("9", "m1", "Dune", "2030-01-01T20:15:00+01:00"),
      attributes: ["nl-subs", "smell-o-vision"],
      attribute_names: { "nl-subs": "Dutch subtitles" },
      booking_url: "https://tickets.example/9",
      booking_url_kind: "showtime",
      bookable: true,
      availability: "available",
    };
    expect(bookingOf(row)).toBe("show");
    expect(bookingOf({ ...row, booking_url_kind: "cinema" })).toBe("site");
    expect(bookingOf({ ...row, booking_url: null, booking_url_kind: null, bookable: false })).toBe(
      "box-office",
    );
    // The API's flag decides, even with a link.
    expect(bookingOf({ ...row, bookable: false })).toBe("box-office");
    expect(bookingOf({ ...row, availability: "sold-out", bookable: false })).toBe("sold-out");
    // A code the catalogue does not name stays as it is.
    expect(attributeNames(row)).toEqual(["Dutch subtitles", "smell-o-vision"]);

    const boxOffice = ticketInfoOf({ ...row, bookable: false }, "en", { utm_source: "paper" });
    expect(boxOffice).toMatchObject({ href: null, boxOffice: true, soldOut: false, atSite: false });
    expect(ticketInfoOf(row, "en", {})).toMatchObject({
      href: "https://tickets.example/9",
      boxOffice: false,
    });
  });

  it("reads a page's ticket link: the texts as given, optional ones left out, incomplete links refused", () => {
    const info = ticketInfoFromLink("https://tickets.example/9?utm_source=reeltime", {
      reeltimeTicket: "",
      title: "Dune: Deel Twee",
      cinema: "Pathé Tuschinski",
      time: "20:15",
      startsAt: "2030-01-01T20:15:00+01:00",
      price: "€ 11,50 – € 16,50",
      attributes: "IMAX , Originele versie,",
    });
    expect(info).toMatchObject({
      title: "Dune: Deel Twee",
      cinema: "Pathé Tuschinski",
      time: "20:15",
      price: "€ 11,50 – € 16,50",
      seats: undefined,
      auditorium: undefined,
      attributes: "IMAX, Originele versie",
      href: "https://tickets.example/9?utm_source=reeltime",
      soldOut: false,
    });
    const other = ticketInfoFromLink("https://tickets.example/10", {
      title: "A",
      cinema: "B",
      time: "21:00",
    });
    expect(other?.id).not.toBe(info?.id);
    expect(other?.atSite).toBe(false);
    expect(
      ticketInfoFromLink("https://www.pathe.nl/", { title: "A", cinema: "B", time: "21:00", booking: "site" })
        ?.atSite,
    ).toBe(true);
    expect(ticketInfoFromLink("https://tickets.example/9", { title: "Dune", cinema: "X" })).toBeUndefined();
    expect(
      ticketInfoFromLink("javascript:alert(1)", { title: "Dune", cinema: "X", time: "20:15" }),
    ).toBeUndefined();
  });
});
