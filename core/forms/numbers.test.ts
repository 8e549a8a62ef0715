import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decimalFromText, integerFromText } from "./numbers.ts";

describe("numbers from text", () => {
  const whole = integerFromText(z.number().int().min(0).max(1000)).optional();
  const decimal = decimalFromText(z.number().max(1000));

  it("reads decimal digits, with surrounding spaces, and passes numbers through", () => {
    expect(whole.parse("16")).toBe(16);
    expect(whole.parse(" 16 ")).toBe(16);
    expect(whole.parse("+7")).toBe(7);
    expect(whole.parse(16)).toBe(16);
    expect(whole.parse(undefined)).toBeUndefined();
    expect(decimal.parse("2.5")).toBe(2.5);
    expect(decimal.parse(".5")).toBe(0.5);
    expect(decimal.parse("-3")).toBe(-3);
  });

  it("refuses every other spelling Number() would accept", () => {
    for (const text of ["0x10", "0o7", "0b1", "1e1", "Infinity", "16.0", "1_000", "", "  ", "16px", "٣"]) {
      expect(whole.safeParse(text).success, text).toBe(false);
    }
    for (const text of ["0x10", "1e1", "Infinity", "2.", "1,5", ""]) {
      expect(decimal.safeParse(text).success, text).toBe(false);
    }
  });
});
