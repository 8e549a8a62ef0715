import { afterEach, describe, expect, it, vi } from "vitest";
import {
  COLOUR_MODE_COOKIE_MAX_AGE_SECONDS,
  COLOUR_MODES,
  colourModeScript,
  forcedColourMode,
  parseColourMode,
} from "./colour-mode-cookie.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("parseColourMode", () => {
  it("offers dark, light and system", () => {
    expect([...COLOUR_MODES].sort()).toEqual(["dark", "light", "system"]);
  });

  it.each(["system", "light", "dark"] as const)("keeps %s", (mode) => {
    expect(parseColourMode(mode)).toBe(mode);
  });

  it.each([undefined, null, "", "DARK", "blue"])("turns %j into system", (value) => {
    expect(parseColourMode(value)).toBe("system");
  });

  it("is remembered for a year", () => {
    expect(COLOUR_MODE_COOKIE_MAX_AGE_SECONDS).toBe(365 * 24 * 60 * 60);
  });
});

describe("forcedColourMode", () => {
  it("lets a page force light or dark", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(forcedColourMode("light")).toBe("light");
    expect(forcedColourMode("dark")).toBe("dark");
    expect(warn).not.toHaveBeenCalled();
  });

  it("warns about forcing system and ignores it", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(forcedColourMode("system")).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/system/);
  });

  it("ignores anything else silently", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const value of [undefined, null, "", "blue", 1, {}]) expect(forcedColourMode(value)).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("colourModeScript", () => {
  it("is a self-contained expression that parses", () => {
    expect(() => new Function(colourModeScript)).not.toThrow();
    expect(colourModeScript).not.toMatch(/<\/script/i);
  });
});
