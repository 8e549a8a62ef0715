// The catalogue lists end to end: a super admin adds an attribute with a synonym, edits it, and is told at
// the field when another attribute already has a synonym; adds a chain whose Wikidata id is refused until
// fixed. A client viewer reads both lists without edit controls. Axe in light and dark, dialog and error shown.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";
import { hydrated, signedInAs } from "./support.ts";

/** Unique per run, so the spec also passes against a server it ran on before. */
const RUN = Date.now().toString(36);
const CODE = `e2e-${RUN}`;
const SYNONYM = `e2e synonym ${RUN}`;
const CHAIN = `E2E Chain ${RUN}`;
const MODES = ["light", "dark"] as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function setMode(page: Page, mode: (typeof MODES)[number]) {
  const baseURL = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: "reeltime-colour-mode", value: mode, url: baseURL }]);
}

async function openAttributes(page: Page, search = "") {
  await page.goto(`/studio/data/attributes${search ? `?q=${encodeURIComponent(search)}` : ""}`);
  await hydrated(page);
}

/** A new attribute that claims the synonym of the run's attribute: refused beside the synonyms field. */
async function showDuplicateSynonym(page: Page) {
  await page.getByRole("button", { name: "New attribute" }).click();
  const dialog = page.getByRole("dialog", { name: "New attribute" });
  await dialog.getByLabel(/^Code/).fill(`${CODE}-copy`);
  await dialog.getByLabel(/^Name in English/).fill("Copy");
  await dialog.getByLabel(/^Synonyms/).fill(SYNONYM.toUpperCase());
  await dialog.getByRole("button", { name: "Add attribute" }).click();
  const synonyms = dialog.getByLabel(/^Synonyms/);
  await expect(synonyms).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText(`“${SYNONYM}” is already a synonym of ${CODE}.`)).toBeVisible();
  return dialog;
}

/** A new chain with a Wikidata id that is not one: refused beside the field. */
async function showBadWikidata(page: Page) {
  await page.goto("/studio/data/cinema-chains");
  await hydrated(page);
  await page.getByRole("button", { name: "New chain" }).click();
  const dialog = page.getByRole("dialog", { name: "New cinema chain" });
  await dialog.getByLabel(/^Name/).fill(CHAIN);
  await dialog.getByLabel(/^Slug/).fill(`e2e-chain-${RUN}`);
  await dialog.getByLabel(/^Website/).fill("https://example.com");
  await dialog.getByLabel(/^Wikidata id/).fill("12345");
  await dialog.getByRole("button", { name: "Add chain" }).click();
  await expect(dialog.getByLabel(/^Wikidata id/)).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Enter a Wikidata id: Q followed by digits", { exact: false })).toBeVisible();
  return dialog;
}

// Several page loads and four axe runs each: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

test("a super admin adds and edits an attribute and a chain; refusals show at the field", async ({
  browser,
}) => {
  // Pages of their own contexts: axe needs them (and each user has their own cookies).
  const staff = await (await browser.newContext()).newPage();
  await signedInAs(staff, "super admin");
  await setMode(staff, "light");

  // Create an attribute with a synonym.
  await openAttributes(staff);
  await staff.getByRole("button", { name: "New attribute" }).click();
  const create = staff.getByRole("dialog", { name: "New attribute" });
  await create.getByLabel(/^Code/).fill(CODE);
  await create.getByLabel(/^Category/).selectOption({ label: "Format" });
  await create.getByLabel(/^Name in English/).fill(`E2E format ${RUN}`);
  await create.getByLabel(/^Synonyms/).fill(SYNONYM);
  await create.getByRole("button", { name: "Add attribute" }).click();
  await expect(staff.getByText(`Attribute ${CODE} added.`)).toBeVisible();
  await expect(create).toBeHidden();

  // Edit it: a Dutch name and one more synonym.
  await openAttributes(staff, CODE);
  const row = staff.getByRole("row", { name: new RegExp(escape(CODE)) });
  await expect(row).toContainText(SYNONYM);
  await row.getByRole("button", { name: `Actions for ${CODE}` }).click();
  await staff.getByRole("menuitem", { name: "Edit" }).click();
  const edit = staff.getByRole("dialog", { name: "Edit attribute" });
  await edit.getByLabel(/^Name in Dutch/).fill(`E2E formaat ${RUN}`);
  await edit.getByLabel(/^Synonyms/).fill(`${SYNONYM}\nE2E Second ${RUN}`);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(staff.getByText(`Attribute ${CODE} saved.`)).toBeVisible();
  await openAttributes(staff, CODE);
  await expect(staff.getByRole("row", { name: new RegExp(escape(CODE)) })).toContainText(`e2e second ${RUN}`);

  // Another attribute cannot take its synonym: the field says which attribute has it. Light and dark.
  for (const mode of MODES) {
    await setMode(staff, mode);
    await openAttributes(staff);
    await showDuplicateSynonym(staff);
    await expectNoSeriousAxeViolations(staff, `attributes, duplicate synonym (${mode})`);
  }

  // A chain with a bad Wikidata id is refused at the field, in light and dark; fixed, it is added.
  for (const mode of MODES) {
    await setMode(staff, mode);
    await showBadWikidata(staff);
    await expectNoSeriousAxeViolations(staff, `cinema chains, bad Wikidata id (${mode})`);
  }
  const chain = staff.getByRole("dialog", { name: "New cinema chain" });
  await chain.getByLabel(/^Wikidata id/).fill("Q12345");
  await chain.getByLabel(/^Feed names/).fill(`E2E Chain Feed ${RUN}\ne2e chain feed ${RUN}`);
  await chain.getByRole("button", { name: "Add chain" }).click();
  await expect(staff.getByText(`Chain ${CHAIN} added.`)).toBeVisible();
  // Found by a feed name, which is kept once, in lower case.
  await staff.goto(`/studio/data/cinema-chains?q=${encodeURIComponent(`chain feed ${RUN}`)}`);
  const chainRow = staff.getByRole("row", { name: new RegExp(escape(CHAIN)) });
  await expect(chainRow).toContainText("Q12345");
  await expect(chainRow).toContainText(`e2e chain feed ${RUN}`);
});

test("a client viewer reads both lists without the controls that change them", async ({ browser }) => {
  const viewer = await (await browser.newContext()).newPage();
  await signedInAs(viewer, "viewer");
  for (const mode of MODES) {
    await setMode(viewer, mode);
    await openAttributes(viewer, "dolby");
    await expect(viewer.getByRole("row", { name: /dolby-atmos/ })).toBeVisible();
    await expect(viewer.getByRole("button", { name: "New attribute" })).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: /^Actions for / })).toHaveCount(0);
    await expectNoSeriousAxeViolations(viewer, `attributes as a client viewer (${mode})`);

    await viewer.goto("/studio/data/cinema-chains");
    await hydrated(viewer);
    await expect(viewer.getByRole("row", { name: /Big Bio/ })).toBeVisible();
    await expect(viewer.getByRole("button", { name: "New chain" })).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: /^Actions for / })).toHaveCount(0);
    await expectNoSeriousAxeViolations(viewer, `cinema chains as a client viewer (${mode})`);
  }
  await expect(viewer.getByRole("navigation").getByRole("link", { name: "Cinema chains" })).toBeVisible();
});
