// Booking URL templates of the demo chains whose real web sites open one show's booking from a link
// (cinemas.booking_url_template; placeholders and their rules in core/catalog/booking-template.ts).
//
// Written from memory of the chains' public sites, without internet access to check them: each entry
// says what it assumes. The demo's own feed references (`demo:<cinema>:<local start>:<screen>`) are not
// the chains' show ids, so on the real sites these links open an error or search page: they show the
// shape of a deep link, per chain, and how the public site and the API treat it. Chains not listed here
// (Vue, UGC, CGR, MK2, Megarama, Cinemaxx, Big Bio, Cinéville, Grand Écran, and every independent
// cinema) get no template: we know no public deep-link shape of theirs, so their shows link to the
// cinema's site and the page says "at the cinema's site".
import type { DemoCinema } from "./demo-data-types.ts";

type ChainTemplates = {
  /** template per country of the cinema (the chains run a site per country) */
  byCountry: Record<string, string>;
  /** the template needs the cinema's point-of-sale code ({cinema_ref}) */
  cinemaRef?: boolean;
  assumption: string;
};

export const DEMO_BOOKING_TEMPLATES: Record<string, ChainTemplates> = {
  pathe: {
    byCountry: {
      NL: "https://www.pathe.nl/tickets/start/{source_ref}",
      FR: "https://www.pathe.fr/tickets/start/{source_ref}",
    },
    assumption:
      "Pathé's sites (one platform for NL, FR, BE and CH) start a show's booking at /tickets/start/<show id>, " +
      "the show id being the one in Pathé's own showtime data.",
  },
  kinepolis: {
    byCountry: {
      NL: "https://kinepolis.nl/direct-vista-redirect/{source_ref}/0/{cinema_ref}/0",
      FR: "https://kinepolis.fr/direct-vista-redirect/{source_ref}/0/{cinema_ref}/0",
    },
    cinemaRef: true,
    assumption:
      "Kinepolis' sites hand a show to their Vista ticketing at /direct-vista-redirect/<session id>/0/<complex " +
      "code>/0; the complex code is the cinema's code in Vista (pos_site_id). The demo's codes are made up " +
      "(demoPosSiteId), not Kinepolis' real ones.",
  },
  "nordisk-film-biografer": {
    byCountry: { DK: "https://www.kino.dk/ticketflow/showtimes/{source_ref}" },
    assumption:
      "kino.dk, Nordisk Film Biografer's site, opens a show's seat selection at /ticketflow/showtimes/<showtime id>.",
  },
};

/** The demo cinema's booking URL template, or null (no template known for its chain and country). */
export function demoBookingTemplate(cinema: Pick<DemoCinema, "chain" | "country">): string | null {
  return (cinema.chain && DEMO_BOOKING_TEMPLATES[cinema.chain]?.byCountry[cinema.country]) || null;
}

function initials(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[^A-Za-z ]/g, "")
    .replace(/\b(kinepolis|forum)\b/gi, "")
    .replace(/\s+/g, "")
    .slice(0, 3)
    .toUpperCase()
    .padEnd(3, "X");
}

/**
 * Made-up point-of-sale codes for the demo cinemas whose template needs one ({cinema_ref}): the chain's
 * initial and three letters of the name ("Kinepolis Breda" → "KBRE"), a digit added when two cinemas would share one. Null
 * for the other cinemas. Deterministic: the same cinemas always get the same codes.
 */
export function demoPosSiteIds(cinemas: readonly Pick<DemoCinema, "slug" | "name" | "chain" | "country">[]) {
  const codes = new Map<string, string>();
  const taken = new Set<string>();
  for (const cinema of cinemas) {
    if (!cinema.chain || !DEMO_BOOKING_TEMPLATES[cinema.chain]?.cinemaRef || !demoBookingTemplate(cinema))
      continue;
    const base = `${cinema.chain.charAt(0).toUpperCase()}${initials(cinema.name)}`;
    let code = base;
    for (let n = 2; taken.has(code); n++) code = `${base}${n}`;
    taken.add(code);
    codes.set(cinema.slug, code);
  }
  return codes;
}

/**
 * Short numeric show ids for the shows of the cinemas with a template, as the chains' own systems give
 * (Vista sessions, Pathé shows): their deep links carry them on every chip of the home page, and the
 * demo's descriptive references (`demo:<cinema>:<local start>:<screen>`, some 70 characters once
 * percent-encoded) would double each link. The cinema's number among those cinemas (by slug), then the
 * show's number in that cinema, six digits: "17000042". Other shows keep their reference.
 */
export function demoShowIds(
  shows: readonly { cinemaSlug: string; sourceRef: string }[],
  templated: ReadonlySet<string>,
): Map<string, string> {
  const cinemaNumber = new Map([...templated].sort().map((slug, index) => [slug, index + 1]));
  const counters = new Map<string, number>();
  const ids = new Map<string, string>();
  for (const show of shows) {
    const cinema = cinemaNumber.get(show.cinemaSlug);
    if (cinema === undefined) continue;
    const n = (counters.get(show.cinemaSlug) ?? 0) + 1;
    counters.set(show.cinemaSlug, n);
    ids.set(show.sourceRef, `${cinema}${String(n).padStart(6, "0")}`);
  }
  return ids;
}
