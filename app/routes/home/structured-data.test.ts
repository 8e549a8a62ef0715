import { describe, expect, it } from "vitest";
import {
  type ListedMovie,
  type ListedShowtime,
  MAX_SCREENING_EVENTS,
  screeningEvents,
  serializeJsonLd,
} from "./structured-data.ts";

const PAGE = { url: "https://reeltime.example/?city=Paris", countryCode: "FR" };

function showtime(overrides: Partial<ListedShowtime> = {}): ListedShowtime {
  return {
    startsAtLocal: "2030-03-14T20:30:00+01:00",
    bookingUrl: "https://cinema.example/book/1",
    availability: "few-left",
    audioLanguage: "en",
    subtitleLanguages: ["fr"],
    priceFrom: 11.5,
    currency: "EUR",
    ...overrides,
  };
}

function movie(title: string, showtimes: ListedShowtime[]): ListedMovie {
  return {
    title,
    year: 2029,
    runtimeMinutes: 121,
    genres: ["Drama"],
    cinemas: [{ name: "Le Grand Rex", address: "1 Bd Poissonnière", city: "Paris", showtimes }],
  };
}

describe("screeningEvents", () => {
  it("describes a listed time as a ScreeningEvent at a MovieTheater presenting a Movie", () => {
    const [event] = screeningEvents([movie("Dune", [showtime()])], PAGE);
    expect(event).toEqual({
      "@type": "ScreeningEvent",
      name: "Dune",
      url: PAGE.url,
      startDate: "2030-03-14T20:30:00+01:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "MovieTheater",
        name: "Le Grand Rex",
        address: {
          "@type": "PostalAddress",
          streetAddress: "1 Bd Poissonnière",
          addressLocality: "Paris",
          addressCountry: "FR",
        },
      },
      workPresented: {
        "@type": "Movie",
        name: "Dune",
        dateCreated: "2029",
        duration: "PT121M",
        genre: ["Drama"],
      },
      inLanguage: "en",
      subtitleLanguage: ["fr"],
      offers: {
        "@type": "Offer",
        url: "https://cinema.example/book/1",
        price: 11.5,
        priceCurrency: "EUR",
        availability: "https://schema.org/LimitedAvailability",
      },
    });
  });

  it("gives a sold-out show no booking URL, as its chip has none, but keeps its price and availability", () => {
    const [event] = screeningEvents([movie("Dune", [showtime({ availability: "sold-out" })])], PAGE);
    expect(event?.offers).toEqual({
      "@type": "Offer",
      price: 11.5,
      priceCurrency: "EUR",
      availability: "https://schema.org/SoldOut",
    });
  });

  it("leaves out what is unknown: no offer without a booking link or price, no languages", () => {
    const bare = showtime({
      bookingUrl: null,
      priceFrom: null,
      audioLanguage: null,
      subtitleLanguages: [],
      availability: "unknown",
    });
    const json = JSON.parse(serializeJsonLd(screeningEvents([movie("X", [bare])], PAGE))) as {
      "@graph": Record<string, unknown>[];
    };
    const event = json["@graph"][0]!;
    expect(event).not.toHaveProperty("offers");
    expect(event).not.toHaveProperty("inLanguage");
    expect(event).not.toHaveProperty("subtitleLanguage");
  });

  it(`keeps to the first ${MAX_SCREENING_EVENTS} times in the page's order`, () => {
    const many = Array.from({ length: 80 }, (_, i) => showtime({ startsAtLocal: `t${i}` }));
    const events = screeningEvents([movie("A", many), movie("B", many)], PAGE);
    expect(events).toHaveLength(MAX_SCREENING_EVENTS);
    expect(events[0]!.startDate).toBe("t0");
    expect(events[80]).toMatchObject({ name: "B", startDate: "t0" });
  });
});

describe("serializeJsonLd", () => {
  it("cannot close its script element: <, >, & and line separators become \\u escapes, same JSON", () => {
    const hostile = movie("</script><script>alert(1)</script> & <!-- \u2028\u2029", [showtime()]);
    const text = serializeJsonLd(screeningEvents([hostile], PAGE));
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain("\\u003c/script\\u003e");
    const parsed = JSON.parse(text) as { "@context": string; "@graph": { name: string }[] };
    expect(parsed["@context"]).toBe("https://schema.org");
    expect(parsed["@graph"][0]!.name).toBe(hostile.title);
  });
});
