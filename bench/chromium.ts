// The browser the browser benches drive: Debian's Chromium (never a downloaded one), headless, quiet and
// offline, with the flags playwright.config.ts gives the end-to-end specs.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** playwright.config.ts's flags, without the headless switch (each driver sets its own). */
export const CHROMIUM_QUIET_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
