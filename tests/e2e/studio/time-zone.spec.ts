// Issue 11 point 5: studio times are shown in the user's time zone — the browser's, kept in the profile
// so the server renders the same text — in one format that names the zone; the profile can change it.
//
// It needs a profile that keeps no zone yet: a person registered here (an earlier spec has kept the demo
// accounts' zones), invited to the demo client as a viewer so that the API keys page has times too.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { linksIn } from "../../helpers/smtp-capture.ts";
import { confirmLink, hydrated, mailTo, signedInAs } from "./support.ts";

/** "Nov 25, 2026, 22:05 GMT+9": date, time (24-hour in English) and zone, in the interface language's one format. */
const ONE_FORMAT = (zone: string) =>
  new RegExp(`^[A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{2}:\\d{2} ${zone.replace("+", "\\+")}$`);

async function timesIn(page: Page) {
  return page.getByRole("main").locator("time").allTextContents();
}

test.use({ timezoneId: "Asia/Tokyo" });

/** The demo client's admin invites `email` as a viewer, in a browser of their own (Amsterdam time). */
async function inviteViewer(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL, timezoneId: "Europe/Amsterdam" });
  const admin = await context.newPage();
  await signedInAs(admin, "admin");
  await admin.goto("/studio/demo");
  await hydrated(admin);
  const invite = admin.locator("form#invite-member");
  await invite.getByLabel("E-mail address").fill(email);
  await invite.getByLabel("Role").selectOption("viewer");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(admin.getByText(`Invitation sent to ${email}.`).first()).toBeVisible();
  await context.close();
}

/** Registers `email`, confirms it by choosing a password and signs in: the first studio page follows. */
async function registerAndSignIn(page: Page, email: string) {
  const password = "popcorn and 2 tickets";
  await page.goto("/studio/user/register");
  await page.getByLabel("Name").fill("Tomo Tokyo");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel(/I accept the terms/).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await page.goto(confirmLink((await mailTo(email, /^Confirm your e-mail address/)).text));
  await page.getByRole("textbox", { name: "New password", exact: true }).fill(password);
  await page.getByLabel("Repeat the new password").fill(password);
  await page.getByRole("button", { name: "Confirm and set the password" }).click();
  await expect(page.getByLabel("E-mail address")).toHaveValue(email);
  await page.locator("input[name=password]").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/studio$/);
}

async function acceptInvitation(page: Page, email: string) {
  const mail = await mailTo(email, /invited you to/);
  const link = linksIn(mail.text).find((l) => l.includes("/studio/user/confirm?type=invite"));
  if (!link) throw new Error("no invitation link in the e-mail");
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await hydrated(page);
  await page.getByRole("button", { name: "Accept invitation" }).click();
  await expect(page).toHaveURL(/\/studio\/demo$/);
}

test("times follow the browser's zone, kept in the profile, in one format with the zone named", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `tokyo.${Date.now()}@example.com`;
  await inviteViewer(browser, baseURL, email);
  await registerAndSignIn(page, email);
  await hydrated(page);
  await acceptInvitation(page, email);

  // The first studio page keeps the browser's zone in the profile.
  await page.goto("/studio/user/profile");
  const zone = page.getByRole("main").getByLabel("Time zone");
  await expect(zone).toHaveValue("Asia/Tokyo");

  // Every time on the page, in one format, naming the zone — and the server sent the same text.
  const times = await timesIn(page);
  expect(times.length).toBeGreaterThan(0);
  for (const text of times) expect(text).toMatch(ONE_FORMAT("GMT+9"));
  const html = await (await page.request.get("/studio/user/profile")).text();
  expect(html).toContain(`>${times[0]}</time>`);

  // Another page uses the same format.
  await page.goto("/studio/api-keys");
  for (const text of await timesIn(page)) expect(text).toMatch(ONE_FORMAT("GMT+9"));

  // The profile changes the zone; the server renders in it from then on.
  await page.goto("/studio/user/profile");
  await hydrated(page);
  await page.getByRole("main").getByLabel("Time zone").selectOption("America/New_York");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Your preferences have been saved.")).toBeVisible();
  await expect(page.getByRole("main").getByLabel("Time zone")).toHaveValue("America/New_York");
  const eastern = await (await page.request.get("/studio/user/profile")).text();
  expect(eastern).toMatch(/<time [^>]*>[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} E[SD]T<\/time>/);
  await page.reload();
  for (const text of await timesIn(page)) expect(text).toMatch(/ E[SD]T$/);
});
