import { describe, expect, it } from "vitest";
import { bookingLink, type BookingSource } from "./booking-link.ts";

const source: BookingSource = {
  showtimeUrl: null,
  template: null,
  sourceRef: "51234",
  cinemaRef: "KBRE",
  // 00:30 on Sunday 29 March 2026 in Amsterdam (UTC+1: the clocks go forward at 02:00 that night)
  startsAt: new Date("2026-03-28T23:30:00Z"),
  timeZone: "Europe/Amsterdam",
  website: "https://kinepolis.nl/",
};

describe("bookingLink", () => {
  it("prefers the show's own link from its feed (relative ones against the cinema's site)", () => {
    expect(bookingLink({ ...source, showtimeUrl: "https://tickets.example.nl/s/9" })).toEqual({
      url: "https://tickets.example.nl/s/9",
      kind: "showtime",
    });
    expect(bookingLink({ ...source, showtimeUrl: "/tickets/9" })).toEqual({
      url: "https://kinepolis.nl/tickets/9",
      kind: "showtime",
    });
  });

  it("calls a feed's link to the cinema's home page what it is: the cinema's site", () => {
    expect(bookingLink({ ...source, showtimeUrl: "https://kinepolis.nl?utm_source=feed" })).toEqual({
      url: "https://kinepolis.nl/?utm_source=feed",
      kind: "cinema",
    });
  });

  it("fills in the template with the show's reference, the cinema's code and the local date and time", () => {
    expect(
      bookingLink({
        ...source,
        template:
          "https://kinepolis.nl/direct-vista-redirect/{source_ref}/0/{cinema_ref}/0?d={date}&t={time}",
      }),
    ).toEqual({
      url: "https://kinepolis.nl/direct-vista-redirect/51234/0/KBRE/0?d=2026-03-29&t=00%3A30",
      kind: "showtime",
    });
  });

  it("falls back to the cinema's site when the template cannot be filled in or is unsafe", () => {
    const site = { url: "https://kinepolis.nl/", kind: "cinema" };
    expect(
      bookingLink({ ...source, template: "https://kinepolis.nl/{source_ref}", sourceRef: null }),
    ).toEqual(site);
    expect(
      bookingLink({ ...source, template: "https://kinepolis.nl/{cinema_ref}", cinemaRef: null }),
    ).toEqual(site);
    expect(bookingLink({ ...source, template: "javascript:alert('{source_ref}')" })).toEqual(site);
    expect(bookingLink({ ...source, template: "https://{source_ref}/" })).toEqual(site);
  });

  it("gives no link without one of its own, a template or a site; never a script", () => {
    expect(bookingLink({ ...source, website: null })).toBeNull();
    expect(bookingLink({ ...source, website: "javascript:alert(1)" })).toBeNull();
    expect(bookingLink({ ...source, website: null, showtimeUrl: "javascript:alert(1)" })).toBeNull();
  });
});
