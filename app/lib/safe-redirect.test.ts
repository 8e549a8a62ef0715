import { describe, expect, it } from "vitest";
import { returnPath, safeRedirectPath } from "./safe-redirect.ts";

describe("safeRedirectPath", () => {
  it.each(["/", "/studio", "/studio/movies?page=2#top", "/cookieverklaring"])("keeps %s", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "http://localhost/",
    "javascript:alert(1)",
    "studio",
    "",
  ])("refuses %j", (path) => {
    expect(safeRedirectPath(path)).toBe("/");
  });

  it("uses the fallback for non-strings", () => {
    expect(safeRedirectPath(null, "/studio")).toBe("/studio");
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(new File(["x"], "x.txt"), "/x")).toBe("/x");
    expect(safeRedirectPath("//evil", "/studio")).toBe("/studio");
  });
});

describe("returnPath", () => {
  const request = (referer?: string) =>
    new Request("https://reeltime.example/preferences/locale", {
      method: "POST",
      headers: referer ? { referer } : {},
    });
  const form = (entries: Record<string, string> = {}) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(entries)) data.set(k, v);
    return data;
  };

  it("prefers a safe redirectTo field", () => {
    expect(returnPath(request("https://reeltime.example/a"), form({ redirectTo: "/studio?x=1" }))).toBe(
      "/studio?x=1",
    );
  });

  it("does not fall back to the Referer when redirectTo is unsafe", () => {
    expect(returnPath(request("https://reeltime.example/a"), form({ redirectTo: "//evil.example" }))).toBe(
      "/",
    );
  });

  it("uses a same-host Referer's path and query", () => {
    expect(returnPath(request("https://reeltime.example/studio/movies?page=3"), form())).toBe(
      "/studio/movies?page=3",
    );
  });

  it("ignores a Referer from another host or a malformed one", () => {
    expect(returnPath(request("https://evil.example/studio"), form())).toBe("/");
    expect(returnPath(request("not a url"), form())).toBe("/");
    expect(returnPath(request(), form())).toBe("/");
  });
});
