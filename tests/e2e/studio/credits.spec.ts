// Credits end to end: a client admin requests an offer from the dashboard, a super admin confirms the
// payment and the balance rises; an adjustment needs a reason; a refund takes the credits back.
import { expect, test, type Page } from "@playwright/test";
import { signedInAs } from "./support.ts";

const CLIENT = "Demo Cinema Guide";
/** Unique per run, so the spec also passes against a server it ran on before. */
const RUN = Date.now().toString(36);
const INVOICE = `E2E-INV-${RUN}`;
const REASON = `E2E correction ${RUN}`;

/** The demo client's balance as the balances page shows it. */
async function demoBalance(page: Page): Promise<number> {
  await page.goto(`/studio/config/credit-balances?q=${encodeURIComponent(CLIENT)}`);
  const row = page.getByRole("row", { name: new RegExp(CLIENT) });
  const text = await row.getByRole("cell").nth(1).innerText();
  return Number(text.replace(/[^\d-]/g, ""));
}

function formatted(n: number) {
  return new Intl.NumberFormat("en-GB").format(n);
}

test("request credits, confirm the payment, adjust with a reason, refund", async ({ browser }) => {
  // The client admin asks for the Growth offer.
  const clientAdmin = await browser.newPage();
  await signedInAs(clientAdmin, "admin");
  await expect(clientAdmin.getByText("Credit balance")).toBeVisible();
  await clientAdmin.getByRole("button", { name: "Request credits" }).click();
  const request = clientAdmin.getByRole("dialog", { name: "Request credits" });
  await request.getByRole("radio", { name: /Growth/ }).check();
  await request.getByRole("button", { name: "Request credits" }).click();
  await expect(clientAdmin.getByText(/Requested Growth: 100,000 credits/)).toBeVisible();
  await expect(clientAdmin.getByRole("region", { name: "Credits" })).toContainText("Growth");

  // The super admin confirms it once paid: the balance rises by the offer's credits.
  const staff = await browser.newPage();
  await signedInAs(staff, "super admin");
  const before = await demoBalance(staff);
  await staff.goto("/studio/config/credit-purchases?status=requested");
  const requested = staff.getByRole("row", { name: /Growth/ }).first();
  await requested.getByRole("button", { name: /^Actions for / }).click();
  await staff.getByRole("menuitem", { name: "Confirm payment" }).click();
  const confirm = staff.getByRole("dialog", { name: "Confirm payment" });
  await expect(confirm).toContainText(`balance ${formatted(before)} → ${formatted(before + 100_000)}`);
  await confirm.getByLabel("Invoice reference").fill(INVOICE);
  await confirm.getByRole("button", { name: "Confirm payment" }).click();
  await expect(staff.getByText(/Payment confirmed: 100,000 credits added/)).toBeVisible();
  expect(await demoBalance(staff)).toBe(before + 100_000);

  // The client admin sees it too.
  await clientAdmin.reload();
  await expect(clientAdmin.getByText(formatted(before + 100_000), { exact: true })).toBeVisible();

  // An adjustment needs a reason; with one, it moves the balance.
  await staff.goto(`/studio/config/credit-balances?q=${encodeURIComponent(CLIENT)}`);
  await staff.getByRole("button", { name: `Actions for ${CLIENT}` }).click();
  await staff.getByRole("menuitem", { name: "Adjust balance" }).click();
  const adjust = staff.getByRole("dialog", { name: `Adjust the balance of ${CLIENT}` });
  await adjust.getByLabel("Credits").fill("-500");
  await adjust.getByRole("button", { name: "Adjust balance" }).click();
  await expect(adjust.getByText("Say why (at least 3 characters)", { exact: false })).toBeVisible();
  await adjust.getByLabel("Reason").fill(REASON);
  await adjust.getByRole("button", { name: "Adjust balance" }).click();
  await expect(staff.getByText(/−500 credits, balance now|-500 credits, balance now/)).toBeVisible();
  expect(await demoBalance(staff)).toBe(before + 100_000 - 500);

  // The ledger shows the adjustment with its reason.
  await staff.goto("/studio/config/credit-usage?kind=adjustment");
  await expect(staff.getByRole("row", { name: new RegExp(REASON) })).toBeVisible();

  // A refund takes the purchase's credits back.
  await staff.goto(`/studio/config/credit-purchases?status=paid&q=${INVOICE}`);
  await staff
    .getByRole("row", { name: new RegExp(INVOICE) })
    .getByRole("button", { name: /^Actions for / })
    .click();
  await staff.getByRole("menuitem", { name: "Refund" }).click();
  const refund = staff.getByRole("dialog", { name: "Refund purchase" });
  await refund.getByLabel("Reason (optional)").fill("E2E refund");
  await refund.getByRole("button", { name: "Refund" }).click();
  await expect(staff.getByText(/Refunded: 100,000 credits taken back/)).toBeVisible();
  await staff.goto(`/studio/config/credit-purchases?q=${INVOICE}`);
  await expect(staff.getByRole("row", { name: new RegExp(INVOICE) })).toContainText("Refunded");
  expect(await demoBalance(staff)).toBe(before - 500);
});
