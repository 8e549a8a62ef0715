// A listing day as the widget shows it: each movie with its showtime chips, grouped under each cinema's
// name when the day covers more than one cinema (a city's widget), so that every time says where it
// plays. A chip shows the time, the attributes by their names in the widget's language, and says when the
// show cannot be booked online ("At the box office"), in words and in its accessible name.
import type { WidgetShowtime } from "./api.ts";
import { translate, type WidgetLocale } from "./messages.ts";
import {
  attributeNames,
  availabilityText,
  bookingOf,
  groupByMovie,
  h,
  localTime,
  ticketPanel,
} from "./view.ts";

export type CinemaTimes = { id: string; name: string; showtimes: WidgetShowtime[] };

/** A movie's shows by cinema, in the order of each cinema's first show. */
export function groupByCinema(rows: readonly WidgetShowtime[]): CinemaTimes[] {
  const cinemas = new Map<string, CinemaTimes>();
  for (const row of rows) {
    const cinema = cinemas.get(row.cinema.id) ?? { id: row.cinema.id, name: row.cinema.name, showtimes: [] };
    cinema.showtimes.push(row);
    cinemas.set(row.cinema.id, cinema);
  }
  return [...cinemas.values()];
}

/** The day's shows are at more than one cinema: each movie's times then go under their cinema's name. */
export function coversManyCinemas(rows: readonly WidgetShowtime[]): boolean {
  return new Set(rows.map((row) => row.cinema.id)).size > 1;
}

/** At most this many attribute badges on a chip; the others are in its accessible name and its panel. */
const BADGES = 3;

/**
 * What a chip shows and its accessible name, which starts with the visible text in its order (WCAG 2.5.3):
 * "20:15 IMAX Original version, Pathé Tuschinski, Tickets available"; "… At the box office, …" when the
 * show cannot be booked online.
 */
export function chipText(row: WidgetShowtime, locale: WidgetLocale, tag: string) {
  const names = attributeNames(row);
  const time = localTime(row, tag);
  const note = bookingOf(row) === "box-office" ? translate(locale, "widget.boxOffice") : null;
  const more = names.slice(BADGES);
  const visible = [time, ...names.slice(0, BADGES), ...(note ? [note] : [])].join(" ");
  const label = [visible, row.cinema.name, availabilityText(row, locale), ...more].join(", ");
  return { time, badges: names.slice(0, BADGES), note, label };
}

export type ListingContext = {
  locale: WidgetLocale;
  /** the tag that writes times and prices (formatTag) */
  tag: string;
  utm: Readonly<Record<string, string>>;
  /** a chip was chosen */
  onChoose: (row: WidgetShowtime) => void;
  /** its panel's booking link was followed */
  onBook: (row: WidgetShowtime, url: string) => void;
};

/** The day's movies (or "no showtimes"), each with its chips, a chip opening the show's ticket panel. */
export function listingView(rows: WidgetShowtime[], context: ListingContext): HTMLElement {
  const { locale, tag } = context;
  const t = (key: string, values?: Record<string, string | number>) => translate(locale, key, values);
  const movies = groupByMovie(rows);
  if (movies.length === 0) return h("p", { class: "rt-muted" }, t("widget.empty"));
  const named = coversManyCinemas(rows);
  const list = h("ul", { class: "rt-movies" });

  const chipOf = (row: WidgetShowtime, main: HTMLElement) => {
    const text = chipText(row, locale, tag);
    const booking = bookingOf(row);
    const chip = h(
      "button",
      {
        type: "button",
        class: "rt-chip",
        "data-availability": row.availability,
        "data-booking": booking,
        "aria-expanded": "false",
        "aria-label": text.label,
      },
      h("span", { class: "rt-time" }, text.time),
      ...text.badges.flatMap((name) => [" ", h("span", { class: "rt-badge" }, name)]),
      ...(text.note ? [" ", h("span", { class: "rt-note" }, text.note)] : []),
    );
    chip.addEventListener("click", () => {
      context.onChoose(row);
      main.querySelector(".rt-panel")?.remove();
      for (const other of list.querySelectorAll(".rt-chip")) other.setAttribute("aria-expanded", "false");
      chip.setAttribute("aria-expanded", "true");
      const panel = ticketPanel(
        row,
        locale,
        context.utm,
        tag,
        () => {
          panel.remove();
          chip.setAttribute("aria-expanded", "false");
          chip.focus();
        },
        (url) => context.onBook(row, url),
      );
      main.append(panel);
      panel.focus();
    });
    return h("li", {}, chip);
  };

  for (const movie of movies) {
    const title = h("h3", { class: "rt-movie-title" }, movie.title);
    const main = h("div", { class: "rt-movie-main" }, title);
    if (named) {
      const cinemas = h("ul", { class: "rt-cinemas" });
      for (const cinema of groupByCinema(movie.showtimes)) {
        const chips = h("ul", {
          class: "rt-chips",
          "aria-label": t("widget.timesAt", { title: movie.title, cinema: cinema.name }),
        });
        for (const row of cinema.showtimes) chips.append(chipOf(row, main));
        cinemas.append(
          h("li", { class: "rt-cinema" }, h("h4", { class: "rt-cinema-name" }, cinema.name), chips),
        );
      }
      main.append(cinemas);
    } else {
      const chips = h("ul", { class: "rt-chips", "aria-label": t("widget.times", { title: movie.title }) });
      for (const row of movie.showtimes) chips.append(chipOf(row, main));
      main.append(chips);
    }
    // Decorative (the title is beside it): empty alt. Its box is fixed, so nothing moves when it loads.
    const poster = movie.poster
      ? h("img", {
          class: "rt-poster",
          src: movie.poster,
          alt: "",
          width: "64",
          height: "96",
          loading: "lazy",
          decoding: "async",
        })
      : h("span", { class: "rt-poster", "aria-hidden": "true" });
    list.append(h("li", { class: "rt-movie" }, poster, main));
  }
  return list;
}
