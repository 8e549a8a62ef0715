// Issue 11 point 6: toasts never cover the header's user menu (at a desktop and a phone width), the same
// message twice shows once, a refusal the form already shows beside its fields is not toasted as well,
// and in dark mode a toast is dark.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { hydrated, signedInAs } from "./support.ts";

const COLOUR_MODE_COOKIE = "reeltime-colour-mode";
const toasts = (page: Page) => page.locator("[data-sonner-toast]");

/** Whether two boxes on screen share any pixel. */
async function overlap(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error("a box is not on screen");
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

async function saveName(page: Page) {
  await page.goto("/studio/user/profile");
  await hydrated(page);
  await page.getByRole("form", { name: "Name" }).getByRole("button", { name: "Save name" }).click();
  const toast = toasts(page).filter({ hasText: "Your name has been saved." });
  await expect(toast).toBeVisible();
  return toast;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px a toast leaves the header's user menu free`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signedInAs(page, "admin");
    const toast = await saveName(page);
    // Wait for the toast to settle (it slides in): two readings 250 ms apart agree.
    let last = "";
    await expect
      .poll(
        async () => {
          const box = JSON.stringify(await toast.boundingBox());
          const settled = box === last;
          last = box;
          return settled;
        },
        { intervals: [250] },
      )
      .toBe(true);
    const header = page.getByRole("banner");
    for (const control of [
      header.getByRole("link", { name: /Alex/ }),
      header.getByRole("button", { name: "Sign out" }),
    ]) {
      if (await control.isVisible()) expect(await overlap(toast, control)).toBe(false);
    }
    expect(await overlap(toast, header)).toBe(false);
  });
}

test("the same message twice shows one toast", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await signedInAs(page, "admin");
  await page.goto("/studio/documentation");
  await hydrated(page);
  const copy = page.getByRole("button", { name: "Copy snippet" });
  for (let click = 0; click < 3; click += 1) {
    await copy.click();
    await expect(toasts(page).first()).toBeVisible();
    // Give a second toast the time it would take to appear.
    await page.waitForTimeout(300);
  }
  // Read at once (a retrying assertion would wait for the extra toasts to time out).
  expect(await toasts(page).allTextContents()).toEqual(["Snippet copied"]);
});

test("a refusal shown in the form is not toasted too", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signedInAs(page, "admin");
  await page.goto("/studio/api-keys");
  await hydrated(page);
  await page.getByRole("button", { name: "New key" }).first().click();
  const form = page.getByRole("dialog", { name: "New API key" });
  await form.getByLabel("Name").fill("Toast check");
  await form.getByRole("button", { name: "Create key" }).click();
  await page
    .getByRole("dialog", { name: "Copy your new key" })
    .getByRole("button", { name: "I have copied it" })
    .click();

  // The rotation dialog opens here; meanwhile the key is revoked in another tab.
  const row = page.getByRole("row", { name: /Toast check/ });
  await row.getByRole("button", { name: "Actions for Toast check" }).click();
  await page.getByRole("menuitem", { name: "Rotate" }).click();
  const rotate = page.getByRole("dialog", { name: "Rotate Toast check" });
  await expect(rotate).toBeVisible();

  const other = await context.newPage();
  await other.goto("/studio/api-keys");
  await hydrated(other);
  const otherRow = other.getByRole("row", { name: /Toast check/ });
  await otherRow.getByRole("button", { name: "Actions for Toast check" }).click();
  await other.getByRole("menuitem", { name: "Revoke" }).click();
  await other
    .getByRole("alertdialog", { name: "Revoke Toast check?" })
    .getByRole("button", { name: "Revoke key" })
    .click();
  await expect(otherRow.filter({ hasText: "Revoked" })).toBeVisible();
  await other.close();

  await rotate.getByRole("button", { name: "Rotate key" }).click();
  await expect(rotate).toContainText("Only an active key can be rotated.");
  // The key's creation may still be toasted; the refusal is not.
  await page.waitForTimeout(600);
  expect(await toasts(page).allTextContents()).not.toContain("Only an active key can be rotated.");
  await context.close();
});

test("in dark mode a toast is dark", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: "dark", url: baseURL! }]);
  await signedInAs(page, "admin");
  const toast = await saveName(page);
  const background = await toast.evaluate((element) => getComputedStyle(element).backgroundColor);
  const [r = 255, g = 255, b = 255] = (background.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  // Relative brightness (0–255): a dark surface, not sonner's light default.
  expect(0.2126 * r + 0.7152 * g + 0.0722 * b).toBeLessThan(80);
});
