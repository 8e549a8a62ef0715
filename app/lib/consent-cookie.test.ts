import { describe, expect, it } from "vitest";
import {
  ALL_DENIED,
  ALL_GRANTED,
  allowsTagManager,
  consentModeState,
  consentSummary,
  parseConsent,
  serializeConsent,
} from "./consent-cookie.ts";

describe("the consent cookie value", () => {
  it("is small, versioned and needs no encoding", () => {
    expect(serializeConsent({ analytics: true, marketing: false })).toBe("v1.a1.m0");
    expect(serializeConsent(ALL_GRANTED)).toBe("v1.a1.m1");
    expect(serializeConsent(ALL_DENIED)).toBe("v1.a0.m0");
    expect(encodeURIComponent(serializeConsent(ALL_GRANTED))).toBe(serializeConsent(ALL_GRANTED));
  });

  it("reads back what it wrote, for every combination", () => {
    for (const analytics of [true, false]) {
      for (const marketing of [true, false]) {
        expect(parseConsent(serializeConsent({ analytics, marketing }))).toEqual({ analytics, marketing });
      }
    }
    expect(parseConsent("v1.m1.a0")).toEqual({ analytics: false, marketing: true });
  });

  it("reads the values from before categories: analytics only", () => {
    expect(parseConsent("granted")).toEqual({ analytics: true, marketing: false });
    expect(parseConsent("denied")).toEqual(ALL_DENIED);
  });

  it("asks again for no value, an unknown version or a damaged value", () => {
    for (const value of [
      undefined,
      "",
      "yes",
      "v2.a1.m1",
      "v1",
      "v1.a1",
      "v1.a2.m0",
      "v1.ax.m0",
      "v1.a10.m0",
    ]) {
      expect(parseConsent(value), String(value)).toBeNull();
    }
  });
});

describe("what the choice allows", () => {
  it("loads Google Tag Manager only with analytics or marketing granted", () => {
    expect(allowsTagManager(null)).toBe(false);
    expect(allowsTagManager(ALL_DENIED)).toBe(false);
    expect(allowsTagManager({ analytics: true, marketing: false })).toBe(true);
    expect(allowsTagManager({ analytics: false, marketing: true })).toBe(true);
  });

  it("maps analytics to analytics_storage and marketing to the three ad signals", () => {
    expect(consentModeState(ALL_DENIED)).toEqual({
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "denied",
    });
    expect(consentModeState({ analytics: true, marketing: false })).toEqual({
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "granted",
    });
    expect(consentModeState({ analytics: false, marketing: true })).toEqual({
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
      analytics_storage: "denied",
    });
  });

  it("summarises the choice for the cookie statement", () => {
    expect(consentSummary(null)).toBe("unset");
    expect(consentSummary(ALL_GRANTED)).toBe("all");
    expect(consentSummary(ALL_DENIED)).toBe("none");
    expect(consentSummary({ analytics: true, marketing: false })).toBe("custom");
  });
});
