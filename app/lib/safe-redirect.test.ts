import { describe, expect, it } from "vitest";
import { MAX_REDIRECT_LENGTH, returnPath, safeRedirectPath } from "./safe-redirect.ts";

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

  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\u0000/evil.example",
    "/\u001f/x",
    "/\u007f/x",
    "/\u0085/x",
    "/\u00a0/evil.example",
    "/\u2028/evil.example",
    "/\u2029/evil.example",
    "/ /evil.example",
    "/studio\\..\\evil",
    "/studio/\\evil.example",
  ])("refuses control characters, whitespace and backslashes: %j", (path) => {
    expect(safeRedirectPath(path, "/studio")).toBe("/studio");
  });

  it("keeps percent-encoded characters, which stay part of the path", () => {
    expect(safeRedirectPath("/%09/evil.example")).toBe("/%09/evil.example");
    expect(safeRedirectPath("/studio/movies?q=a%20b")).toBe("/studio/movies?q=a%20b");
  });

  it("refuses values over MAX_REDIRECT_LENGTH", () => {
    const longest = `/${"a".repeat(MAX_REDIRECT_LENGTH - 1)}`;
    expect(safeRedirectPath(longest)).toBe(longest);
    expect(safeRedirectPath(`${longest}a`, "/studio")).toBe("/studio");
    expect(safeRedirectPath(`/${"a".repeat(20 * 1024 * 1024)}`)).toBe("/");
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

  it("refuses a redirectTo field with a tab or newline", () => {
    expect(returnPath(request(), form({ redirectTo: "/\t/evil.example" }))).toBe("/");
    expect(returnPath(request(), form({ redirectTo: "/\n/evil.example" }))).toBe("/");
  });

  it("ignores a Referer from another host or a malformed one", () => {
    expect(returnPath(request("https://evil.example/studio"), form())).toBe("/");
    expect(returnPath(request("not a url"), form())).toBe("/");
    expect(returnPath(request(), form())).toBe("/");
  });
});
