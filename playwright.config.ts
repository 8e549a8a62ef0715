// End-to-end tests (ARCHITECTURE §6): the real server, built, on a free loopback port with a
// fresh data directory (so the first start migrates and seeds), driven by Debian's Chromium.
// `npm run test:e2e` builds first; tests/e2e/global-setup.ts starts and stops the server.
//
// Set E2E_BASE_URL to run the specs against a server you started yourself (nothing is started).
import { execFileSync } from "node:child_process";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH, CHROMIUM_QUIET_FLAGS } from "./scripts/chromium.ts";

const isCI = Boolean(process.env.CI);

/**
 * The config is evaluated by the runner and again by every worker; the port is chosen once (by
 * the runner) and handed down through the environment, which workers inherit.
 */
function freeLoopbackPort(): string {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  return execFileSync(process.execPath, ["--input-type=commonjs", "-e", script], { encoding: "utf8" }).trim();
}

if (!process.env.E2E_BASE_URL && !process.env.E2E_PORT) {
  process.env.E2E_PORT = freeLoopbackPort();
}
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT}`;

// Never a downloaded browser: Debian's Chromium, headless, quiet, offline.
const chromiumArgs = ["--headless", ...CHROMIUM_QUIET_FLAGS];

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: "test-results",
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // The machines are small (2 cores shared with the server under test).
  workers: isCI ? 1 : 2,
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: "en-GB",
    timezoneId: "Europe/Amsterdam",
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
    },
  ],
});
