import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../core/i18n/locales.ts";
import { pickLocale } from "../../../widget/src/messages.ts";
import {
  DEFAULT_SNIPPET_OPTIONS,
  escapeAttribute,
  isPublishableKey,
  keyPlaceholder,
  mountOptions,
  parseWidgetLocale,
  WIDGET_LOCALES,
  widgetAttributes,
  widgetSnippet,
  type SnippetOptions,
} from "./documentation-snippet.ts";

const KEY = "rt_pk_0123456789abcdefghijABCDEFGHIJkl";
const options = (extra: Partial<SnippetOptions> = {}): SnippetOptions => ({
  ...DEFAULT_SNIPPET_OPTIONS,
  key: KEY,
  ...extra,
});

describe("widgetSnippet", () => {
  it("is the stylesheet, the element with its key and the deferred script, on the public origin", () => {
    expect(widgetSnippet("https://reeltime.example/", options())).toBe(
      [
        '<link rel="stylesheet" href="https://reeltime.example/widget/v1/reeltime.css">',
        "<div data-reeltime",
        `  data-key="${KEY}"></div>`,
        '<script src="https://reeltime.example/widget/v1/reeltime.js" defer></script>',
      ].join("\n"),
    );
  });

  it("uses the origin only, whatever path the configured address has", () => {
    expect(widgetSnippet("http://localhost:3000/studio", options())).toContain(
      'src="http://localhost:3000/widget/v1/reeltime.js"',
    );
  });

  it("leaves out the defaults: auto theme, the page's language, the theme's accent, no campaign", () => {
    const names = widgetAttributes(options()).map(([name]) => name);
    expect(names).toEqual(["data-key"]);
  });

  it("writes every chosen option in a stable order", () => {
    expect(
      widgetAttributes(
        options({
          filter: { kind: "city", value: " Amsterdam " },
          theme: "dark",
          locale: "nl",
          accent: "#c2410c",
          utmCampaign: "summer",
        }),
      ),
    ).toEqual([
      ["data-key", KEY],
      ["data-city", "Amsterdam"],
      ["data-theme", "dark"],
      ["data-locale", "nl"],
      ["data-accent", "#c2410c"],
      ["data-utm-campaign", "summer"],
    ]);
  });

  it("names the filter after its kind, and leaves out an empty one", () => {
    const id = "9b2f4c1e-0000-4000-8000-000000000001";
    expect(widgetAttributes(options({ filter: { kind: "cinema", value: id } }))[1]).toEqual([
      "data-cinema",
      id,
    ]);
    expect(widgetAttributes(options({ filter: { kind: "movie", value: id } }))[1]).toEqual([
      "data-movie",
      id,
    ]);
    expect(widgetAttributes(options({ filter: { kind: "city", value: "  " } }))).toHaveLength(1);
  });

  it("escapes attribute values, so a city or campaign cannot break out of its attribute", () => {
    const snippet = widgetSnippet(
      "https://reeltime.example",
      options({
        filter: { kind: "city", value: `'s-Hertogenbosch" onload="alert(1)` },
        utmCampaign: "<script>&amp;",
      }),
    );
    expect(snippet).toContain(`data-city="'s-Hertogenbosch&quot; onload=&quot;alert(1)"`);
    expect(snippet).toContain('data-utm-campaign="&lt;script&gt;&amp;amp;"');
    expect(snippet).not.toContain("<script>&");
  });

  it("writes the locale as the BCP 47 tag the widget matches back to it, for every locale", () => {
    expect(WIDGET_LOCALES).toEqual(LOCALES);
    const tagOf = (locale: SnippetOptions["locale"]) =>
      widgetAttributes(options({ locale })).find(([name]) => name === "data-locale")?.[1];
    expect(tagOf("de_ch")).toBe("de-CH");
    expect(tagOf("pt_br")).toBe("pt-BR");
    expect(tagOf("ar")).toBe("ar");
    expect(tagOf("tj")).toBe("tg");
    expect(widgetSnippet("https://reeltime.example", options({ locale: "zh_tw" }))).toContain(
      'data-locale="zh-TW"',
    );
    for (const locale of WIDGET_LOCALES) {
      const tag = tagOf(locale) ?? "";
      expect(tag, locale).toMatch(/^[a-z]{2,3}(-[A-Z]{2})?$/);
      expect(pickLocale(tag), tag).toBe(locale);
    }
  });

  it("keeps a placeholder key as it is: the page says it must be replaced", () => {
    expect(
      widgetSnippet("https://reeltime.example", options({ key: keyPlaceholder("rt_pk_AbCdEf") })),
    ).toContain('data-key="rt_pk_AbCdEf…"');
  });
});

describe("escapeAttribute", () => {
  it("escapes the ampersand first", () => {
    expect(escapeAttribute('&"<>')).toBe("&amp;&quot;&lt;&gt;");
  });
});

describe("mountOptions", () => {
  it("gives the preview the same choices as the snippet", () => {
    expect(
      mountOptions(
        options({
          filter: { kind: "movie", value: "m-1" },
          theme: "light",
          locale: "pt_br",
          accent: "rebeccapurple",
          utmCampaign: "launch",
        }),
      ),
    ).toEqual({
      key: KEY,
      movie: "m-1",
      theme: "light",
      locale: "pt-BR",
      accent: "rebeccapurple",
      utm: { utm_campaign: "launch" },
    });
  });

  it("leaves the locale to the page and adds no UTM parameters by default", () => {
    expect(mountOptions(options())).toEqual({ key: KEY, theme: "auto" });
  });
});

describe("parseWidgetLocale", () => {
  it("takes a locale code the widget speaks, and the page's language for anything else", () => {
    for (const locale of LOCALES) expect(parseWidgetLocale(locale)).toBe(locale);
    expect(parseWidgetLocale("")).toBe("");
    expect(parseWidgetLocale("xx")).toBe("");
    expect(parseWidgetLocale("pt-BR")).toBe("");
    expect(parseWidgetLocale("EN")).toBe("");
  });
});

describe("isPublishableKey", () => {
  it("accepts a publishable key only", () => {
    expect(isPublishableKey(KEY)).toBe(true);
    expect(isPublishableKey(KEY.replace("rt_pk_", "rt_sk_"))).toBe(false);
    expect(isPublishableKey(`${KEY}x`)).toBe(false);
    expect(isPublishableKey("rt_pk_AbCdEf…")).toBe(false);
  });
});
