// One axe check for any spec: every rule axe ships except the AAA ones (the required level is AA),
// failing on serious and critical violations. The site-wide spec (axe.spec.ts) walks the pages that
// exist; a feature's own spec calls this on the states it reaches.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import axeCore from "axe-core";

export const AXE_RULES = axeCore
  .getRules()
  .filter((rule) => !rule.tags.includes("wcag2aaa"))
  .map((rule) => rule.ruleId);

/** Fails with the serious and critical violations on the page as it is now. */
export async function expectNoSeriousAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withRules(AXE_RULES).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
  expect(blocking, label).toEqual([]);
}
