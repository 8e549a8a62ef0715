// Where a showtime books, for the public site and the API alike: a deep link to the show itself when the
// feed gave one or the cinema's booking URL template can be filled in, else the cinema's own site (the
// visitor picks the show there, and the page says so). Only absolute http(s) links, never `javascript:`.
import { httpUrlOrNull } from "../shared/absolute-url.ts";
import { isoInZone } from "./zoned-time.ts";
import { fillBookingTemplate } from "../catalog/cinemas/booking-template.ts";

/** `showtime`: the link opens this show's booking; `cinema`: the cinema's site, where the visitor finds it. */
export type BookingLinkKind = "showtime" | "cinema";
export type BookingLink = { url: string; kind: BookingLinkKind };

export type BookingSource = {
  /** the show's own link from its feed (may be relative to the cinema's site) */
  showtimeUrl: string | null;
  template: string | null;
  /** the show's reference in the cinema's feed */
  sourceRef: string | null;
  /** the cinema's site id in its point-of-sale system */
  cinemaRef: string | null;
  startsAt: Date;
  timeZone: string;
  website: string | null;
};

/** The address without query, fragment and trailing slash: a feed's "link" that is only the site's home page. */
function pageOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}`;
}

export function bookingLink(source: BookingSource): BookingLink | null {
  const site = httpUrlOrNull(source.website);
  const own = httpUrlOrNull(source.showtimeUrl, site);
  if (own) return { url: own, kind: site && pageOf(own) === pageOf(site) ? "cinema" : "showtime" };
  if (source.template) {
    const local = isoInZone(source.startsAt, source.timeZone);
    const filled = fillBookingTemplate(source.template, {
      source_ref: source.sourceRef,
      cinema_ref: source.cinemaRef,
      date: local.slice(0, 10),
      time: local.slice(11, 16),
    });
    if (filled) return { url: filled, kind: "showtime" };
  }
  return site ? { url: site, kind: "cinema" } : null;
}
