import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_SECONDS } from "./consent.ts";
import { COLOUR_MODE_COOKIE, COLOUR_MODE_COOKIE_MAX_AGE_SECONDS } from "./colour-mode.ts";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from "../../core/i18n/locales.ts";
import type { MessageKey } from "./i18n.tsx";
import { CONSOLE_KEY_STORAGE_PREFIX } from "./api-console.ts";

export type StorageEntry = {
  name: string;
  kind: "cookie" | "sessionStorage";
  category: "necessary" | "functional" | "analytics";
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

/** Set by Google Tag Manager only when analytics is configured and the visitor agreed. */
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
];
