// Shared by the studio specs: the demo accounts the server printed at its first start (global setup
// saves them), the mail the server sent over SMTP to the test's capture, and signing in.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { linksIn, waitForCapturedMail } from "../../helpers/smtp-capture.ts";

export type DemoRole = "super admin" | "admin" | "editor" | "viewer";
type Account = { email: string; password: string; role: DemoRole };

export function demoAccount(role: DemoRole): Account {
  const file = process.env.E2E_ACCOUNTS_FILE;
  if (!file) throw new Error("E2E_ACCOUNTS_FILE is not set: tests/e2e/global-setup.ts writes it");
  const accounts = JSON.parse(readFileSync(file, "utf8")) as Account[];
  const account = accounts.find((a) => a.role === role);
  if (!account) throw new Error(`no demo account with role ${role}`);
  return account;
}

/** The demo client's API key of a kind, as the server printed it at its first start. */
export function demoApiKey(kind: "secret" | "publishable"): string {
  const file = process.env.E2E_ACCOUNTS_FILE;
  if (!file) throw new Error("E2E_ACCOUNTS_FILE is not set: tests/e2e/global-setup.ts writes it");
  const keys = JSON.parse(
    readFileSync(path.join(path.dirname(file), "demo-api-keys.json"), "utf8"),
  ) as Record<string, string>;
  const key = keys[kind];
  if (!key) throw new Error(`the server printed no ${kind} demo API key`);
  return key;
}

export async function mailTo(email: string, subject?: RegExp) {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set: tests/e2e/global-setup.ts starts the SMTP capture");
  return waitForCapturedMail(
    dir,
    (m) => m.to.includes(email) && (!subject || subject.test(m.subject)),
    20_000,
  );
}

export function confirmLink(text: string | undefined) {
  const link = linksIn(text).find((l) => l.includes("/studio/user/confirm"));
  if (!link) throw new Error("no confirmation link in the e-mail");
  const url = new URL(link);
  return url.pathname + url.search;
}

/**
 * A client address of its own for each sign-in, sent as a proxy would (the e2e server trusts loopback
 * as its proxy, tests/e2e/global-setup.ts): the suite is many visitors on one machine, and the server
 * allows 60 sign-ins in 15 minutes from one address (core/auth/limits.ts), which the whole suite passes.
 */
function visitorAddress() {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

export async function signIn(page: Page, role: DemoRole) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": visitorAddress() });
  const account = demoAccount(role);
  await page.getByLabel("E-mail address").fill(account.email);
  await page.locator("input[name=password]").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Waits until React has hydrated the page: a choice made before that is reset by the first render. */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/** Picks the console's key by its label once the page is interactive, and checks the choice held. */
export async function chooseConsoleKey(page: Page, label: string) {
  await hydrated(page);
  const select = page.getByLabel("Key", { exact: true });
  await select.selectOption({ label });
  await expect(select.locator("option:checked")).toHaveText(label);
}

export async function signedInAs(page: Page, role: DemoRole) {
  await page.goto("/studio/user/login");
  await signIn(page, role);
  await expect(page).toHaveURL(/\/studio$/);
  // A client-side navigation changes the address a moment before its page replaces the sign-in page:
  // wait for the studio's frame (its header's menu, in any language and on any screen width).
  await expect(page.locator("#studio-menu")).toBeAttached();
}
