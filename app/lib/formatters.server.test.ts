import { describe, expect, it } from "vitest";
import { isoWithOffset } from "./formatters.server.ts";

describe("isoWithOffset", () => {
  it("gives the cinema's local time with its offset, summer and winter, and +00:00 at zero", () => {
    expect(isoWithOffset(new Date("2030-07-01T18:30:00Z"), "Europe/Amsterdam")).toBe(
      "2030-07-01T20:30:00+02:00",
    );
    expect(isoWithOffset(new Date("2030-01-15T23:05:09Z"), "Europe/Paris")).toBe("2030-01-16T00:05:09+01:00");
    expect(isoWithOffset(new Date("2030-01-15T12:00:00Z"), "Europe/London")).toBe(
      "2030-01-15T12:00:00+00:00",
    );
    expect(isoWithOffset(new Date("2030-01-15T12:00:00Z"), "America/St_Johns")).toBe(
      "2030-01-15T08:30:00-03:30",
    );
  });
});
