import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchLatestBuild, isChunkLoadError, RELOAD_GUARD_MS, shouldReload } from "./new-build-reload.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("shouldReload", () => {
  it("reloads when it never did", () => {
    expect(shouldReload(null, 1_000)).toBe(true);
  });

  it("does not reload again within 10 seconds", () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    const last = 1_000_000;
    expect(shouldReload(last, last)).toBe(false);
    expect(shouldReload(last, last + 9_999)).toBe(false);
    expect(shouldReload(last, last + 10_000)).toBe(false);
    expect(shouldReload(last, last + 10_001)).toBe(true);
  });
});

describe("isChunkLoadError", () => {
  it.each([
    new TypeError("Failed to fetch dynamically imported module: https://x/assets/route-abc.js"),
    new TypeError("error loading dynamically imported module"),
    new TypeError("Importing a module script failed."),
    new Error("Unable to preload CSS for /assets/app-123.css"),
    "TypeError: Failed to fetch dynamically imported module",
  ])("recognises %s", (reason) => {
    expect(isChunkLoadError(reason)).toBe(true);
  });

  it.each([new Error("Network down"), new TypeError("x is undefined"), undefined, null, 42, "boom"])(
    "ignores %s",
    (reason) => {
      expect(isChunkLoadError(reason)).toBe(false);
    },
  );
});

describe("fetchLatestBuild", () => {
  function stubFetch(response: Response) {
    const fetch = vi.fn(async (..._args: unknown[]) => response);
    vi.stubGlobal("fetch", fetch);
    return fetch;
  }

  it("returns the version from builds/latest.json, uncached", async () => {
    const fetch = stubFetch(Response.json({ version: "abc123" }));
    await expect(fetchLatestBuild()).resolves.toBe("abc123");
    expect(fetch).toHaveBeenCalledWith("/builds/latest.json", { cache: "no-store" });
  });

  it.each([404, 403])("tolerates %i as no information", async (status) => {
    stubFetch(new Response("nope", { status }));
    await expect(fetchLatestBuild()).resolves.toBeUndefined();
  });

  it("throws on other error statuses", async () => {
    stubFetch(new Response("down", { status: 500 }));
    await expect(fetchLatestBuild()).rejects.toThrow(/500/);
  });

  it("gives undefined when the body has no version", async () => {
    stubFetch(Response.json({}));
    await expect(fetchLatestBuild()).resolves.toBeUndefined();
  });
});
