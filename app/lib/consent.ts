// Analytics consent (Google Consent Mode): nothing is sent until the visitor says yes.
export const CONSENT_COOKIE = "reeltime-consent";
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
export type Consent = "granted" | "denied" | "unset";

export function parseConsent(value: string | undefined): Consent {
  return value === "granted" || value === "denied" ? value : "unset";
}
