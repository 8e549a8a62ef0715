import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_SECONDS } from "./consent-cookie.ts";
import { COLOUR_MODE_COOKIE, COLOUR_MODE_COOKIE_MAX_AGE_SECONDS } from "./colour-mode-cookie.ts";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from "../../core/i18n/locales.ts";
import type { MessageKey } from "./i18n.tsx";
import { CONSOLE_KEY_STORAGE_PREFIX } from "./api-console.ts";

export type StorageEntry = {
  name: string;
  kind: "cookie" | "sessionStorage";
  category: "necessary" | "functional" | "analytics" | "marketing";
  purpose: MessageKey;
  /** seconds; null = until the browser tab or session ends */
  lifetimeSeconds: number | null;
};

/** Every cookie and storage key the product sets; /cookieverklaring renders this list. */
export const STORAGE_INVENTORY: readonly StorageEntry[] = [
  {
    name: LOCALE_COOKIE,
    kind: "cookie",
    category: "functional",
    purpose: "cookies.purpose.locale",
    lifetimeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS,
  },
  {
    name: COLOUR_MODE_COOKIE,
    kind: "cookie",
    category: "functional",
    purpose: "cookies.purpose.colourMode",
    lifetimeSeconds: COLOUR_MODE_COOKIE_MAX_AGE_SECONDS,
  },
  {
    name: CONSENT_COOKIE,
    kind: "cookie",
    category: "necessary",
    purpose: "cookies.purpose.consent",
    lifetimeSeconds: CONSENT_COOKIE_MAX_AGE_SECONDS,
  },
  // The studio's two cookies; their names and lifetimes live in server code (cookie-inventory.test.ts
  // keeps these equal).
  {
    name: "reeltime.session_token",
    kind: "cookie",
    category: "necessary",
    purpose: "cookies.purpose.session",
    lifetimeSeconds: 400 * 24 * 3600,
  },
  {
    name: "reeltime-active-client",
    kind: "cookie",
    category: "functional",
    purpose: "cookies.purpose.activeClient",
    lifetimeSeconds: 365 * 24 * 3600,
  },
  {
    name: "reeltime-build-reload-at",
    kind: "sessionStorage",
    category: "necessary",
    purpose: "cookies.purpose.buildReload",
    lifetimeSeconds: null,
  },
  {
    name: `${CONSOLE_KEY_STORAGE_PREFIX}*`,
    kind: "sessionStorage",
    category: "functional",
    purpose: "studio.apiLookup.storagePurpose",
    lifetimeSeconds: null,
  },
];

/**
 * Set by Google Tag Manager's tags only when GTM is configured and the visitor allowed the entry's
 * category (Consent Mode keeps them from being written otherwise).
 */
export const ANALYTICS_INVENTORY: readonly StorageEntry[] = [
  {
    name: "_ga",
    kind: "cookie",
    category: "analytics",
    purpose: "cookies.purpose.ga",
    lifetimeSeconds: 2 * 365 * 24 * 3600,
  },
  {
    name: "_ga_*",
    kind: "cookie",
    category: "analytics",
    purpose: "cookies.purpose.gaSession",
    lifetimeSeconds: 2 * 365 * 24 * 3600,
  },
  {
    name: "_gcl_au",
    kind: "cookie",
    category: "marketing",
    purpose: "cookies.purpose.gclAu",
    lifetimeSeconds: 90 * 24 * 3600,
  },
];
