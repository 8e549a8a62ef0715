// The visitor's cookie consent, per category (Google Consent Mode v2): nothing beyond the strictly
// necessary is stored or sent until the visitor says yes. Kept in one small first-party cookie.
export const CONSENT_COOKIE = "reeltime-consent";
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** The optional categories; "necessary" is always on and never stored. */
export const CONSENT_CATEGORIES = ["analytics", "marketing"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type ConsentChoice = Record<ConsentCategory, boolean>;
/** null: the visitor has not chosen yet, so the banner asks. */
export type Consent = ConsentChoice | null;

export const ALL_GRANTED: ConsentChoice = { analytics: true, marketing: true };
export const ALL_DENIED: ConsentChoice = { analytics: false, marketing: false };

// The cookie value, e.g. "v1.a1.m0": versioned so the categories can change later, and made of
// characters a cookie carries without encoding.
const VERSION = "v1";
const CODES: Record<ConsentCategory, string> = { analytics: "a", marketing: "m" };

export function serializeConsent(choice: ConsentChoice): string {
  return [VERSION, ...CONSENT_CATEGORIES.map((c) => `${CODES[c]}${choice[c] ? 1 : 0}`)].join(".");
}

/** Reads the cookie; the values before categories existed ("granted"/"denied") meant analytics only. */
export function parseConsent(value: string | undefined): Consent {
  if (value === "granted") return { analytics: true, marketing: false };
  if (value === "denied") return { ...ALL_DENIED };
  const [version, ...parts] = (value ?? "").split(".");
  if (version !== VERSION) return null;
  const choice = { ...ALL_DENIED };
  for (const category of CONSENT_CATEGORIES) {
    const flag = parts.find((part) => part.length === 2 && part[0] === CODES[category])?.[1];
    if (flag !== "0" && flag !== "1") return null;
    choice[category] = flag === "1";
  }
  return choice;
}

/** Whether Google Tag Manager may load at all: only with at least one optional category granted. */
export function allowsTagManager(consent: Consent): boolean {
  return consent !== null && CONSENT_CATEGORIES.some((category) => consent[category]);
}

/** A summary for the visitor: all, none, or a mix of the optional categories. */
export function consentSummary(consent: Consent): "unset" | "all" | "none" | "custom" {
  if (consent === null) return "unset";
  const granted = CONSENT_CATEGORIES.filter((category) => consent[category]).length;
  if (granted === CONSENT_CATEGORIES.length) return "all";
  return granted === 0 ? "none" : "custom";
}

type ConsentModeValue = "granted" | "denied";

/** Consent Mode v2 signals: analytics_storage follows analytics, the three ad signals follow marketing. */
export function consentModeState(choice: ConsentChoice): Record<string, ConsentModeValue> {
  const analytics: ConsentModeValue = choice.analytics ? "granted" : "denied";
  const ads: ConsentModeValue = choice.marketing ? "granted" : "denied";
  return { ad_storage: ads, ad_user_data: ads, ad_personalization: ads, analytics_storage: analytics };
}
