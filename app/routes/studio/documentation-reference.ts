// What the widget guide documents, as data: every option (data- attribute and `Reeltime.mount` option),
// event, CSS custom property and refusal of widget/src. Names, defaults and code are the widget's own and
// stay untranslated; descriptions are message keys. documentation-reference.test.ts checks this list
// against the widget's sources, so a property or warning added there cannot go undocumented.
import type { MessageKey } from "../../lib/i18n.tsx";

export type WidgetOptionDoc = {
  /** the data- attribute(s) on the element */
  attribute: string;
  /** the `Reeltime.mount` option */
  option: string;
  values: MessageKey;
  /** a default in words, or null when the option has none (a filter left out filters nothing) */
  defaultText: MessageKey | null;
  /** a default that is code ("auto") rather than words */
  defaultCode?: string;
  example: string;
  description: MessageKey;
};

export const WIDGET_OPTIONS: readonly WidgetOptionDoc[] = [
  {
    attribute: "data-key",
    option: "key",
    values: "studio.documentation.options.key.values",
    defaultText: "studio.documentation.options.required",
    example: 'data-key="rt_pk_…"',
    description: "studio.documentation.options.key.description",
  },
  {
    attribute: "data-city",
    option: "city",
    values: "studio.documentation.options.city.values",
    defaultText: null,
    example: 'data-city="Amsterdam"',
    description: "studio.documentation.options.city.description",
  },
  {
    attribute: "data-cinema",
    option: "cinema",
    values: "studio.documentation.options.cinema.values",
    defaultText: null,
    example: 'data-cinema="3f0c…"',
    description: "studio.documentation.options.cinema.description",
  },
  {
    attribute: "data-movie",
    option: "movie",
    values: "studio.documentation.options.movie.values",
    defaultText: null,
    example: 'data-movie="8a51…"',
    description: "studio.documentation.options.movie.description",
  },
  {
    attribute: "data-theme",
    option: "theme",
    values: "studio.documentation.options.theme.values",
    defaultText: null,
    defaultCode: "auto",
    example: 'data-theme="dark"',
    description: "studio.documentation.options.theme.description",
  },
  {
    attribute: "data-locale",
    option: "locale",
    values: "studio.documentation.options.locale.values",
    defaultText: "studio.documentation.options.locale.default",
    example: 'data-locale="de-CH"',
    description: "studio.documentation.options.locale.description",
  },
  {
    attribute: "data-accent",
    option: "accent",
    values: "studio.documentation.options.accent.values",
    defaultText: "studio.documentation.options.accent.default",
    example: 'data-accent="#c2410c"',
    description: "studio.documentation.options.accent.description",
  },
  {
    attribute: "data-date",
    option: "date",
    values: "studio.documentation.options.date.values",
    defaultText: "studio.documentation.options.date.default",
    example: 'data-date="2026-07-01"',
    description: "studio.documentation.options.date.description",
  },
  {
    attribute: "data-api",
    option: "api",
    values: "studio.documentation.options.api.values",
    defaultText: "studio.documentation.options.api.default",
    example: 'data-api="https://…"',
    description: "studio.documentation.options.api.description",
  },
  {
    attribute: "data-utm-source, data-utm-medium, data-utm-campaign, data-utm-content, data-utm-term",
    option: "utm",
    values: "studio.documentation.options.utm.values",
    defaultText: null,
    defaultCode: "utm_source=reeltime, utm_medium=widget",
    example: 'data-utm-campaign="summer"',
    description: "studio.documentation.options.utm.description",
  },
];

export type WidgetEventDoc = {
  name: string;
  /** where to listen */
  target: string;
  when: MessageKey;
  detail: string;
};

export const WIDGET_EVENTS: readonly WidgetEventDoc[] = [
  {
    name: "reeltime-ready",
    target: "window",
    when: "studio.documentation.events.ready",
    detail: "{ version }",
  },
  {
    name: "reeltime:showtime-click",
    target: "[data-reeltime]",
    when: "studio.documentation.events.showtimeClick",
    detail: "{ showtimeId, cinemaId, startsAt }",
  },
  {
    name: "reeltime:book",
    target: "[data-reeltime]",
    when: "studio.documentation.events.book",
    detail: "{ showtimeId, url }",
  },
];

export type CssPropertyDoc = { name: string; light: string; dark: string; description: MessageKey };

/** The --reeltime-* custom properties of widget/src/reeltime.css, with its light and dark defaults. */
export const CSS_PROPERTIES: readonly CssPropertyDoc[] = [
  {
    name: "--reeltime-accent",
    light: "#1d4ed8",
    dark: "#93c5fd",
    description: "studio.documentation.css.accent",
  },
  {
    name: "--reeltime-background",
    light: "#fff",
    dark: "#111827",
    description: "studio.documentation.css.background",
  },
  {
    name: "--reeltime-text",
    light: "#111827",
    dark: "#f9fafb",
    description: "studio.documentation.css.text",
  },
  {
    name: "--reeltime-muted",
    light: "#4b5563",
    dark: "#d1d5db",
    description: "studio.documentation.css.muted",
  },
  {
    name: "--reeltime-border",
    light: "#d1d5db",
    dark: "#374151",
    description: "studio.documentation.css.border",
  },
  {
    name: "--reeltime-chip",
    light: "#f3f4f6",
    dark: "#1f2937",
    description: "studio.documentation.css.chip",
  },
  { name: "--reeltime-radius", light: "8px", dark: "8px", description: "studio.documentation.css.radius" },
  {
    name: "--reeltime-font",
    light: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    dark: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    description: "studio.documentation.css.font",
  },
];

export type TroubleDoc = {
  id: string;
  title: MessageKey;
  /** what the widget shows in its box (its own catalogue, widget.* keys) */
  shown: MessageKey;
  /** the console warning, word for word (widget/src/main.ts) */
  warning: string;
  fix: MessageKey;
  link: { to: string; label: MessageKey } | null;
};

/** The troubles the guide names; each has `studio.documentation.trouble.<name>.title` and `.fix`. */
type TroubleName = "origin" | "key" | "missingKey" | "credits" | "country" | "unavailable";

function trouble(
  id: string,
  name: TroubleName,
  shown: MessageKey,
  warning: string,
  link: TroubleDoc["link"],
): TroubleDoc {
  const messages = `studio.documentation.trouble.${name}` as const;
  return { id, title: `${messages}.title`, shown, warning, fix: `${messages}.fix`, link };
}

const KEYS_LINK = { to: "/studio/api-keys", label: "studio.documentation.trouble.key.link" } as const;

export const TROUBLESHOOTING: readonly TroubleDoc[] = [
  trouble(
    "origin",
    "origin",
    "widget.error.origin",
    "Reeltime widget: add this site's domain to the client's domains in the Reeltime studio (/studio/domains).",
    { to: "/studio/domains", label: "studio.documentation.trouble.origin.link" },
  ),
  trouble(
    "key",
    "key",
    "widget.error.key",
    "Reeltime widget: check data-key: the publishable key is unknown, revoked or expired (/studio/api-keys).",
    KEYS_LINK,
  ),
  trouble(
    "missing-key",
    "missingKey",
    "widget.error.key",
    "Reeltime widget: data-key is missing: add the client's publishable key (rt_pk_…).",
    KEYS_LINK,
  ),
  trouble(
    "credits",
    "credits",
    "widget.error.credits",
    "Reeltime widget: the client has no credits left: buy credits in the Reeltime studio.",
    { to: "/studio", label: "studio.documentation.trouble.credits.link" },
  ),
  trouble(
    "country",
    "country",
    "widget.error.country",
    "Reeltime widget: the key's client has no access to this country (country access in the studio).",
    { to: "/studio/data/country-access", label: "studio.documentation.trouble.country.link" },
  ),
  trouble(
    "unavailable",
    "unavailable",
    "widget.error.unavailable",
    "Reeltime widget: the Reeltime API could not answer; it is retried when the visitor picks a day.",
    null,
  ),
];

/** The API reference (Scalar), served beside the API. */
export const API_REFERENCE_PATH = "/api/docs";
