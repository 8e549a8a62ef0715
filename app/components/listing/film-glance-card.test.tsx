// The listing at a glance as the server renders it (issue 25, points 1 and 2): a film's card (poster or its
// stand-in, runtime, rating, formats, its next times by cinema and a link to all of them), how a card shares
// its times, and a time chip's booking state: a link to book, sold out, or tickets at the box office only
// (no link styling, and a name that says so); "Started" stays when few seats are left.
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en.json" with { type: "json" };
import type { ListingCinema, ListingMovie, ListingShowtime } from "../../../core/showtimes/find-listing.ts";
import { I18nProvider } from "../../lib/i18n.tsx";
import { cardTimes, filmGlanceView, type FilmGlance } from "../../lib/showtime-view.server.ts";
import { FilmGlanceCard } from "./film-glance-card.tsx";
import { type ChipShowtime, chipHref, TimeChip } from "./time-chip.tsx";

const NOW = new Date("2030-03-14T12:00:00Z");

function render(node: React.ReactNode): string {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <I18nProvider lang="en" messages={en}>
          {node}
        </I18nProvider>
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

/** The text a visitor sees and a screen reader hears, tags dropped. */
function text(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'");
}

function chip(overrides: Partial<ChipShowtime> = {}): ChipShowtime {
  return {
    time: "20:30",
    endTime: "22:40",
    afterMidnight: false,
    started: false,
    startsAt: "2030-03-14T19:30:00.000Z",
    badges: [{ code: "OV", name: "Original version" }],
    availability: "available",
    bookingUrl: "https://cinema.example/book/1",
    atSite: false,
    auditorium: "Zaal 1",
    seatsAvailable: 40,
    seatsTotal: 100,
    price: "€12.00",
    ...overrides,
  };
}

const renderChip = (showtime: ChipShowtime) =>
  render(<TimeChip showtime={showtime} cinema="Balzac" title="Dune" />);

describe("a time chip's booking state", () => {
  it("links a bookable show to its booking page, in a new tab, for the ticket panel", () => {
    const html = renderChip(chip());
    expect(html).toMatch(
      /^<a href="https:\/\/cinema.example\/book\/1" target="_blank" rel="noopener noreferrer"/,
    );
    expect(html).toContain("data-reeltime-ticket");
    expect(html).not.toContain("box-office");
    expect(text(html)).toContain("Book at Balzac, opens in a new tab");
  });

  it("shows a show without a booking link as no link, marked and named 'box office'", () => {
    for (const availability of ["available", "few-left", "unknown"] as const) {
      const html = renderChip(chip({ bookingUrl: null, availability }));
      expect(html, availability).not.toMatch(/<a\b|href=/);
      expect(html).toMatch(
        /^<span role="group" aria-label="20:30, not bookable online: tickets at the box office" class="time-chip" data-testid="time-chip" data-availability="[a-z-]+" data-booking="box-office">/,
      );
      expect(html).toContain('<span aria-hidden="true" class="time-chip-box-office">Box office</span>');
      expect(text(html)).not.toContain("Book at");
      expect(html).not.toContain("data-reeltime-ticket");
    }
  });

  it("keeps a sold-out show a plain span without the box-office mark, with or without a link", () => {
    for (const bookingUrl of [null, "https://cinema.example/book/1"]) {
      const html = renderChip(chip({ bookingUrl, availability: "sold-out" }));
      expect(html).toMatch(/^<span class="time-chip" data-testid="time-chip" data-availability="sold-out">/);
      expect(html).not.toContain("box-office");
      expect(text(html)).toContain("Sold out");
    }
  });

  it("chipHref: the booking link, none when sold out or missing", () => {
    expect(chipHref({ bookingUrl: "https://x.example/b", availability: "available" })).toBe(
      "https://x.example/b",
    );
    expect(chipHref({ bookingUrl: "https://x.example/b", availability: "few-left" })).toBe(
      "https://x.example/b",
    );
    expect(chipHref({ bookingUrl: "https://x.example/b", availability: "sold-out" })).toBeNull();
    expect(chipHref({ bookingUrl: null, availability: "available" })).toBeNull();
  });
});

describe("a time chip's visible state", () => {
  const meta = (html: string) =>
    /class="time-chip-meta">(.*?)<\/span><span class="sr-only">/.exec(html)?.[1] ?? "";

  it("says both 'Few seats left' and 'Started' when a started show has few seats left", () => {
    const html = renderChip(chip({ started: true, availability: "few-left" }));
    expect(text(meta(html))).toBe(", €12.00 · Few seats left · Started");
    expect(text(html)).toContain("Started, Few seats left");
  });

  it("says 'Started' alone, 'Few seats left' alone, and nothing when neither", () => {
    expect(text(meta(renderChip(chip({ started: true }))))).toBe(", €12.00 · Started");
    expect(text(meta(renderChip(chip({ availability: "few-left" }))))).toBe(", €12.00 · Few seats left");
    expect(text(meta(renderChip(chip({ started: true, availability: "sold-out" }))))).toBe(
      ", €12.00 · Sold out · Started",
    );
    expect(text(meta(renderChip(chip())))).toBe(", €12.00");
  });

  it("a started box-office show says Started and Box office", () => {
    const html = renderChip(chip({ started: true, bookingUrl: null }));
    expect(text(html)).toContain("Started");
    expect(text(html)).toContain("Box office");
  });
});

describe("how a card shares its times", () => {
  it("gives one cinema two times, two cinemas one each, never more than there are", () => {
    expect(cardTimes([5])).toEqual([2]);
    expect(cardTimes([1])).toEqual([1]);
    expect(cardTimes([5, 5])).toEqual([1, 1]);
    expect(cardTimes([1, 5])).toEqual([1, 1]);
    expect(cardTimes([5, 5], 3)).toEqual([2, 1]);
    expect(cardTimes([1, 5], 3)).toEqual([1, 2]);
    expect(cardTimes([])).toEqual([]);
  });
});

let ids = 0;
function show(startsAt: string, overrides: Partial<ListingShowtime> = {}): ListingShowtime {
  ids += 1;
  return {
    id: `s${ids}`,
    startsAt: new Date(startsAt),
    listingDate: "2030-03-14",
    attributes: [],
    availability: "available",
    bookingUrl: `https://cinema.example/book/${ids}`,
    bookingKind: "showtime",
    priceMin: null,
    priceMax: null,
    currency: null,
    seatsAvailable: null,
    seatsTotal: null,
    auditorium: null,
    audioLanguage: null,
    subtitleLanguages: [],
    ...overrides,
  };
}

function cinema(name: string, showtimes: ListingShowtime[], distanceKm: number | null = null): ListingCinema {
  return {
    id: name.toLowerCase(),
    name,
    slug: name.toLowerCase(),
    city: "Paris",
    address: null,
    timeZone: "Europe/Paris",
    distanceKm,
    approximateLocation: false,
    showtimes,
  };
}

function movie(cinemas: ListingCinema[], overrides: Partial<ListingMovie> = {}): ListingMovie {
  return {
    id: "m1",
    slug: "dune",
    title: "Dune",
    year: 2030,
    runtimeMinutes: 155,
    genres: ["drama"],
    certification: { FR: "12", NL: "16" },
    poster: null,
    cinemas,
    showtimeCount: cinemas.reduce((sum, c) => sum + c.showtimes.length, 0),
    ...overrides,
  };
}

const context = {
  lang: "en",
  date: "2030-03-14",
  now: NOW,
  attributeName: new Map([
    ["IMAX", "IMAX"],
    ["OV", "Original version"],
  ]),
};
const film = { nearMe: false, countryCode: "FR", formatCodes: new Set(["IMAX", "3D"]), messages: en };

describe("a film at a glance (the view)", () => {
  const listing = movie([
    cinema("Rex", [
      show("2030-03-14T18:00:00Z"),
      show("2030-03-14T20:00:00Z", { attributes: ["IMAX", "OV"] }),
    ]),
    cinema("Balzac", [
      show("2030-03-14T13:00:00Z"),
      show("2030-03-14T15:00:00Z"),
      show("2030-03-14T17:00:00Z"),
    ]),
    cinema("Lincoln", [show("2030-03-14T14:00:00Z")]),
  ]);

  it("shows the soonest cinemas' next times, the place's rating and the formats, and counts the rest", () => {
    const view = filmGlanceView(listing, film, context);
    expect(view.cinemas.map((c) => [c.name, c.showtimes.map((s) => s.time)])).toEqual([
      ["Balzac", ["14:00"]],
      ["Lincoln", ["15:00"]],
    ]);
    expect(view.rating).toBe("12");
    expect(view.formats).toEqual([{ code: "IMAX", name: "IMAX" }]);
    expect(view.showtimeCount).toBe(6);
    expect(view.cinemaCount).toBe(3);
    expect(view.moreShowtimes).toBe(4);
    expect(view.poster).toBeNull();
    expect(view.posterHue).toBeGreaterThanOrEqual(0);
    expect(view.posterHue).toBeLessThan(360);
  });

  it("near the visitor keeps the nearest cinemas first", () => {
    const near = movie([
      cinema("Near", [show("2030-03-14T20:00:00Z")], 0.5),
      cinema("Far", [show("2030-03-14T13:00:00Z")], 9),
    ]);
    const view = filmGlanceView(near, { ...film, nearMe: true }, context);
    expect(view.cinemas.map((c) => [c.name, c.distanceKm])).toEqual([
      ["Near", 0.5],
      ["Far", 9],
    ]);
  });

  it("has no rating where the place's country has none, and a poster URL when there is one", () => {
    const view = filmGlanceView(
      movie(listing.cinemas, {
        certification: { NL: "16" },
        poster: { contentHash: "abc", mimeType: "image/webp", width: 320, height: 480 },
      }),
      film,
      context,
    );
    expect(view.rating).toBeNull();
    expect(view.poster).toEqual({ url: "/media/abc.webp", width: 320, height: 480 });
  });

  it("a film without a page of its own shows all its times (no link to more)", () => {
    const view = filmGlanceView(movie(listing.cinemas, { slug: null, id: "feed:Sneak" }), film, context);
    expect(view.cinemas.flatMap((c) => c.showtimes)).toHaveLength(6);
    expect(view.moreShowtimes).toBe(0);
  });
});

describe("a film's card (rendered)", () => {
  const view: FilmGlance = filmGlanceView(
    movie([
      cinema("Rex", [show("2030-03-14T18:00:00Z", { attributes: ["IMAX"] }), show("2030-03-14T20:00:00Z")]),
      cinema("Balzac", [show("2030-03-14T13:00:00Z", { bookingUrl: null, bookingKind: null })]),
    ]),
    film,
    context,
  );
  const card = (props: Partial<React.ComponentProps<typeof FilmGlanceCard>> = {}) =>
    render(
      <FilmGlanceCard
        film={view}
        position={1}
        filmHref="/films/dune?city=Paris"
        cinemaHref={(slug) => `/cinemas/${slug}`}
        {...props}
      />,
    );

  it("has the poster's stand-in, the title linking to the film, runtime, rating and formats", () => {
    const html = card();
    expect(html).toContain('data-testid="poster-fallback"');
    expect(html).toMatch(
      /<h3 id="film-title-1" class="glance-title"><a class="page-link" href="\/films\/dune\?city=Paris"[^>]*>Dune<\/a><\/h3>/,
    );
    expect(text(html)).toContain("155 minAge rating 12IMAX");
  });

  it("groups the times by cinema, each cinema's name linking to its page, then links to all times", () => {
    const html = card();
    const cinemas = [
      ...html.matchAll(/<h4 class="glance-cinema">.*?<a class="page-link" href="([^"]+)"[^>]*>([^<]+)<\/a>/g),
    ].map((m) => [m[1], m[2]]);
    expect(cinemas).toEqual([
      ["/cinemas/balzac", "Balzac"],
      ["/cinemas/rex", "Rex"],
    ]);
    expect(html.match(/data-testid="time-chip"/g)).toHaveLength(2);
    expect(html).toContain('data-booking="box-office"');
    expect(html).toMatch(
      /<a class="glance-more" data-testid="all-times" href="\/films\/dune\?city=Paris"[^>]*>All 3 showtimes at 2 cinemas<\/a>/,
    );
  });

  it("on a cinema's page leaves the cinema's name out; without a film page there is no 'all' link", () => {
    const html = card({ showCinemas: false, filmHref: null });
    expect(html).not.toContain(`class="glance-cinema"`);
    expect(html).not.toContain("all-times");
    expect(html).toMatch(/<h3 id="film-title-1" class="glance-title">Dune<\/h3>/);
  });
});
