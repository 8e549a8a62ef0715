import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostMatches, isOriginAllowed, requestHost } from "./origin-allowed.ts";

const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
const domainArb = fc
  .tuple(label, fc.constantFrom("nl", "com", "be", "co.uk"))
  .map(([l, tld]) => `${l}.${tld}`);
const scheme = fc.constantFrom("http", "https");

describe("isOriginAllowed", () => {
  it("matches the Origin's host exactly, whatever the scheme, port or case", () => {
    const domains = ["example.nl"];
    expect(isOriginAllowed(domains, { origin: "https://example.nl" })).toBe(true);
    expect(isOriginAllowed(domains, { origin: "http://example.nl:8080" })).toBe(true);
    expect(isOriginAllowed(domains, { origin: "https://EXAMPLE.nl." })).toBe(true);
    expect(isOriginAllowed(domains, { origin: "https://www.example.nl" })).toBe(false);
    expect(isOriginAllowed(domains, { origin: "https://evil-example.nl" })).toBe(false);
    expect(isOriginAllowed(domains, { origin: "https://example.nl.evil.com" })).toBe(false);
    expect(isOriginAllowed(domains, { origin: "https://xexample.nl" })).toBe(false);
  });

  it("takes a wildcard as any subdomain at any depth, never the apex or a look-alike", () => {
    const domains = ["*.example.nl"];
    expect(isOriginAllowed(domains, { origin: "https://www.example.nl" })).toBe(true);
    expect(isOriginAllowed(domains, { origin: "https://a.b.c.example.nl" })).toBe(true);
    expect(isOriginAllowed(domains, { origin: "https://example.nl" })).toBe(false);
    expect(isOriginAllowed(domains, { origin: "https://wwwexample.nl" })).toBe(false);
    expect(isOriginAllowed(domains, { origin: "https://www.example.nl.evil.com" })).toBe(false);
    expect(hostMatches(domains, ".example.nl")).toBe(false);
    expect(hostMatches(domains, "a..example.nl")).toBe(false);
  });

  it("refuses the literal null origin, even with a matching Referer", () => {
    expect(isOriginAllowed(["example.nl"], { origin: "null", referer: "https://example.nl/page" })).toBe(
      false,
    );
  });

  it("uses the Referer only when there is no Origin", () => {
    const domains = ["example.nl"];
    expect(isOriginAllowed(domains, { referer: "https://example.nl/films?x=1" })).toBe(true);
    expect(isOriginAllowed(domains, { origin: null, referer: "https://example.nl/" })).toBe(true);
    expect(isOriginAllowed(domains, { origin: "https://evil.com", referer: "https://example.nl/" })).toBe(
      false,
    );
    expect(isOriginAllowed(domains, {})).toBe(false);
    expect(isOriginAllowed(domains, { referer: "not a url" })).toBe(false);
    expect(isOriginAllowed(domains, { referer: "file:///example.nl/index.html" })).toBe(false);
    expect(isOriginAllowed(domains, { origin: "chrome-extension://example.nl" })).toBe(false);
  });

  it("is not fooled by user info, paths or queries in the Referer", () => {
    const domains = ["example.nl"];
    expect(isOriginAllowed(domains, { referer: "https://example.nl@evil.com/" })).toBe(false);
    expect(isOriginAllowed(domains, { referer: "https://example.nl:pw@evil.com/" })).toBe(false);
    expect(isOriginAllowed(domains, { referer: "https://evil.com/example.nl" })).toBe(false);
    expect(isOriginAllowed(domains, { referer: "https://evil.com/?r=https://example.nl" })).toBe(false);
    expect(isOriginAllowed(domains, { referer: "https://evil.com#example.nl" })).toBe(false);
    expect(isOriginAllowed(domains, { referer: "https://evil.com\\@example.nl/" })).toBe(false);
    expect(requestHost({ referer: "https://user@example.nl/" })).toBe("example.nl");
  });

  it("allows nothing with no registered domains", () => {
    expect(isOriginAllowed([], { origin: "http://localhost:3000" })).toBe(false);
  });

  it("matches the development hosts", () => {
    expect(isOriginAllowed(["localhost", "127.0.0.1"], { origin: "http://localhost:5173" })).toBe(true);
    expect(isOriginAllowed(["localhost", "127.0.0.1"], { origin: "http://127.0.0.1:3000" })).toBe(true);
    expect(isOriginAllowed(["localhost"], { origin: "http://127.0.0.2" })).toBe(false);
  });
});

describe("isOriginAllowed, property checks", () => {
  it("allows an exact domain from any scheme and port, in any case, with a trailing dot", () => {
    fc.assert(
      fc.property(
        domainArb,
        scheme,
        fc.option(fc.integer({ min: 1, max: 65535 })),
        fc.boolean(),
        (d, s, port, dot) => {
          const host = (dot ? `${d}.` : d).toUpperCase();
          const origin = `${s}://${host}${port === null ? "" : `:${port}`}`;
          expect(isOriginAllowed([d], { origin })).toBe(true);
          expect(isOriginAllowed([d], { referer: `${origin}/some/path?q=${d}` })).toBe(true);
        },
      ),
    );
  });

  it("never allows look-alikes of an exact domain: prefixes, suffixes, subdomains, other labels", () => {
    fc.assert(
      fc.property(domainArb, label, scheme, (d, extra, s) => {
        for (const host of [
          `${extra}-${d}`,
          `${extra}${d}`,
          `${d}.${extra}.com`,
          `${extra}.${d}`,
          `${d}${extra}`,
        ]) {
          if (host === d) continue;
          expect(isOriginAllowed([d], { origin: `${s}://${host}` }), host).toBe(false);
        }
      }),
    );
  });

  it("never lets user info, paths or queries carry an allowed host from elsewhere", () => {
    fc.assert(
      fc.property(domainArb, domainArb, scheme, (allowed, other, s) => {
        fc.pre(allowed !== other && !other.endsWith(`.${allowed}`));
        for (const referer of [
          `${s}://${allowed}@${other}/`,
          `${s}://${allowed}:x@${other}/`,
          `${s}://${other}/${allowed}`,
          `${s}://${other}/?next=${s}://${allowed}/`,
          `${s}://${other}#${allowed}`,
        ]) {
          expect(isOriginAllowed([allowed, `*.${allowed}`], { referer }), referer).toBe(false);
        }
      }),
    );
  });

  it("a wildcard allows every subdomain depth and never the apex or a sibling", () => {
    fc.assert(
      fc.property(domainArb, fc.array(label, { minLength: 1, maxLength: 4 }), label, (d, subs, other) => {
        const wildcard = [`*.${d}`];
        expect(isOriginAllowed(wildcard, { origin: `https://${subs.join(".")}.${d}` })).toBe(true);
        expect(isOriginAllowed(wildcard, { origin: `https://${d}` })).toBe(false);
        expect(isOriginAllowed(wildcard, { origin: `https://${other}${d}` })).toBe(false);
        expect(isOriginAllowed(wildcard, { origin: `https://${subs.join(".")}.${d}.${other}.invalid` })).toBe(
          false,
        );
      }),
    );
  });

  it("refuses the null origin whatever the referer says", () => {
    fc.assert(
      fc.property(domainArb, fc.option(fc.webUrl()), (d, referer) => {
        expect(isOriginAllowed([d, `*.${d}`], { origin: "null", referer })).toBe(false);
      }),
    );
  });

  it("never throws on arbitrary header values", () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), (origin, referer) => {
        expect(typeof isOriginAllowed(["example.nl", "*.example.nl"], { origin, referer })).toBe("boolean");
      }),
    );
  });
});
