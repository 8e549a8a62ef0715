import { describe, expect, it } from "vitest";
import {
  dateOfTimestamp,
  readBoolean,
  readCount,
  readDateTime,
  readDecimalPrice,
  readInt,
  readIsoDurationMinutes,
  readUrl,
  readYearOfDate,
  shown,
} from "./read-values.ts";

describe("readDateTime", () => {
  it("keeps local wall-clock times local, without the fraction", () => {
    expect(readDateTime("2026-03-14T19:30")).toEqual({ ok: true, value: "2026-03-14T19:30" });
    expect(readDateTime("2026-03-14 19:30:05.250")).toEqual({ ok: true, value: "2026-03-14T19:30:05" });
  });

  it("keeps instants as given, zone included", () => {
    expect(readDateTime("2018-12-26T09:30:00.000Z")).toEqual({ ok: true, value: "2018-12-26T09:30:00.000Z" });
    expect(readDateTime("2024-10-20T16:50:00+02:00")).toEqual({
      ok: true,
      value: "2024-10-20T16:50:00+02:00",
    });
  });

  it.each([
    "2026-02-30T19:00",
    "2026-13-01T10:00",
    "2026-03-14T24:00",
    "2026-03-14",
    "tomorrow",
    "2026-03-14T10:00+25:00",
  ])("refuses %s", (text) => {
    expect(readDateTime(text)).toMatchObject({
      ok: false,
      message: "ingest.problem.invalidDate",
      values: { value: text },
    });
  });

  it("accepts 29 February in a leap year only", () => {
    expect(readDateTime("2028-02-29T10:00").ok).toBe(true);
    expect(readDateTime("2026-02-29T10:00").ok).toBe(false);
  });

  it("reads blank as absent", () => {
    expect(readDateTime("  ")).toEqual({ ok: true, value: undefined });
  });
});

describe("numbers", () => {
  it("reads whole numbers from numbers and digits", () => {
    expect(readInt("42")).toEqual({ ok: true, value: 42 });
    expect(readInt(7)).toEqual({ ok: true, value: 7 });
    expect(readInt("4.5")).toMatchObject({ ok: false, message: "ingest.problem.invalidNumber" });
    expect(readInt(1e300)).toMatchObject({ ok: false, message: "ingest.problem.invalidNumber" });
  });

  it("refuses negative counts", () => {
    expect(readCount("-2")).toMatchObject({
      ok: false,
      message: "ingest.problem.negativeNumber",
      values: { value: "-2" },
    });
  });

  it("reads decimal prices into minor units", () => {
    expect(readDecimalPrice("12.50")).toEqual({ ok: true, value: 1250 });
    expect(readDecimalPrice("9,5")).toEqual({ ok: true, value: 950 });
    expect(readDecimalPrice(12)).toEqual({ ok: true, value: 1200 });
    expect(readDecimalPrice("-3.00")).toMatchObject({ ok: false, message: "ingest.problem.negativeNumber" });
    expect(readDecimalPrice("free")).toMatchObject({ ok: false, message: "ingest.problem.invalidPrice" });
  });

  it("reads ISO 8601 durations in minutes", () => {
    expect(readIsoDurationMinutes("PT1H53M")).toEqual({ ok: true, value: 113 });
    expect(readIsoDurationMinutes("PT113M")).toEqual({ ok: true, value: 113 });
    expect(readIsoDurationMinutes("P0DT2H0M30S")).toEqual({ ok: true, value: 121 });
    expect(readIsoDurationMinutes("PT")).toMatchObject({
      ok: false,
      message: "ingest.problem.invalidDuration",
    });
    expect(readIsoDurationMinutes("113")).toMatchObject({
      ok: false,
      message: "ingest.problem.invalidDuration",
    });
  });

  it("reads the year of a date", () => {
    expect(readYearOfDate("2009-09-17T00:00:00")).toEqual({ ok: true, value: 2009 });
    expect(readYearOfDate(1982)).toEqual({ ok: true, value: 1982 });
    expect(readYearOfDate("soon")).toMatchObject({ ok: false });
  });

  it("reads the calendar date a date or timestamp starts with, when it is a real date", () => {
    expect(dateOfTimestamp("2025-04-10T00:00:00")).toBe("2025-04-10");
    expect(dateOfTimestamp("2025-04-10")).toBe("2025-04-10");
    expect(dateOfTimestamp("2025-02-31")).toBeUndefined();
    expect(dateOfTimestamp("2025")).toBeUndefined();
    expect(dateOfTimestamp(20250410)).toBeUndefined();
    expect(dateOfTimestamp(undefined)).toBeUndefined();
  });
});

describe("readUrl and readBoolean", () => {
  it("accepts http and https only", () => {
    expect(readUrl("https://x.example/a")).toEqual({ ok: true, value: "https://x.example/a" });
    expect(readUrl("javascript:alert(1)")).toMatchObject({ ok: false, message: "ingest.problem.invalidUrl" });
    expect(readUrl("/relative")).toMatchObject({ ok: false, message: "ingest.problem.invalidUrl" });
  });

  it("reads yes/no words", () => {
    expect(readBoolean("TRUE")).toEqual({ ok: true, value: true });
    expect(readBoolean("0")).toEqual({ ok: true, value: false });
    expect(readBoolean("maybe")).toMatchObject({ ok: false });
  });
});

describe("shown", () => {
  it("cuts long values and survives values too deep to print", () => {
    expect(shown("x".repeat(500))).toHaveLength(78);
    let deep: unknown[] = [];
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(shown(deep)).toBe("[…]");
  });
});
