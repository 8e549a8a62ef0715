// The widget guide against the widget's own sources: every --reeltime-* property with its defaults, every
// event, every option the element's data- attributes give, and the console warnings word for word.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CSS_PROPERTIES, TROUBLESHOOTING, WIDGET_EVENTS, WIDGET_OPTIONS } from "./documentation-reference.ts";

const widget = path.resolve(import.meta.dirname, "../../../widget/src");
const css = readFileSync(path.join(widget, "reeltime.css"), "utf8");
const main = readFileSync(path.join(widget, "main.ts"), "utf8");

/** The --reeltime-* fallbacks of the first rule with this selector. */
function fallbacks(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) return new Map();
  const block = css.slice(start, css.indexOf("}", start));
  return new Map([...block.matchAll(/var\((--reeltime-[a-z-]+),\s*(.+?)\);/g)].map((m) => [m[1]!, m[2]!]));
}

/** A property's light and dark defaults: one light-dark() pair, or a dark-theme rule overriding the light one. */
function defaultsOf(name: string): { light?: string; dark?: string } {
  const light = fallbacks(".rt").get(name);
  const pair = /^light-dark\((.+?),\s*(.+)\)$/.exec(light ?? "");
  if (pair) return { light: pair[1], dark: pair[2] };
  return { light, dark: fallbacks('.rt[data-theme="dark"]').get(name) ?? light };
}

describe("the widget guide", () => {
  it("documents every --reeltime-* custom property of the stylesheet, and no other", () => {
    const inCss = new Set([...css.matchAll(/--reeltime-[a-z-]+/g)].map((m) => m[0]));
    expect(new Set(CSS_PROPERTIES.map((p) => p.name))).toEqual(inCss);
  });

  it("gives each property's light and dark defaults as the stylesheet has them", () => {
    for (const property of CSS_PROPERTIES)
      expect({ light: property.light, dark: property.dark }, property.name).toEqual(
        defaultsOf(property.name),
      );
  });

  it("names the events the widget dispatches", () => {
    const dispatched = new Set([...main.matchAll(/"(reeltime[-:][a-z-]+)"/g)].map((m) => m[1]));
    expect(new Set(WIDGET_EVENTS.map((e) => e.name))).toEqual(dispatched);
  });

  it("documents the options the element's data- attributes give", () => {
    const read = new Set([...main.matchAll(/\bdata\.([a-z]+)\b/g)].map((m) => m[1]));
    const documented = WIDGET_OPTIONS.map((o) => o.option).filter((option) => option !== "utm");
    for (const option of read) expect(documented).toContain(option);
    for (const option of documented) expect(read).toContain(option);
    expect(main).toMatch(/for \(const name of \["source", "medium", "campaign", "content", "term"\]\)/);
  });

  it("quotes the console warnings word for word", () => {
    for (const trouble of TROUBLESHOOTING) {
      const text = trouble.warning.replace(/^Reeltime widget: /, "").replace(/\.$/, "");
      expect(main, trouble.id).toContain(text);
    }
  });
});
