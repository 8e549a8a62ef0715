// API keys and domains in the browser: a client admin creates a key, sees it once, copies it and
// revokes it; an admin adds and removes a domain; editors and viewers only read keys and domains.
import { expect, test } from "@playwright/test";
import { signedInAs } from "./support.ts";

test("create a key, copy it from the one-time reveal, rotate it and revoke it", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await signedInAs(page, "admin");
  await page.goto("/studio/api-keys");
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();

  await page.getByRole("button", { name: "New key" }).first().click();
  const form = page.getByRole("dialog", { name: "New API key" });
  await form.getByLabel("Name").fill("E2E backend");
  await form.getByLabel("Expires").selectOption("90");
  await form.getByLabel("Rate limit (requests per minute)").fill("120");
  await form.getByRole("button", { name: "Create key" }).click();

  const reveal = page.getByRole("dialog", { name: "Copy your new key" });
  await expect(reveal).toContainText("This is the only time this key is shown");
  const field = reveal.getByLabel("Key “E2E backend”");
  const key = await field.inputValue();
  expect(key).toMatch(/^rt_sk_[0-9A-Za-z]{32}$/);
  await reveal.getByRole("button", { name: "Copy" }).click();
  await expect(reveal).toContainText("Copied to the clipboard.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await reveal.getByRole("button", { name: "I have copied it" }).click();
  await expect(reveal).toHaveCount(0);

  // The list shows the key's start only.
  const row = page.getByRole("row", { name: /E2E backend/ });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(page.locator("main")).not.toContainText(key);
  await expect(row).toContainText("Active");
  await expect(row).toContainText("120/min");

  // Rotate with a grace period: the new key is shown once, the old one's end is said.
  await row.getByRole("button", { name: "Actions for E2E backend" }).click();
  await page.getByRole("menuitem", { name: "Rotate" }).click();
  const rotate = page.getByRole("dialog", { name: "Rotate E2E backend" });
  await rotate.getByLabel("The old key keeps working").selectOption("1h");
  await rotate.getByRole("button", { name: "Rotate key" }).click();
  const rotated = page.getByRole("dialog", { name: "Copy the replacement key" });
  await expect(rotated).toContainText("The old key keeps working until");
  const replacement = await rotated.getByLabel("Key “E2E backend”").inputValue();
  expect(replacement).toMatch(/^rt_sk_/);
  expect(replacement).not.toBe(key);
  await rotated.getByRole("button", { name: "I have copied it" }).click();
  const old = page.getByRole("row", { name: /E2E backend/ }).filter({ hasText: "Rotated, expiring" });
  await expect(old).toContainText("Rotated, expiring");
  await expect(old).toContainText(`Replaced by ${replacement.slice(0, 12)}`);

  // Revoke the replacement.
  const current = page.getByRole("row", { name: /E2E backend/ }).filter({ hasText: "Active" });
  await expect(current).toContainText(replacement.slice(0, 12));
  await current.getByRole("button", { name: "Actions for E2E backend" }).click();
  await page.getByRole("menuitem", { name: "Revoke" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke E2E backend?" });
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(confirm).toHaveCount(0);
  const revoked = page.getByRole("row", { name: /E2E backend/ }).filter({ hasText: "Revoked" });
  await expect(revoked).toContainText(replacement.slice(0, 12));
});

test("a viewer sees the keys without the controls", async ({ page }) => {
  await signedInAs(page, "viewer");
  await page.goto("/studio/api-keys");
  await expect(page.getByText("Only its admins can create, rotate or revoke them.")).toBeVisible();
  await expect(page.getByRole("button", { name: "New key" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Actions for / })).toHaveCount(0);
});

test("an editor sees the domains but cannot change them, as with keys", async ({ page }) => {
  await signedInAs(page, "editor");
  await page.goto("/studio/domains");
  await expect(page.getByRole("cell", { name: "localhost", exact: true })).toBeVisible();
  await expect(page.getByText("Only its admins can add or remove them")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add domain" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(0);
});

test("an admin adds a domain (a pasted address reduced to its host), is told what is wrong, and removes it", async ({
  page,
}) => {
  await signedInAs(page, "admin");
  await page.goto("/studio/domains");
  await expect(page.getByRole("heading", { level: 1, name: "Domains" })).toBeVisible();
  // The demo client's development hosts.
  await expect(page.getByRole("cell", { name: "localhost", exact: true })).toBeVisible();

  const field = page.getByRole("textbox", { name: "Domain" });
  await field.fill("shop.e2e.example:8080");
  await page.getByRole("button", { name: "Add domain" }).click();
  await expect(page.getByText("Leave out the port: enter only the host name.")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");

  await field.fill("https://Shop.E2E-Example.nl/films?x=1");
  await page.getByRole("button", { name: "Add domain" }).click();
  const row = page.getByRole("row", { name: /shop\.e2e-example\.nl/ });
  await expect(row).toBeVisible();
  await expect(page.getByText("Domain shop.e2e-example.nl added.")).toBeVisible();

  await row.getByRole("button", { name: "Remove shop.e2e-example.nl" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remove shop.e2e-example.nl?" });
  await confirm.getByRole("button", { name: "Remove domain" }).click();
  await expect(page.getByRole("row", { name: /shop\.e2e-example\.nl/ })).toHaveCount(0);
});

test("at 1280 px the keys table fits its area: a long name wraps, the row menu needs no sideways scroll", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInAs(page, "admin");
  await page.goto("/studio/api-keys");
  const name = "E2E widths: the key of the Noord-Hollandse Filmhuizen booking integration";
  await page.getByRole("button", { name: "New key" }).first().click();
  const form = page.getByRole("dialog", { name: "New API key" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Create key" }).click();
  const reveal = page.getByRole("dialog", { name: "Copy your new key" });
  await reveal.getByRole("button", { name: "I have copied it" }).click();
  await expect(reveal).toHaveCount(0);

  const table = page.getByRole("table");
  await expect(table.getByRole("row", { name: new RegExp(name) })).toBeVisible();
  const { table: tableWidth, area } = await table.evaluate((element) => ({
    table: element.scrollWidth,
    area: element.parentElement!.clientWidth,
  }));
  expect(tableWidth, `table ${tableWidth} px in an area of ${area} px`).toBeLessThanOrEqual(area);
  const menu = page.getByRole("button", { name: `Actions for ${name}` });
  await expect(menu).toBeInViewport();
});
