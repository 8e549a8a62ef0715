// A cinema's booking URL template: the address of one show's booking page on the cinema's own site, with
// placeholders a showtime fills in ("https://kinepolis.nl/direct-vista-redirect/{source_ref}/0/{cinema_ref}/0").
// Browser-safe (the studio's form previews and checks it as it is typed): plain strings and URL.
//
// Safety: a template is an address on one https site, and no value filled in may change which site. So a
// placeholder may only stand after the host (in the path, query or fragment), values are percent-encoded
// (a "/", "?", "#", "@" or ":" in a feed's reference stays data), and the filled link is checked again: https,
// and the template's own host. A template that breaks a rule (one saved before the rules, or written to
// the database by other means) makes no link at all.

export const BOOKING_PLACEHOLDERS = ["source_ref", "cinema_ref", "date", "time"] as const;
export type BookingPlaceholder = (typeof BOOKING_PLACEHOLDERS)[number];

/**
 * What a showtime fills in: its reference in the cinema's feed, the cinema's site id in its point-of-sale
 * system (`cinemas.pos_site_id`), and the start's calendar date (YYYY-MM-DD) and time (HH:MM, 24 h) in
 * the cinema's time zone. A missing value leaves a template that needs it without a link.
 */
export type BookingValues = Partial<Record<BookingPlaceholder, string | null | undefined>>;

/** The sample show the studio's preview (and the check of a template) fills in. */
export const SAMPLE_BOOKING_VALUES: Required<Record<BookingPlaceholder, string>> = {
  source_ref: "12345",
  cinema_ref: "AMS01",
  date: "2026-11-24",
  time: "20:15",
};

export type BookingTemplateProblem =
  /** not an absolute https address (after filling in the sample show) */
  | { reason: "https" }
  /** a placeholder this product does not fill in, as written: "{film}" */
  | { reason: "placeholder"; placeholder: string }
  /** a "{" or "}" that opens or closes no placeholder */
  | { reason: "brace" }
  /** a placeholder in the scheme or host, or a user name before the host: the site could change */
  | { reason: "host" };

const PLACEHOLDER = /\{([^{}]*)\}/g;
/** The start of a template before its first placeholder: https, a host without user info, then / ? or #. */
const SITE_PREFIX = /^https:\/\/[^/?#@\\\s]+[/?#]/i;

function isKnown(name: string): name is BookingPlaceholder {
  return (BOOKING_PLACEHOLDERS as readonly string[]).includes(name);
}

/** The https URL `text` names, or undefined. */
function httpsUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password
      ? url
      : undefined;
  } catch {
    return undefined;
  }
}

function replacePlaceholders(template: string, value: (name: BookingPlaceholder) => string | undefined) {
  let missing = false;
  const filled = template.replace(PLACEHOLDER, (_, name: string) => {
    const text = isKnown(name) ? value(name) : undefined;
    if (text === undefined || text === "") {
      missing = true;
      return "";
    }
    return encodeURIComponent(text);
  });
  return missing ? undefined : filled;
}

/** What is wrong with a template (the first thing found), or undefined when it can be saved. */
export function bookingTemplateProblem(template: string): BookingTemplateProblem | undefined {
  for (const match of template.matchAll(PLACEHOLDER))
    if (!isKnown(match[1]!)) return { reason: "placeholder", placeholder: match[0] };
  if (/[{}]/.test(template.replace(PLACEHOLDER, ""))) return { reason: "brace" };
  const first = template.indexOf("{");
  // Everything up to the first placeholder must name the site: no value may extend or replace the host.
  const site = first >= 0 ? template.slice(0, first) : undefined;
  if (site !== undefined && !SITE_PREFIX.test(site))
    return /^https:\/\//i.test(site) ? { reason: "host" } : { reason: "https" };
  const sample = replacePlaceholders(template, (name) => SAMPLE_BOOKING_VALUES[name]);
  const url = sample === undefined ? undefined : httpsUrl(sample);
  if (!url) return { reason: "https" };
  if (site !== undefined && url.host !== new URL(site).host) return { reason: "host" };
  return undefined;
}

const checked = new Map<string, string | null>();
const MAX_CHECKED = 1000;

/** The template's host when it is a valid template (remembered: a listing fills one template hundreds of times). */
function templateHost(template: string): string | null {
  let host = checked.get(template);
  if (host === undefined) {
    host = bookingTemplateProblem(template) ? null : new URL(template.replace(PLACEHOLDER, "x")).host;
    if (checked.size >= MAX_CHECKED) checked.clear();
    checked.set(template, host);
  }
  return host;
}

/**
 * The template filled in for one show: every value percent-encoded, the result an https address on the
 * template's own host. Null when the template is invalid or a placeholder it uses has no value.
 */
export function fillBookingTemplate(template: string, values: BookingValues): string | null {
  const host = templateHost(template);
  if (host === null) return null;
  const filled = replacePlaceholders(template, (name) => values[name] ?? undefined);
  const url = filled === undefined ? undefined : httpsUrl(filled);
  return url && url.host === host ? url.toString() : null;
}
