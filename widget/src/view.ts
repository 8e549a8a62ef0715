// Builds the widget's DOM inside its shadow root: the date strip, the movies with their showtime chips,
// and the ticket panel of the chosen showtime. Plain DOM (no framework runtime): text is always set as
// text, never parsed as HTML.
import type { WidgetShowtime } from "./api.ts";
import { translate, type WidgetLocale } from "./messages.ts";

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

export type Movie = { key: string; title: string; showtimes: WidgetShowtime[] };

/** The day's showtimes grouped by movie, in the order of each movie's first show. */
export function groupByMovie(rows: readonly WidgetShowtime[]): Movie[] {
  const movies = new Map<string, Movie>();
  for (const row of rows) {
    const key = row.movie?.id ?? `title:${row.title}`;
    const movie = movies.get(key) ?? { key, title: row.title, showtimes: [] };
    movie.showtimes.push(row);
    movies.set(key, movie);
  }
  return [...movies.values()];
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** The show's start in the cinema's own time zone (what its ticket says). */
export function localTime(row: WidgetShowtime, locale: WidgetLocale): string {
  const id = `${locale}|${row.time_zone}`;
  let format = timeFormats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone: row.time_zone });
    timeFormats.set(id, format);
  }
  return format.format(new Date(row.starts_at));
}

export function money(amount: number, currency: string, locale: WidgetLocale): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount / 100);
}

/** The days of the strip: `count` days from `first` (YYYY-MM-DD). */
export function stripDays(first: string, count: number): string[] {
  const start = Date.parse(`${first}T12:00:00Z`);
  return Array.from({ length: count }, (_, n) => new Date(start + n * 86_400_000).toISOString().slice(0, 10));
}

export function dayLabel(date: string, locale: WidgetLocale): { weekday: string; day: string } {
  const at = new Date(`${date}T12:00:00Z`);
  return {
    weekday: new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" }).format(at),
    day: new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(at),
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

/** The ticket panel of one showtime. */
export function ticketPanel(
  row: WidgetShowtime,
  locale: WidgetLocale,
  utm: Readonly<Record<string, string>>,
  onClose: () => void,
  onBook: (url: string) => void,
): HTMLElement {
  const t = (key: string, values?: Record<string, string | number>) => translate(locale, key, values);
  const facts = h("dl", { class: "rt-facts" });
  const fact = (label: string, value: string) => facts.append(h("dt", {}, label), h("dd", {}, value));
  if (row.price && row.price.min !== null) {
    const { min, max, currency } = row.price;
    fact(
      t("widget.panel.price"),
      max !== null && max !== min
        ? `${money(min, currency, locale)} – ${money(max, currency, locale)}`
        : money(min, currency, locale),
    );
  }
  if (row.seats.available !== null)
    fact(
      t("widget.panel.seats"),
      row.seats.total !== null
        ? t("widget.panel.seatsOf", { available: row.seats.available, total: row.seats.total })
        : String(row.seats.available),
    );
  if (row.auditorium) fact(t("widget.panel.auditorium"), row.auditorium);
  if (row.attributes.length > 0) fact(t("widget.panel.attributes"), row.attributes.join(", ").toUpperCase());
  fact(t("widget.panel.availability"), availabilityText(row, locale));
  const headingId = `rt-panel-${row.id}`;
  const close = h(
    "button",
    { type: "button", class: "rt-close", "aria-label": t("widget.panel.close") },
    "×",
  );
  close.addEventListener("click", onClose);
  const panel = h(
    "section",
    { class: "rt-panel", role: "region", "aria-labelledby": headingId, tabindex: "-1" },
    h(
      "div",
      { class: "rt-panel-head" },
      h("h3", { id: headingId }, `${row.title} · ${localTime(row, locale)}`),
      close,
    ),
    h("p", { class: "rt-muted" }, row.cinema.name),
    facts,
  );
  if (row.booking_url && row.availability !== "sold-out") {
    const href = bookingLink(row.booking_url, utm);
    const book = h(
      "a",
      { class: "rt-book", href, target: "_blank", rel: "noopener" },
      t("widget.panel.book", { cinema: row.cinema.name }),
      h("span", { class: "rt-sr" }, ` ${t("widget.newTab")}`),
    );
    book.addEventListener("click", () => onBook(href));
    panel.append(book);
  } else if (row.availability === "sold-out") {
    panel.append(h("p", { class: "rt-muted" }, t("widget.availability.sold-out")));
  }
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape") onClose();
  });
  return panel;
}
