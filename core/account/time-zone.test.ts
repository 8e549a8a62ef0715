import { describe, expect, it } from "vitest";
import { preferencesFormSchema } from "./account-schemas.ts";
import { canonicalTimeZone, isTimeZone, timeZoneChoices } from "./time-zone.ts";

describe("time zones", () => {
  it("knows IANA names, in their canonical spelling", () => {
    expect(canonicalTimeZone("Europe/Amsterdam")).toBe("Europe/Amsterdam");
    expect(canonicalTimeZone("asia/tokyo")).toBe("Asia/Tokyo");
    expect(isTimeZone("UTC")).toBe(true);
    for (const bad of ["", "Mars/Olympus", "x".repeat(65), "Europe/Amsterdam; drop"])
      expect(isTimeZone(bad)).toBe(false);
  });

  it("offers the zones Intl knows, UTC included", () => {
    const zones = timeZoneChoices();
    expect(zones).toContain("UTC");
    expect(zones).toContain("Europe/Amsterdam");
    expect(zones.every(isTimeZone)).toBe(true);
  });

  it("is part of the preferences form", () => {
    const ok = preferencesFormSchema.safeParse({ locale: "nl", colourMode: "dark", timeZone: "Asia/Tokyo" });
    expect(ok.success).toBe(true);
    const bad = preferencesFormSchema.safeParse({ locale: "nl", colourMode: "dark", timeZone: "Nowhere" });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(["studio.profile.preferences.timeZoneInvalid"]);
  });
});
