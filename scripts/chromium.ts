// The browser the end-to-end specs (playwright.config.ts) and the browser benches drive: Debian's
// Chromium (never a downloaded one), quiet and offline.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The flags, without the headless switch (each driver sets its own). */
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
