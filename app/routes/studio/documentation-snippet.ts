// The widget snippet the documentation page builds: a stylesheet link, the element the widget mounts on
// (its options as data- attributes, defaults left out) and the script, with absolute URLs on Reeltime's
// public origin; and the same options as the preview hands to `Reeltime.mount`. Pure, so it runs in the
// browser and in unit tests alike.
import { LOCALES, toLanguageTag, type Locale } from "../../../core/i18n/locales.ts";

export const FILTER_KINDS = ["city", "cinema", "movie"] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

export const WIDGET_THEMES = ["auto", "light", "dark"] as const;
export type WidgetTheme = (typeof WIDGET_THEMES)[number];

/** The widget speaks every interface locale (widget/src/messages.ts), asked for by its BCP 47 tag. */
export const WIDGET_LOCALES: readonly Locale[] = LOCALES;
export type WidgetLocale = Locale;

/** A chosen locale code ("pt_br") if the widget speaks it, else "" (the page's language). */
export function parseWidgetLocale(value: string): WidgetLocale | "" {
  return WIDGET_LOCALES.find((locale) => locale === value) ?? "";
}

/** Where the widget's two files are served (stable names: embedders get fixes without editing). */
export const WIDGET_SCRIPT_PATH = "/widget/v1/reeltime.js";
export const WIDGET_STYLESHEET_PATH = "/widget/v1/reeltime.css";

/** A publishable key as the API gives it out (core/key-directory/key-format.ts, which is server-only). */
const PUBLISHABLE_KEY = /^rt_pk_[0-9A-Za-z]{32}$/;

export type SnippetOptions = {
  /** the full publishable key, or a placeholder the user must replace */
  key: string;
  /** one filter kind and its value (a cinema or movie id, a city name); none = every showtime */
  filter: { kind: FilterKind; value: string } | null;
  theme: WidgetTheme;
  /** a locale code ("pt_br", written as its tag "pt-BR"); "" = the host page's language (its `lang`) */
  locale: WidgetLocale | "";
  /** a CSS colour; "" = the theme's own */
  accent: string;
  /** utm_campaign on booking links; "" = none */
  utmCampaign: string;
};

export const DEFAULT_SNIPPET_OPTIONS: Omit<SnippetOptions, "key"> = {
  filter: null,
  theme: "auto",
  locale: "",
  accent: "",
  utmCampaign: "",
};

export function isPublishableKey(value: string): boolean {
  return PUBLISHABLE_KEY.test(value);
}

/** What stands in the snippet for a key the studio cannot show (only its hash is stored). */
export function keyPlaceholder(prefix: string): string {
  return `${prefix}…`;
}

/** A value inside a double-quoted HTML attribute. */
export function escapeAttribute(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

/** The data- attributes of the widget's element, in a stable order, defaults left out. */
export function widgetAttributes(options: SnippetOptions): [name: string, value: string][] {
  const attributes: [string, string][] = [["data-key", options.key]];
  const filterValue = options.filter?.value.trim();
  if (options.filter && filterValue) attributes.push([`data-${options.filter.kind}`, filterValue]);
  if (options.theme !== "auto") attributes.push(["data-theme", options.theme]);
  if (options.locale) attributes.push(["data-locale", toLanguageTag(options.locale)]);
  const accent = options.accent.trim();
  if (accent) attributes.push(["data-accent", accent]);
  const campaign = options.utmCampaign.trim();
  if (campaign) attributes.push(["data-utm-campaign", campaign]);
  return attributes;
}

/** Reeltime's public origin without a trailing slash ("https://reeltime.example"). */
function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/** The HTML to paste into a page, every value escaped. */
export function widgetSnippet(baseUrl: string, options: SnippetOptions): string {
  const origin = originOf(baseUrl);
  const attributes = widgetAttributes(options)
    .map(([name, value]) => `\n  ${name}="${escapeAttribute(value)}"`)
    .join("");
  return [
    `<link rel="stylesheet" href="${escapeAttribute(origin + WIDGET_STYLESHEET_PATH)}">`,
    `<div data-reeltime${attributes}></div>`,
    `<script src="${escapeAttribute(origin + WIDGET_SCRIPT_PATH)}" defer></script>`,
  ].join("\n");
}

/** The options `Reeltime.mount(element, options)` takes for the same choices (the preview's). */
export type MountOptions = {
  key: string;
  cinema?: string;
  city?: string;
  movie?: string;
  locale?: string;
  theme?: WidgetTheme;
  accent?: string;
  utm?: Record<string, string>;
};

export function mountOptions(options: SnippetOptions): MountOptions {
  const mount: MountOptions = { key: options.key, theme: options.theme };
  const filterValue = options.filter?.value.trim();
  if (options.filter && filterValue) mount[options.filter.kind] = filterValue;
  if (options.locale) mount.locale = toLanguageTag(options.locale);
  const accent = options.accent.trim();
  if (accent) mount.accent = accent;
  const campaign = options.utmCampaign.trim();
  if (campaign) mount.utm = { utm_campaign: campaign };
  return mount;
}
