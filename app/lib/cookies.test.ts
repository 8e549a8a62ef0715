import { describe, expect, it } from "vitest";
import { parseCookies, serializeCookie } from "./cookies.ts";

describe("parseCookies", () => {
  it("reads name=value pairs", () => {
    expect(parseCookies("a=1; b=two;c=3")).toEqual({ a: "1", b: "two", c: "3" });
  });

  it("is empty for no header", () => {
    expect(parseCookies(undefined)).toEqual({});
    expect(parseCookies(null)).toEqual({});
    expect(parseCookies("")).toEqual({});
  });

  it("keeps the first occurrence of a name", () => {
    expect(parseCookies("locale=nl; locale=ar")).toEqual({ locale: "nl" });
  });

  it("URI-decodes values and strips quotes", () => {
    expect(parseCookies('path=%2Fstudio%3Fa%3D1; q="quoted"')).toEqual({ path: "/studio?a=1", q: "quoted" });
  });

  it("keeps a value that is not valid URI encoding as is", () => {
    expect(parseCookies("bad=%E0%A4%A")).toEqual({ bad: "%E0%A4%A" });
  });

  it("keeps '=' inside values and skips parts without a name or '='", () => {
    expect(parseCookies("token=a=b=c; junk; =nameless; x=")).toEqual({ token: "a=b=c", x: "" });
  });
});

describe("serializeCookie", () => {
  it("writes a Lax, root-path cookie with Max-Age", () => {
    expect(serializeCookie("reeltime-locale", "nl", { maxAgeSeconds: 60 })).toBe(
      "reeltime-locale=nl; Path=/; Max-Age=60; SameSite=Lax",
    );
  });

  it("adds HttpOnly and Secure when asked", () => {
    expect(serializeCookie("s", "v", { maxAgeSeconds: 1, httpOnly: true, secure: true })).toBe(
      "s=v; Path=/; Max-Age=1; SameSite=Lax; HttpOnly; Secure",
    );
  });

  it("encodes the value so it reads back unchanged", () => {
    const value = "/studio/movies?q=a b;c";
    const header = serializeCookie("redirect", value, { maxAgeSeconds: 10 }).split("; ")[0];
    expect(header).not.toContain(" ");
    expect(parseCookies(header)).toEqual({ redirect: value });
  });
});
