// One axe check for any spec: every rule axe ships except the AAA ones (the required level is AA),
// failing on serious and critical violations. The site-wide specs (axe*.spec.ts) walk the pages that
// exist; a feature's own spec calls this on the states it reaches.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import axeCore from "axe-core";

export const AXE_RULES = axeCore
  .getRules()
  .filter((rule) => !rule.tags.includes("wcag2aaa"))
  .map((rule) => rule.ruleId);

/**
 * Runs every rule on the page as it is now. Every rule is evaluated on every node either way;
 * `resultTypes` only spares axe building a CSS selector for each of the thousands of nodes that
 * passed (about half of a run's time on a studio table): passes keep one node per rule, violations
 * and the results to review keep them all.
 */
export function analyzeWithAxe(page: Page) {
  return new AxeBuilder({ page })
    .withRules(AXE_RULES)
    .options({ resultTypes: ["violations", "incomplete"] })
    .analyze();
}

/** Waits for the page's finite animations to end (contrast is judged on settled colours: a toast still
 * fading in is partly transparent; a screenshot shows the panel where it stops). */
export async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Fails with the serious and critical violations on the page once its animations have settled (a colour
 * transition just started, as by switching to dark mode, would be judged half-way: a flaky contrast
 * failure in feeds.spec.ts).
 */
export async function expectNoSeriousAxeViolations(page: Page, label: string) {
  await animationsSettled(page);
  const results = await analyzeWithAxe(page);
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
  expect(blocking, label).toEqual([]);
}
