// The Reeltime widget: mounts on every `[data-reeltime]` element (and through `Reeltime.mount`), shows a
// listing day's showtimes from the API with a publishable key, in its own shadow root so that the host
// page's styles and the widget's never meet. No cookies, no eval, no inline code: it runs under a strict
// Content-Security-Policy (script-src for this file, connect-src and style-src for its origin).
import "./reeltime.css";
import {
  fetchDay,
  type Filter,
  type Refusal,
  sendUsage,
  WidgetApiError,
  type WidgetShowtime,
} from "./api.ts";
import {
  apiLocale,
  direction,
  formatTag,
  hasMessages,
  languageTag,
  loadMessages,
  pickLocale,
  translate,
  type WidgetLocale,
} from "./messages.ts";
import { createMeter } from "./usage-meter.ts";
import { isPlainClick, openTicketDialog, ticketDialogRoot } from "./ticket-dialog.ts";
import { listingView } from "./listing.ts";
import { dayLabel, h, stripDays, validAccent } from "./view.ts";

declare const __REELTIME_VERSION__: string;
const VERSION = __REELTIME_VERSION__;
const DAYS = 7;

export type MountOptions = Filter & {
  key: string;
  /** a BCP 47 tag or one of Reeltime's locale codes ("de-CH", "pt_BR", "ar"); default the page's `lang` */
  locale?: string;
  theme?: "light" | "dark" | "auto";
  /** the accent colour (any CSS colour); sets --reeltime-accent */
  accent?: string;
  /** first day of the strip (YYYY-MM-DD); default today */
  date?: string;
  /** the API's origin; default the origin this script came from */
  api?: string;
  /** UTM parameters added to booking links */
  utm?: Record<string, string>;
};

type Mounted = { root: ShadowRoot; abort: AbortController; counted: boolean };
const mounted = new WeakMap<Element, Mounted>();

const meter = createMeter(sendUsage, {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});

// Where this script came from: the API and the stylesheet live there too.
const script = document.currentScript as HTMLScriptElement | null;
const scriptUrl = new URL(script?.src ?? "/widget/v1/reeltime.js", location.href);

/**
 * The stylesheet: the page's own link to it, or preload of it, when there is one (a hashed copy), else
 * beside the script.
 */
function stylesheetUrl(): string {
  const link = document.querySelector<HTMLLinkElement>(
    'link[rel="stylesheet"][href*="reeltime"], link[rel="preload"][as="style"][href*="reeltime"]',
  );
  return link?.href ?? new URL(scriptUrl.pathname.replace(/[^/]*$/, "reeltime.css"), scriptUrl).toString();
}

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

function emit(host: Element, name: string, detail: unknown) {
  host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

const FIX: Record<Refusal, string> = {
  origin: "add this site's domain to the client's domains in the Reeltime studio (/studio/domains)",
  key: "check data-key: the publishable key is unknown, revoked or expired (/studio/api-keys)",
  credits: "the client has no credits left: buy credits in the Reeltime studio",
  country: "the key's client has no access to this country (country access in the studio)",
  unavailable: "the Reeltime API could not answer; it is retried when the visitor picks a day",
};

function render(host: Element, state: Mounted, options: MountOptions, locale: WidgetLocale) {
  const t = (key: string, values?: Record<string, string | number>) => translate(locale, key, values);
  // Times as the asked tag or the visitor's browser writes them for this language (en-GB: 24 hours).
  const tag = formatTag(options.locale ?? document.documentElement.lang, locale, navigator.languages ?? []);
  const api = options.api ?? scriptUrl.origin;
  const days = stripDays(options.date ?? today(), DAYS);
  const utm = { utm_source: "reeltime", utm_medium: "widget", ...options.utm };
  const body = h("div", { class: "rt-body", "aria-live": "polite", "aria-busy": "true" });
  const strip = h("div", { class: "rt-days", role: "group", "aria-label": t("widget.days") });
  const frame = h(
    "div",
    // dir always: the host page's direction would otherwise reach in (`all: initial` keeps it).
    { class: "rt", "data-theme": options.theme ?? "auto", lang: languageTag(locale), dir: direction(locale) },
    h("h2", { class: "rt-sr" }, t("widget.title")),
    strip,
    body,
  );
  if (options.accent) {
    const accent = validAccent(options.accent, (property, value) => CSS.supports(property, value));
    // CSSOM, not a style attribute: allowed under a strict style-src.
    if (accent) frame.style.setProperty("--reeltime-accent", accent);
    else console.warn(`Reeltime widget: data-accent "${options.accent}" is not a CSS colour; it is ignored.`);
  }
  let selected = days[0]!;

  const showDay = async (date: string) => {
    selected = date;
    for (const button of strip.querySelectorAll("button"))
      button.setAttribute("aria-pressed", String(button.dataset.date === date));
    state.abort.abort();
    state.abort = new AbortController();
    body.setAttribute("aria-busy", "true");
    body.replaceChildren(h("p", { class: "rt-muted" }, t("widget.loading")));
    try {
      const rows = await fetchDay(
        api,
        options.key,
        { cinema: options.cinema, city: options.city, movie: options.movie },
        date,
        apiLocale(locale),
        state.abort.signal,
      );
      if (date !== selected) return;
      // Today's list starts from now: a show that has begun can no longer be booked.
      const now = Date.now();
      const upcoming = rows.filter((row) => Date.parse(row.starts_at) > now);
      body.replaceChildren(listing(upcoming));
      // One impression per mount that showed showtimes (picking other days adds none).
      if (upcoming.length > 0 && !state.counted) {
        state.counted = true;
        meter.count(api, options.key, "impressions");
      }
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      const refusal = error instanceof WidgetApiError ? error.refusal : "unavailable";
      console.warn(`Reeltime widget: ${FIX[refusal]}.`, error instanceof Error ? error.message : error);
      body.replaceChildren(h("p", { class: "rt-error", role: "alert" }, t(`widget.error.${refusal}`)));
    } finally {
      body.setAttribute("aria-busy", "false");
    }
  };

  const listing = (rows: WidgetShowtime[]) =>
    listingView(rows, {
      locale,
      tag,
      utm,
      onChoose: (row) =>
        emit(host, "reeltime:showtime-click", {
          showtimeId: row.id,
          cinemaId: row.cinema.id,
          startsAt: row.starts_at,
        }),
      onBook: (row, url) => {
        meter.count(api, options.key, "clicks");
        emit(host, "reeltime:book", { showtimeId: row.id, url });
      },
    });

  for (const date of days) {
    const label = dayLabel(date, tag);
    const button = h(
      "button",
      { type: "button", class: "rt-day", "data-date": date, "aria-pressed": "false" },
      h("span", { class: "rt-weekday" }, label.weekday),
      h("span", {}, label.day),
    );
    button.addEventListener("click", () => void showDay(date));
    strip.append(button);
  }
  state.root.replaceChildren(h("link", { rel: "stylesheet", href: stylesheetUrl() }), frame);
  void showDay(selected);
}

/**
 * Shows the widget in `element` (again: replaces what was there): at once in English or a locale already
 * loaded, else once its texts have come (in English when they could not).
 */
export function mount(element: Element, options: MountOptions) {
  unmount(element);
  const root = element.shadowRoot ?? element.attachShadow({ mode: "open" });
  const state: Mounted = { root, abort: new AbortController(), counted: false };
  mounted.set(element, state);
  const show = (locale: WidgetLocale) => {
    // Unmounted or mounted again while the texts were on their way: that mount shows itself.
    if (mounted.get(element) !== state) return;
    if (!options.key) {
      console.warn("Reeltime widget: data-key is missing: add the client's publishable key (rt_pk_…).");
      root.replaceChildren(
        h("p", { lang: languageTag(locale), dir: direction(locale) }, translate(locale, "widget.error.key")),
      );
      return;
    }
    render(element, state, options, locale);
  };
  const asked = pickLocale(options.locale ?? document.documentElement.lang);
  if (hasMessages(asked)) show(asked);
  else void loadMessages(asked, scriptUrl).then(show);
}

export function unmount(element: Element) {
  const state = mounted.get(element);
  if (!state) return;
  state.abort.abort();
  state.root.replaceChildren();
  mounted.delete(element);
}

/** The options an element's data- attributes give. */
function optionsOf(element: HTMLElement): MountOptions {
  const data = element.dataset;
  const utm: Record<string, string> = {};
  for (const name of ["source", "medium", "campaign", "content", "term"]) {
    const value = data[`utm${name[0]!.toUpperCase()}${name.slice(1)}`];
    if (value) utm[`utm_${name}`] = value;
  }
  return {
    key: data.key ?? "",
    cinema: data.cinema,
    city: data.city,
    movie: data.movie,
    locale: data.locale ?? element.closest("[lang]")?.getAttribute("lang") ?? undefined,
    theme: data.theme === "dark" || data.theme === "light" ? data.theme : "auto",
    accent: data.accent,
    date: data.date,
    api: data.api,
    utm,
  };
}

function mountAll() {
  for (const element of document.querySelectorAll<HTMLElement>("[data-reeltime]"))
    if (!mounted.has(element)) mount(element, optionsOf(element));
  // A page with its own time chips (the public site): the panels' stylesheet and texts now, not on the first
  // click.
  if (document.querySelector("a[data-reeltime-ticket]")) {
    ticketDialogRoot(stylesheetUrl());
    void loadMessages(pickLocale(document.documentElement.lang), scriptUrl);
  }
}

/**
 * Opens the ticket panel of a page's own time chip (`<a data-reeltime-ticket …>`) as a dialog; false
 * when the link lacks the data a panel needs.
 */
export function openTicket(anchor: HTMLAnchorElement): boolean {
  return openTicketDialog(anchor, stylesheetUrl(), emit, scriptUrl);
}

/** A plain click on a page's ticket link opens its panel instead of the booking site. */
function onDocumentClick(event: MouseEvent) {
  if (event.defaultPrevented || !isPlainClick(event) || !(event.target instanceof Element)) return;
  const anchor = event.target.closest<HTMLAnchorElement>("a[data-reeltime-ticket]");
  if (anchor && openTicket(anchor)) event.preventDefault();
}

declare global {
  interface Window {
    Reeltime?: {
      version: string;
      mount: typeof mount;
      unmount: typeof unmount;
      openTicket: typeof openTicket;
    };
  }
}

if (!window.Reeltime) {
  window.Reeltime = { version: VERSION, mount, unmount, openTicket };
  if (document.readyState === "loading")
    document.addEventListener("DOMContentLoaded", mountAll, { once: true });
  else mountAll();
  document.addEventListener("click", onDocumentClick);
  // The counts leave with the page: when it is hidden (tab switch, app switch) or unloaded.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") meter.flush();
  });
  window.addEventListener("pagehide", () => meter.flush());
  window.dispatchEvent(new CustomEvent("reeltime-ready", { detail: { version: VERSION } }));
}
