// Builds the widget's DOM inside its shadow root: the date strip, the movies with their showtime chips,
// and the ticket panel of the chosen showtime. Plain DOM (no framework runtime): text is always set as
// text, never parsed as HTML.
import type { WidgetShowtime } from "./api.ts";
import { languageTag, translate, type WidgetLocale } from "./messages.ts";

type Attributes = Record<string, string>;

/** An element with attributes and children; strings become text nodes. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string | null)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) if (child !== null) element.append(child);
  return element;
}

export type Movie = {
  key: string;
  title: string;
  /** the poster's absolute URL, or null */
  poster: string | null;
  featured: boolean;
  /** the client's order among featured movies (null: after the ordered ones) */
  position: number | null;
  showtimes: WidgetShowtime[];
};

/**
 * The day's showtimes grouped by movie: the client's featured movies first, in its order, then the
 * others in the order of each movie's first show.
 */
export function groupByMovie(rows: readonly WidgetShowtime[]): Movie[] {
  const movies = new Map<string, Movie>();
  for (const row of rows) {
    const key = row.movie?.id ?? `title:${row.title}`;
    const movie = movies.get(key) ?? {
      key,
      title: row.title,
      poster: row.movie?.poster_url ?? null,
      featured: row.movie?.featured === true,
      position: row.movie?.position ?? null,
      showtimes: [],
    };
    movie.showtimes.push(row);
    movies.set(key, movie);
  }
  // Array sort is stable: movies that tie keep the order of their first show.
  const rank = (m: Movie) => (m.featured ? (m.position ?? Number.MAX_SAFE_INTEGER) : Infinity);
  return [...movies.values()].sort((a, b) => (rank(a) === rank(b) ? 0 : rank(a) < rank(b) ? -1 : 1));
}

/** The embedder's accent colour when it is a CSS colour the browser knows; else undefined. */
export function validAccent(
  value: string | undefined,
  supports: (property: string, value: string) => boolean,
): string | undefined {
  const colour = value?.trim();
  return colour && supports("color", colour) ? colour : undefined;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * The show's start in the cinema's own time zone (what its ticket says), as the tag (formatTag) writes a
 * time: "19:30" (nl, de, en-GB), "7:30 PM" (en-US), with the locale's own digits (fa-IR: "۱۹:۳۰").
 */
export function localTime(row: Pick<WidgetShowtime, "starts_at" | "time_zone">, tag: string): string {
  const id = `${tag}|${row.time_zone}`;
  let format = timeFormats.get(id);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(tag, { timeStyle: "short", timeZone: row.time_zone });
    } catch {
      // A zone this browser does not know: UTC rather than no time at all.
      format = new Intl.DateTimeFormat(tag, { timeStyle: "short", timeZone: "UTC" });
    }
    timeFormats.set(id, format);
  }
  return format.format(new Date(row.starts_at));
}

/** An amount in minor units (cents) in the tag's currency format. */
export function money(amount: number, currency: string, tag: string): string {
  return new Intl.NumberFormat(tag, { style: "currency", currency }).format(amount / 100);
}

/** The days of the strip: `count` days from `first` (YYYY-MM-DD). */
export function stripDays(first: string, count: number): string[] {
  const start = Date.parse(`${first}T12:00:00Z`);
  return Array.from({ length: count }, (_, n) => new Date(start + n * 86_400_000).toISOString().slice(0, 10));
}

export function dayLabel(date: string, tag: string): { weekday: string; day: string } {
  const at = new Date(`${date}T12:00:00Z`);
  return {
    weekday: new Intl.DateTimeFormat(tag, { weekday: "short", timeZone: "UTC" }).format(at),
    day: new Intl.DateTimeFormat(tag, {
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    }).format(at),
  };
}

/** The booking link with the embedder's UTM parameters (theirs replace any the cinema's link had). */
export function bookingLink(url: string, utm: Readonly<Record<string, string>>): string {
  const link = new URL(url);
  for (const [name, value] of Object.entries(utm)) if (value) link.searchParams.set(name, value);
  return link.toString();
}

export function availabilityText(row: WidgetShowtime, locale: WidgetLocale): string {
  return translate(locale, `widget.availability.${row.availability}`);
}

/** What a ticket panel shows, as display text: from a showtime of the API, or from a page's link. */
export type TicketInfo = {
  /** unique on the page: names the panel's heading */
  id: string;
  title: string;
  time: string;
  cinema: string;
  price?: string;
  seats?: string;
  auditorium?: string;
  attributes?: string;
  availability?: string;
  /** the booking link, UTM parameters included; null when there is none */
  href: string | null;
  /** the link is the cinema's site, not this show's booking: the button says so */
  atSite?: boolean;
  soldOut: boolean;
  /** not sold out, yet no online booking: the panel says tickets are at the box office */
  boxOffice?: boolean;
};

/**
 * How a show books: "show" (its own booking page), "site" (the cinema's site), "box-office" (no online
 * booking: the API's `bookable` is false though seats are left) or "sold-out".
 */
export type Booking = "show" | "site" | "box-office" | "sold-out";

export function bookingOf(row: WidgetShowtime): Booking {
  if (row.availability === "sold-out") return "sold-out";
  if (!row.bookable || !row.booking_url) return "box-office";
  return row.booking_url_kind === "cinema" ? "site" : "show";
}

/** The show's attributes by their names in the API's locale (the code where the API gave none). */
export function attributeNames(row: WidgetShowtime): string[] {
  return row.attributes.map((code) => row.attribute_names?.[code] ?? code);
}

/**
 * A showtime of the API as its ticket panel shows it, the booking link carrying the embedder's UTM; times
 * and prices as `tag` writes them (formatTag).
 */
export function ticketInfoOf(
  row: WidgetShowtime,
  locale: WidgetLocale,
  utm: Readonly<Record<string, string>>,
  tag: string = languageTag(locale),
): TicketInfo {
  const t = (key: string, values?: Record<string, string | number>) => translate(locale, key, values);
  const booking = bookingOf(row);
  const online = booking === "show" || booking === "site";
  const info: TicketInfo = {
    id: row.id,
    title: row.title,
    time: localTime(row, tag),
    cinema: row.cinema.name,
    availability: availabilityText(row, locale),
    href: online && row.booking_url ? bookingLink(row.booking_url, utm) : null,
    atSite: booking === "site",
    soldOut: booking === "sold-out",
    boxOffice: booking === "box-office",
  };
  if (row.price && row.price.min !== null) {
    const { min, max, currency } = row.price;
    info.price =
      max !== null && max !== min
        ? `${money(min, currency, tag)} – ${money(max, currency, tag)}`
        : money(min, currency, tag);
  }
  if (row.seats.available !== null)
    info.seats =
      row.seats.total !== null
        ? t("widget.panel.seatsOf", { available: row.seats.available, total: row.seats.total })
        : String(row.seats.available);
  if (row.auditorium) info.auditorium = row.auditorium;
  if (row.attributes.length > 0) info.attributes = attributeNames(row).join(", ");
  return info;
}

let anchorTickets = 0;

/**
 * The ticket of a page's server-rendered time chip: `<a data-reeltime-ticket href="{booking link}"
 * data-title data-cinema data-time data-starts-at [data-price] [data-seats] [data-auditorium]
 * [data-attributes="IMAX, OV"] [data-booking="site"]>`, the texts already formatted by the page;
 * `data-booking="site"`: the link is the cinema's site, not the show's booking. Undefined when the link lacks
 * what a panel needs (then it stays a plain link).
 */
export function ticketInfoFromLink(
  href: string,
  data: Readonly<Record<string, string | undefined>>,
): TicketInfo | undefined {
  const text = (value: string | undefined) => value?.trim() || undefined;
  const title = text(data.title);
  const cinema = text(data.cinema);
  const time = text(data.time);
  if (!title || !cinema || !time || !/^https?:/i.test(href)) return undefined;
  anchorTickets += 1;
  const attributes = data.attributes
    ?.split(",")
    .map((name) => name.trim())
    .filter(Boolean)
    .join(", ");
  return {
    id: `link-${anchorTickets}`,
    title,
    cinema,
    time,
    price: text(data.price),
    seats: text(data.seats),
    auditorium: text(data.auditorium),
    attributes: attributes || undefined,
    href,
    atSite: data.booking === "site",
    soldOut: false,
  };
}

/** The ticket panel of one showtime of the API. */
export function ticketPanel(
  row: WidgetShowtime,
  locale: WidgetLocale,
  utm: Readonly<Record<string, string>>,
  tag: string,
  onClose: () => void,
  onBook: (url: string) => void,
): HTMLElement {
  return ticketView(ticketInfoOf(row, locale, utm, tag), locale, onClose, onBook);
}

/**
 * The ticket panel: facts, and the "Book at {cinema}" link (a new tab) unless sold out; "Book at the
 * cinema's site" when the link is only the cinema's site.
 */
export function ticketView(
  info: TicketInfo,
  locale: WidgetLocale,
  onClose: () => void,
  onBook: (url: string) => void,
): HTMLElement {
  const t = (key: string, values?: Record<string, string | number>) => translate(locale, key, values);
  const facts = h("dl", { class: "rt-facts" });
  const fact = (label: string, value: string | undefined) => {
    if (value) facts.append(h("dt", {}, label), h("dd", {}, value));
  };
  fact(t("widget.panel.price"), info.price);
  fact(t("widget.panel.seats"), info.seats);
  fact(t("widget.panel.auditorium"), info.auditorium);
  fact(t("widget.panel.attributes"), info.attributes);
  fact(t("widget.panel.availability"), info.availability);
  const headingId = `rt-panel-${info.id}`;
  const close = h(
    "button",
    { type: "button", class: "rt-close", "aria-label": t("widget.panel.close") },
    "×",
  );
  close.addEventListener("click", onClose);
  const panel = h(
    "section",
    { class: "rt-panel", role: "region", "aria-labelledby": headingId, tabindex: "-1" },
    h("div", { class: "rt-panel-head" }, h("h3", { id: headingId }, `${info.title} · ${info.time}`), close),
    h("p", { class: "rt-muted" }, info.cinema),
    facts,
  );
  if (info.href && !info.soldOut) {
    const href = info.href;
    const book = h(
      "a",
      { class: "rt-book", href, target: "_blank", rel: "noopener" },
      info.atSite ? t("widget.panel.bookAtSite") : t("widget.panel.book", { cinema: info.cinema }),
      h("span", { class: "rt-sr" }, ` ${t("widget.newTab")}`),
    );
    book.addEventListener("click", () => onBook(href));
    panel.append(book);
  } else if (info.soldOut) {
    panel.append(h("p", { class: "rt-muted" }, t("widget.availability.sold-out")));
  } else if (info.boxOffice) {
    panel.append(h("p", { class: "rt-note" }, t("widget.panel.boxOffice", { cinema: info.cinema })));
  }
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape") onClose();
  });
  return panel;
}
