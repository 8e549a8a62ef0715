import { describe, expect, it } from "vitest";
import { normalizeHostname } from "./hostname.ts";

describe("normalizeHostname", () => {
  it.each([
    ["example.nl", "example.nl"],
    ["  Example.NL  ", "example.nl"],
    ["example.nl.", "example.nl"],
    ["www.example.co.uk", "www.example.co.uk"],
    ["*.example.nl", "*.example.nl"],
    ["*.Example.NL.", "*.example.nl"],
    ["bücher.de", "xn--bcher-kva.de"],
    ["*.bücher.de", "*.xn--bcher-kva.de"],
    ["https://www.example.nl/path?q=1#x", "www.example.nl"],
    ["http://example.nl:8080/", "example.nl"],
    ["https://user:pw@example.nl/", "example.nl"],
    ["HTTPS://Bücher.DE/", "xn--bcher-kva.de"],
    ["localhost", "localhost"],
    ["127.0.0.1", "127.0.0.1"],
    ["http://localhost:5173/", "localhost"],
  ])("%j → %j", (input, expected) => {
    expect(normalizeHostname(input)).toEqual({ ok: true, hostname: expected });
  });

  it.each([
    ["", "invalid"],
    ["   ", "invalid"],
    ["example", "invalid"],
    ["exa mple.nl", "invalid"],
    ["-example.nl", "invalid"],
    ["example-.nl", "invalid"],
    ["ex_ample.nl", "invalid"],
    [`${"a".repeat(64)}.nl`, "invalid"],
    [`${"a.".repeat(127)}nl`, "invalid"],
    ["example.nl:8080", "port"],
    ["localhost:3000", "port"],
    ["example.nl/widget", "path"],
    ["example.nl?x", "path"],
    ["10.0.0.1", "ip"],
    ["192.168.1.20", "ip"],
    ["http://10.0.0.1/", "ip"],
    ["[::1]", "ip"],
    ["http://[::1]:3000/", "ip"],
    ["example.123", "invalid"],
    ["*", "wildcard"],
    ["*.nl", "wildcard"],
    ["*.localhost", "wildcard"],
    ["**.example.nl", "wildcard"],
    ["www.*.example.nl", "wildcard"],
    ["a*.example.nl", "wildcard"],
    ["ftp://example.nl/", "invalid"],
    ["javascript://example.nl/", "invalid"],
  ])("refuses %j (%s)", (input, problem) => {
    expect(normalizeHostname(input)).toEqual({ ok: false, problem });
  });
});
