// The logs page end to end: a super admin creates a credit offer, finds the change on the logs page by
// search and opens its diff; the auth tab shows their sign-in; a client admin is refused; axe finds no
// serious violations, light and dark, with the diff open.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";
import { demoAccount, hydrated, signedInAs } from "./support.ts";

/** Unique per run, so the spec also passes against a server it ran on before. */
const RUN = Date.now().toString(36);
const OFFER = `E2E Logs offer ${RUN}`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function colourMode(page: Page, mode: "light" | "dark") {
  await page
    .context()
    .addCookies([{ name: "reeltime-colour-mode", value: mode, url: new URL(page.url()).origin }]);
  await page.reload();
  if (mode === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await hydrated(page);
}

async function openNewestDiff(page: Page) {
  await hydrated(page);
  await page.getByRole("button", { name: "View changes of credits.offer.create" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Changes of credits.offer.create" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a super admin finds a change and its diff, and their sign-in; a client admin is refused", async ({
  browser,
}) => {
  const staff = await (await browser.newContext()).newPage();
  await signedInAs(staff, "super admin");

  // A change elsewhere in the studio: a new credit offer.
  await staff.goto("/studio/config/credit-offers");
  await hydrated(staff);
  await staff.getByRole("button", { name: "New offer" }).click();
  const form = staff.getByRole("dialog", { name: "New offer" });
  await form.getByLabel("Name").fill(OFFER);
  await form.getByLabel("Credits").fill("1234");
  await form.getByLabel("Price").fill("12.34");
  await form.getByRole("button", { name: "Create offer" }).click();
  await expect(form).toBeHidden();
  await expect(staff.getByRole("cell", { name: OFFER, exact: true })).toBeVisible();

  // The logs page, reached from the navigation, finds it by search.
  await staff.getByRole("link", { name: "Logs" }).click();
  await expect(staff).toHaveURL(/\/studio\/data\/logs$/);
  await expect(staff.getByRole("link", { name: "Changes" })).toHaveAttribute("aria-current", "page");
  await hydrated(staff);
  await staff.getByRole("searchbox").fill("credits.offer.create");
  await expect(staff).toHaveURL(/q=credits\.offer\.create/);
  const row = staff.getByRole("row", { name: /credits\.offer\.create/ }).first();
  await expect(row).toContainText(demoAccount("super admin").email);

  // Its diff: the new offer's fields, each added.
  const dialog = await openNewestDiff(staff);
  await expect(dialog.getByRole("row", { name: /name/ }).first()).toContainText(
    new RegExp(escapeRegExp(OFFER)),
  );
  await expect(dialog.getByText("Added").first()).toBeVisible();
  await expect(dialog).toContainText("1234");

  for (const mode of ["light", "dark"] as const) {
    await colourMode(staff, mode);
    await openNewestDiff(staff);
    await expectNoSeriousAxeViolations(staff, `logs, diff open (${mode})`);
    await staff.keyboard.press("Escape");
    await expect(staff.getByRole("dialog")).toBeHidden();
  }

  // The auth tab shows the super admin's sign-in.
  const authTab = staff.getByRole("link", { name: "Sign-ins and auth events" });
  await authTab.click();
  await expect(staff).toHaveURL(/tab=auth/);
  // The tab has rendered (its search box emptied) before we type, or the search lands on the old tab.
  await expect(authTab).toHaveAttribute("aria-current", "page");
  await expect(staff.getByRole("searchbox")).toHaveValue("");
  await staff.getByRole("searchbox").fill(demoAccount("super admin").email);
  await expect(staff).toHaveURL(/tab=auth.*q=|q=.*tab=auth/);
  await expect(staff.getByRole("row", { name: /auth\.sign_in/ }).first()).toBeVisible();

  // The import runs tab lists the runs so far (feeds.spec.ts runs the demo's feed on this server), or says
  // what will appear there.
  await staff.getByRole("link", { name: "Import runs" }).click();
  await expect(
    staff
      .getByText("Import runs will appear here once feeds run.")
      .or(staff.getByRole("row", { name: /Demo feed \(sample file\)/ }).first()),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(staff, "logs, import runs (dark)");

  // A client admin is refused the page.
  const clientAdmin = await (await browser.newContext()).newPage();
  await signedInAs(clientAdmin, "admin");
  const refused = await clientAdmin.goto("/studio/data/logs");
  expect(refused?.status()).toBe(403);
  await expect(clientAdmin.getByRole("link", { name: "Logs" })).toHaveCount(0);
});
