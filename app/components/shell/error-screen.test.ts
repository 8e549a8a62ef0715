import { describe, expect, it } from "vitest";
import en from "../../../locales/en.json" with { type: "json" };
import { ERROR_SCREEN_FALLBACK } from "./error-screen.tsx";

describe("the error screen's English fallback", () => {
  it("says what en.json says", () => {
    for (const [key, text] of Object.entries(ERROR_SCREEN_FALLBACK))
      expect(text).toBe(en[key as keyof typeof en]);
  });
});
