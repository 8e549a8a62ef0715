// The widget on a hostile host page (issue 10): a stylesheet that unsets everything (`* { all: unset }`),
// hides divs by the host's own classes, sets a global 30px font size and even targets the class names the
// widget uses inside its shadow root. The widget still renders at its own sizes, and the host page's own
// elements compute the same styles with the widget's snippet as without it. A full-page screenshot is
// attached to the test for a look.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { demoApiKey } from "../studio/support.ts";
import {
  amsterdamTomorrow,
  demoCinema,
  type HostSite,
  hostDocument,
  startHostSite,
  widgetSnippet,
} from "./host-page.ts";

const HOSTILE_SHEET = `<style>
  * { all: unset; }
  /* only keeps the text of this very style element out of the screenshot (all: unset shows <head>) */
  head { display: none; }
  :root, body { font-size: 30px; line-height: 1; }
  div.host-promo, .host-sidebar div { display: none; }
  button, li, ul { font-size: 40px; color: red; display: none; }
  /* the widget's own class names, as if the host used them too: they must not reach inside */
  .rt, .rt-chip, .rt-days, .rt-body, .rt-movies, .rt-panel { display: none !important; }
</style>`;

/** The host's own elements, each marked data-probe for the style comparison. */
const HOST_CONTENT = `<header class="host-header" data-probe="header"><a href="#top" data-probe="link">Film guide home</a></header>
<p class="host-intro" data-probe="intro">Tonight's films, picked by our editors.</p>
<div class="host-promo" data-probe="promo">Subscribe to our newsletter</div>
<aside class="host-sidebar" data-probe="sidebar"><div data-probe="sidebar-div">Advertisement</div></aside>
<ul class="host-list" data-probe="list"><li data-probe="item">A host list item</li></ul>
<button type="button" class="host-button" data-probe="button">A host button</button>`;

/** Computed styles that depend on the layout (the widget takes room), not on the style rules. */
const LAYOUT_PROPERTIES = new Set([
  "width",
  "height",
  "inline-size",
  "block-size",
  "perspective-origin",
  "transform-origin",
]);

/** Every computed property of every [data-probe] element (and html, body), layout sizes left out. */
function hostStyles(page: Page) {
  return page.evaluate(
    (skip) => {
      const styles: Record<string, Record<string, string>> = {};
      const elements: [string, Element][] = [
        ["html", document.documentElement],
        ["body", document.body],
        ...[...document.querySelectorAll("[data-probe]")].map(
          (element) => [element.getAttribute("data-probe") ?? "", element] as [string, Element],
        ),
      ];
      for (const [name, element] of elements) {
        const computed = getComputedStyle(element);
        const values: Record<string, string> = {};
        for (const property of Array.from(computed))
          if (!skip.includes(property)) values[property] = computed.getPropertyValue(property);
        styles[name] = values;
      }
      return styles;
    },
    [...LAYOUT_PROPERTIES],
  );
}

let site: HostSite;

test.beforeAll(async () => {
  const date = amsterdamTomorrow();
  const { cinema } = await demoCinema(date);
  const snippet = widgetSnippet({ key: demoApiKey("publishable"), cinema: cinema.id, date, theme: "light" });
  const page = (options: { hostile: boolean; widget: boolean; clash?: boolean }) =>
    hostDocument({
      title: "Film guide",
      head: options.hostile ? HOSTILE_SHEET : "",
      body: [
        HOST_CONTENT,
        options.clash
          ? `<p class="rt" data-probe="clash-rt">A host paragraph with class rt</p>
<span class="rt-chip rt-badge" data-probe="clash-chip">A host label with classes rt-chip and rt-badge</span>`
          : "",
        options.widget ? snippet : "",
        `<footer class="host-footer" data-probe="footer">© Film guide</footer>`,
      ].join("\n"),
    });
  site = await startHostSite({
    "/hostile": page({ hostile: true, widget: true }),
    "/hostile-without-widget": page({ hostile: true, widget: false }),
    "/plain": page({ hostile: false, widget: true }),
    "/plain-without-widget": page({ hostile: false, widget: false }),
    "/clash": page({ hostile: false, widget: true, clash: true }),
    "/clash-without-widget": page({ hostile: false, widget: false, clash: true }),
  });
});

test.afterAll(async () => {
  await site?.close();
});

/** The width a flex box needs for its children: their widths, the gaps between them, padding and border. */
function contentWidth(box: Locator): Promise<number> {
  return box.evaluate((element) => {
    const style = getComputedStyle(element);
    const children = [...element.children].map((child) => child.getBoundingClientRect().width);
    const sides = ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"] as const;
    return (
      children.reduce((sum, width) => sum + width, 0) +
      (parseFloat(style.columnGap) || 0) * Math.max(0, children.length - 1) +
      sides.reduce((sum, side) => sum + (parseFloat(style[side]) || 0), 0)
    );
  });
}

test("under a hostile stylesheet the widget renders at its own sizes and its ticket panel opens", async ({
  page,
}, testInfo) => {
  await page.goto(site.url("/hostile"));
  const widget = page.locator("[data-reeltime]");
  const chips = widget.locator(".rt-chip");
  await expect(chips.first()).toBeVisible();

  // The host's rules did apply to the host (the sheet works), just not inside the widget.
  await expect(page.locator("div.host-promo")).toBeHidden();
  expect(await page.locator(".host-intro").evaluate((e) => getComputedStyle(e).fontSize)).toBe("30px");

  const frame = widget.locator(".rt");
  expect(await frame.evaluate((e) => getComputedStyle(e).fontSize)).toBe("15px");
  const frameBox = await frame.boundingBox();
  expect(frameBox?.width ?? 0).toBeGreaterThan(300);

  const days = widget.locator(".rt-day");
  await expect(days).toHaveCount(7);
  for (const box of await days.evaluateAll((all) => all.map((e) => e.getBoundingClientRect().toJSON()))) {
    const { width, height } = box as DOMRect;
    expect(height).toBeGreaterThanOrEqual(44);
    expect(height).toBeLessThan(90);
    expect(width).toBeGreaterThanOrEqual(56);
    expect(width).toBeLessThan(160);
  }

  const chipCount = await chips.count();
  expect(chipCount).toBeGreaterThan(0);
  for (let n = 0; n < Math.min(chipCount, 10); n++) {
    const chip = chips.nth(n);
    await expect(chip).toBeVisible();
    const box = await chip.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0).toBeLessThan(80);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    // As wide as its time and (up to three) badges, not stretched by the host's rules: which badges a
    // chip carries depends on the day's shows, so the bound is its own content, not a fixed width.
    expect(box?.width ?? 0).toBeLessThanOrEqual((await contentWidth(chip)) + 1);
    expect(await chip.locator(".rt-time").evaluate((e) => getComputedStyle(e).fontSize)).toBe("15px");
  }
  const title = widget.locator(".rt-movie-title").first();
  await expect(title).toBeVisible();
  expect(await title.evaluate((e) => getComputedStyle(e).fontSize)).toBe("17px");

  await widget.locator('.rt-chip:not([data-availability="sold-out"])').first().click();
  const panel = page.getByRole("region", { name: /·/ });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("link", { name: /^Book at / })).toBeVisible();

  await testInfo.attach("the widget on the hostile host page", {
    body: await page.screenshot({ fullPage: true }),
    contentType: "image/png",
  });
});

for (const kind of ["hostile", "plain"] as const) {
  test(`the host page's own elements compute the same styles with the widget as without it (${kind} host sheet)`, async ({
    page,
  }) => {
    await page.goto(site.url(`/${kind}-without-widget`));
    const without = await hostStyles(page);
    await page.goto(site.url(`/${kind}`));
    await expect(page.locator("[data-reeltime] .rt-chip").first()).toBeVisible();
    const withWidget = await hostStyles(page);
    expect(Object.keys(withWidget).sort()).toEqual(Object.keys(without).sort());
    for (const [name, values] of Object.entries(without)) expect(withWidget[name], name).toEqual(values);
  });
}

test("host elements that happen to use the widget's class names (rt, rt-chip, rt-badge) keep their styles", async ({
  page,
}) => {
  await page.goto(site.url("/clash-without-widget"));
  const without = await hostStyles(page);
  await page.goto(site.url("/clash"));
  await expect(page.locator("[data-reeltime] .rt-chip").first()).toBeVisible();
  const withWidget = await hostStyles(page);
  const changed = (name: string) =>
    Object.keys(without[name] ?? {}).filter(
      (property) => withWidget[name]?.[property] !== without[name]?.[property],
    );
  expect(
    { "clash-rt": changed("clash-rt"), "clash-chip": changed("clash-chip") },
    "the properties of the host's own elements that the widget's stylesheet changed",
  ).toEqual({ "clash-rt": [], "clash-chip": [] });
});
