// The widget's calls to the API, with the client's publishable key: the showtimes of one listing day, and
// the report of what the widget counted (impressions, booking clicks).
export type WidgetShowtime = {
  id: string;
  cinema: { id: string; name: string; city: string };
  movie: {
    id: string;
    title: string;
    poster_url: string | null;
    /** publishable keys: the client featured the movie, at this place in its order */
    featured?: boolean;
    position?: number | null;
  } | null;
  title: string;
  starts_at: string;
  time_zone: string;
  listing_date: string;
  auditorium: string | null;
  attributes: string[];
  /** each attribute's name in the asked locale */
  attribute_names: Record<string, string>;
  audio_language: string | null;
  subtitle_languages: string[];
  booking_url: string | null;
  /** what booking_url opens: this show's booking, or the cinema's site (where the visitor finds the show) */
  booking_url_kind?: "showtime" | "cinema" | null;
  /** bookable online through booking_url (a link and seats to sell); else at the box office */
  bookable: boolean;
  price: { min: number | null; max: number | null; currency: string } | null;
  seats: { available: number | null; total: number | null };
  availability: "available" | "few-left" | "sold-out" | "unknown";
};

export type Filter = { cinema?: string; city?: string; movie?: string };

/** Why the API refused, in the words the widget shows and the console warning it writes. */
export type Refusal = "origin" | "key" | "credits" | "country" | "unavailable";

export class WidgetApiError extends Error {
  readonly refusal: Refusal;
  constructor(refusal: Refusal, detail: string) {
    super(detail);
    this.refusal = refusal;
  }
}

const PAGE = 200;
/** at most this many pages for one day: Paris's busiest day (some 1,200 shows) fits in 7 */
const MAX_PAGES = 10;

function refusalOf(status: number, type: string): Refusal {
  if (status === 401) return "key";
  if (status === 402) return "credits";
  if (status === 403) return /origin/.test(type) ? "origin" : "country";
  return "unavailable";
}

/** Every showtime of `date` (the cinemas' listing day) for the filter, earliest first. */
export async function fetchDay(
  apiBase: string,
  key: string,
  filter: Filter,
  date: string,
  locale: string,
  signal: AbortSignal,
): Promise<WidgetShowtime[]> {
  const rows: WidgetShowtime[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const url = new URL("/api/v1/showtimes", apiBase);
    for (const [name, value] of Object.entries(filter)) if (value) url.searchParams.set(name, value);
    url.searchParams.set("from", date);
    url.searchParams.set("to", date);
    url.searchParams.set("locale", locale);
    url.searchParams.set("limit", String(PAGE));
    if (cursor) url.searchParams.set("cursor", cursor);
    const response = await fetch(url, { headers: { "X-API-Key": key }, signal, credentials: "omit" });
    if (!response.ok) {
      const problem = (await response.json().catch(() => ({}))) as { type?: string; detail?: string };
      throw new WidgetApiError(
        refusalOf(response.status, problem.type ?? ""),
        problem.detail ?? `HTTP ${response.status}`,
      );
    }
    const body = (await response.json()) as {
      data: WidgetShowtime[];
      pagination: { next_cursor: string | null };
    };
    rows.push(...body.data);
    cursor = body.pagination.next_cursor;
    if (!cursor) break;
  }
  return rows;
}

export type UsageCounts = { impressions: number; clicks: number };

/**
 * Sends counts to the API's widget endpoint. A simple request (text/plain, no custom header, the key in
 * the body) needs no CORS preflight, and `keepalive` lets it finish while the page is being left. No
 * cookies. Failures are ignored: a lost count is not worth a visitor's error.
 */
export function sendUsage(apiBase: string, key: string, counts: UsageCounts): void {
  try {
    void fetch(new URL("/api/v1/widget/events", apiBase), {
      method: "POST",
      body: JSON.stringify({ key, impressions: counts.impressions, clicks: counts.clicks }),
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
      keepalive: true,
      credentials: "omit",
    }).catch(() => undefined);
  } catch {
    // no fetch, or a bad base: nothing to report to
  }
}
