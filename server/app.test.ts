// The Hono app in-process (app.request) over the real build and a seeded test database.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { useTestDatabase } from "../tests/helpers/test-db.ts";
import { createTestApp, seedSmallDemo } from "../tests/helpers/test-app.ts";
import { type MessageCatalog, messagesUrl } from "../core/i18n/message-catalog.ts";
import type { createApp, createServerParts } from "./app.ts";

const NOW = new Date("2026-11-22T11:00:00Z"); // noon in Amsterdam
const database = useTestDatabase();
let app: ReturnType<typeof createApp>;
let listener: ReturnType<typeof createServerParts>["listener"];
let i18n: MessageCatalog;

beforeAll(async () => {
  await seedSmallDemo(database(), NOW);
  ({ app, listener, i18n } = await createTestApp(database(), { now: () => NOW }));
});

describe("operations endpoints", () => {
  it("answers /healthz while the process is up", async () => {
    const res = await app.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers /readyz with the database kind when the database is reachable", async () => {
    const res = await app.request("/readyz");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ready" });
  });

  it("exposes Prometheus metrics including the request counter", async () => {
    await app.request("/healthz");
    const res = await app.request("/metrics");
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(body).toContain("process_cpu_user_seconds_total");
  });

  it("gives every response a request id, keeping a well-formed incoming one", async () => {
    const fresh = await app.request("/healthz");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.request("/healthz", { headers: { "x-request-id": "edge-req-12345678" } });
    expect(kept.headers.get("x-request-id")).toBe("edge-req-12345678");
    const replaced = await app.request("/healthz", { headers: { "x-request-id": "bad id with spaces" } });
    expect(replaced.headers.get("x-request-id")).not.toBe("bad id with spaces");
  });

  it("reports the running build's version at /builds/latest.json", async () => {
    const res = await app.request("/builds/latest.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await res.json()) as { version: string }).toEqual({ version: expect.stringMatching(/\w+/) });
  });
});

describe("security headers and compression", () => {
  it("sends CSP with a per-render nonce, nosniff, referrer policy and frame-ancestors", async () => {
    const first = await app.request("/cookieverklaring");
    // Another render (another page variant): a nonce of its own. The same page from the page cache keeps
    // the nonce its bytes carry (server/page-cache.ts).
    const second = await app.request("/cookieverklaring", { headers: { cookie: "reeltime-locale=nl" } });
    const cached = await app.request("/cookieverklaring");
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toEqual(second.headers.get("content-security-policy"));
    expect(cached.headers.get("content-security-policy")).toEqual(csp);
    // A revalidation keeps the stored page, so it must keep that page's policy too.
    const revalidated = await app.request("/cookieverklaring", {
      headers: { "if-none-match": first.headers.get("etag")! },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toEqual(csp);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // The inline colour-mode script carries that nonce.
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(await first.text()).toContain(`nonce="${nonce}"`);
  });

  it("answers a page from the page cache's front with the headers the app gives it", async () => {
    const server = createServer(listener).listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cookieverklaring?lang=en&front=1`;
      const rendered = await fetch(url, { headers: { "accept-encoding": "br" } });
      const held = await fetch(url, { headers: { "accept-encoding": "br" } });
      expect(rendered.headers.get("x-page-cache")).toBe("miss");
      expect(held.headers.get("x-page-cache")).toBe("hit");
      const names = (response: Response) =>
        [...response.headers.keys()].filter((name) => !["date", "x-page-cache"].includes(name)).sort();
      expect(names(held)).toEqual(names(rendered));
      for (const name of ["content-security-policy", "etag", "cache-control", "vary", "content-type"])
        expect(held.headers.get(name)).toBe(rendered.headers.get(name));
      expect(held.headers.get("x-request-id")).not.toBe(rendered.headers.get("x-request-id"));
      expect(await held.text()).toBe(await rendered.text());
      const revalidated = await fetch(url, { headers: { "if-none-match": held.headers.get("etag")! } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get("content-security-policy")).toBe(
        rendered.headers.get("content-security-policy"),
      );
    } finally {
      server.close();
    }
  });

  it("compresses pages with brotli or gzip as the client asks", async () => {
    const br = await app.request("/cookieverklaring", { headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain("<html");
    const gz = await app.request("/cookieverklaring", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain("<html");
    const plain = await app.request("/cookieverklaring");
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("serves hashed assets for a year, immutable, with a correct compressed length", async () => {
    const html = await (await app.request("/cookieverklaring")).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const res = await app.request(asset!, { headers: { "accept-encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(body.length);
    expect(brotliDecompressSync(body).toString()).toContain("--color-primary");
  });
});

describe("messages in pages", () => {
  it("gives public pages only the texts they use, and studio pages none (they name their catalogue)", async () => {
    const mailSubject = i18n.messagesFor("en")["mail.verifyEmail.subject"]!;
    const home = await (await app.request("/")).text();
    expect(home).toContain(i18n.messagesFor("en")["home.subtitle"]!);
    expect(home).not.toContain(mailSubject);
    const login = await (await app.request("/studio/user/login")).text();
    expect(login).not.toContain(mailSubject);
    expect(login).toContain(messagesUrl(i18n, "en"));
  });
});

describe("translations endpoint", () => {
  it("serves a locale's messages at its content-hashed URL, cached for a year (never revalidated)", async () => {
    const url = messagesUrl(i18n, "nl");
    expect(url).toMatch(/^\/_i18n\/[0-9a-f]{12}\/nl\/messages\.json$/);
    const res = await app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(((await res.json()) as Record<string, string>)["error.backHome"]).toBe("Terug naar de homepage");
  });

  it("redirects a stale hash to the current one and rejects unknown locales", async () => {
    const stale = await app.request("/_i18n/000000000000/en/messages.json");
    expect(stale.status).toBe(307);
    expect(stale.headers.get("location")).toMatch(/^\/_i18n\/[0-9a-f]{12}\/en\/messages\.json$/);
    expect((await app.request("/_i18n/000000000000/xx/messages.json")).status).toBe(404);
  });

  it("serves every locale of SPEC §9 its own messages (Arabic here), under its own hash", async () => {
    const res = await app.request("/_i18n/000000000000/ar/messages.json");
    expect(res.headers.get("location")).toBe(messagesUrl(i18n, "ar"));
    const current = await app.request(res.headers.get("location")!);
    const arabic = (await current.json()) as Record<string, string>;
    expect(arabic["error.backHome"]).toBe(i18n.messagesFor("ar")["error.backHome"]);
    expect(arabic["error.backHome"]).toMatch(/\p{Script=Arabic}/u);
  });
});

describe("studio documents and their messages (SPEC §7)", () => {
  it("the English login page names its catalogue by URL, preloaded, and carries none of it (≤ 60 KB)", async () => {
    const res = await app.request("/studio/user/login");
    expect(res.status).toBe(200);
    const html = await res.text();
    const url = messagesUrl(i18n, "en");
    expect(html).toContain(
      `<link rel="preload" href="${url}" as="fetch" crossorigin="anonymous" data-messages=""/>`,
    );
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(60 * 1024);
    // Rendered with its messages, but a message only the dashboard uses is not serialised into the page.
    expect(html).toContain(i18n.messagesFor("en")["auth.login.submit"]);
    expect(html).not.toContain("studio.dashboard.title");
  });

  it("a locale cookie names that locale's catalogue", async () => {
    const res = await app.request("/studio/user/login", { headers: { cookie: "reeltime-locale=ja" } });
    expect(await res.text()).toContain(`href="${messagesUrl(i18n, "ja")}"`);
  });

  it("public pages keep their few texts inline and name no catalogue", async () => {
    const html = await (await app.request("/cookieverklaring")).text();
    expect(html).not.toContain("/_i18n/");
  });
});

describe("error pages", () => {
  it("shows 'Page not found: {path}' with status 404 for an unknown path", async () => {
    const res = await app.request("/that-path");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page not found: /that-path");
    expect(html).toContain("Back to homepage");
  });

  it("gives crawlers the status and a bare body, never the error page", async () => {
    const res = await app.request("/that-path", {
      headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    expect(res.status).toBe(404);
    const body = await res.text();
    expect(body).not.toContain("<html");
    expect(body).not.toContain("Page not found");
  });

  it("does not run the preference actions on GET and rejects invalid values without a cookie", async () => {
    expect((await app.request("/preferences/colour-mode")).status).toBe(405);
    const bad = await app.request("/preferences/colour-mode", {
      method: "POST",
      body: new URLSearchParams({ mode: "purple" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("set-cookie")).toBeNull();
    for (const [path, field] of [
      ["/preferences/locale", "locale"],
      ["/preferences/consent", "consent"],
    ] as const) {
      const refused = await app.request(`${path}.data`, {
        method: "POST",
        body: new URLSearchParams({ [field]: "klingon" }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(refused.status, path).toBe(400);
      expect(refused.headers.get("set-cookie"), path).toBeNull();
      // The refusal names the field with a message reference, never English text.
      const body = await refused.text();
      expect(body, path).toContain("validation.choiceInvalid");
      expect(body, path).not.toMatch(/unknown locale|invalid consent/);
    }
  });
});

describe("preferences", () => {
  it("remembers the colour mode for a year and renders it on the server (no flash)", async () => {
    const res = await app.request("/preferences/colour-mode", {
      method: "POST",
      body: new URLSearchParams({ mode: "dark", redirectTo: "/cookieverklaring" }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/cookieverklaring");
    expect(res.headers.get("set-cookie")).toMatch(
      /^reeltime-colour-mode=dark; Path=\/; Max-Age=31536000; SameSite=Lax/,
    );
    const page = await (
      await app.request("/cookieverklaring", { headers: { cookie: "reeltime-colour-mode=dark" } })
    ).text();
    expect(page).toMatch(/<html[^>]*class="dark"/);
  });

  it("never redirects a preference form off-site", async () => {
    const res = await app.request("/preferences/locale", {
      method: "POST",
      body: new URLSearchParams({ locale: "nl", redirectTo: "//evil.example/" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.get("set-cookie")).toMatch(/^reeltime-locale=nl; Path=\/; Max-Age=31536000/);
  });
});

describe("public pages", () => {
  it("renders today's Amsterdam listing on the server, each time linking to a booking page", async () => {
    const res = await app.request("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="en" dir="ltr"/);
    expect(html).toContain("What&#x27;s on in Amsterdam");
    const chips =
      html.match(/<a href="https:\/\/[^"]+" target="_blank" rel="noopener noreferrer" class="time-chip"/g) ??
      [];
    expect(chips.length).toBeGreaterThan(10);
  });

  it("titles the home page with its place and describes it in the page's language (SPEC's Dutch text in Dutch)", async () => {
    const english = await (await app.request("/?city=Utrecht&lang=en")).text();
    expect(english).toContain("<title>What&#x27;s on in Utrecht · Reeltime</title>");
    expect(english).toContain('<meta name="description" content="Find a film at the cinema');
    expect(english).not.toContain("Bekijk wat er draait");
    const dutch = await (await app.request("/?city=Utrecht&lang=nl")).text();
    expect(dutch).toContain("<title>Wat draait er in Utrecht · Reeltime</title>");
    expect(dutch).toContain('<meta name="description" content="Bekijk wat er draait');
    expect(dutch).toContain('property="og:image" content="http://localhost:3000/og-image.png"');
    expect(dutch).toContain('content="summary_large_image"');
    // every tag once
    expect(dutch.match(/name="twitter:card"/g)).toHaveLength(1);
    expect(dutch.match(/<title>/g)).toHaveLength(1);
    const image = await app.request("/og-image.png");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
  });

  it("has terms of use and a privacy statement in English and Dutch, linked from the footer with the NOTICE", async () => {
    for (const [path, english, dutch] of [
      ["/terms", "Terms of use", "Gebruiksvoorwaarden"],
      ["/privacy", "Privacy statement", "Privacyverklaring"],
    ] as const) {
      const en = await app.request(`${path}?lang=en`);
      expect(en.status).toBe(200);
      expect(await en.text()).toContain(`<title>${english} · Reeltime</title>`);
      expect(await (await app.request(`${path}?lang=nl`)).text()).toContain(
        `<h1 class="text-3xl font-bold tracking-tight">${dutch}</h1>`,
      );
    }
    const home = await (await app.request("/")).text();
    for (const href of ["/terms", "/privacy", "/cookieverklaring", "/NOTICE.txt"])
      expect(home).toContain(`href="${href}"`);
    const notice = await app.request("/NOTICE.txt");
    expect(notice.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await notice.text()).toContain("Licence Ouverte");
    const sitemap = await (await app.request("/sitemap.xml")).text();
    expect(sitemap).toContain("/terms</loc>");
    expect(sitemap).toContain("/privacy</loc>");
  });

  it("serves Dutch to a Dutch browser and keeps a public page to en/nl for a cookie of another locale", async () => {
    const dutch = await (await app.request("/", { headers: { "accept-language": "nl-NL,nl;q=0.9" } })).text();
    expect(dutch).toMatch(/<html lang="nl" dir="ltr"/);
    expect(dutch).toContain("Wat draait er in Amsterdam");
    const arabic = await (await app.request("/", { headers: { cookie: "reeltime-locale=ar" } })).text();
    expect(arabic).toMatch(/<html lang="(en|nl)" dir="ltr"/);
  });

  it("says so when a city has no cinemas, and ignores a malformed date or attribute", async () => {
    const unknown = await (await app.request("/?city=Atlantis")).text();
    expect(unknown).toContain("We don&#x27;t know any cinemas in “Atlantis”.");
    // never a heading for one city over a message about another
    expect(unknown).toContain("What&#x27;s on in Atlantis</h1>");
    expect(unknown).not.toContain("What&#x27;s on in Amsterdam");
    const odd = await app.request("/?city=Amsterdam&date=2026-13-45&attr=%3Cscript%3E&near=abc");
    expect(odd.status).toBe(200);
    expect(await odd.text()).not.toContain("<script>alert");
  });

  it("says so when today's shows are over and it lists tomorrow's", async () => {
    const lateAtNight = new Date("2026-11-22T23:30:00Z"); // 00:30 in Amsterdam: the 22nd's shows are over
    const { app: late, close } = await createTestApp(database(), { now: () => lateAtNight });
    try {
      const html = await (await late.request("/?city=Utrecht&lang=en")).text();
      expect(html).toContain("Today&#x27;s shows are over: these are tomorrow&#x27;s.");
      const daytime = await (await app.request("/?city=Utrecht&lang=en")).text();
      expect(daytime).not.toContain("Today&#x27;s shows are over: these are tomorrow&#x27;s.");
    } finally {
      await close();
    }
  });

  it("near me, names the city of a cinema placed only at its centre instead of making up a distance", async () => {
    // The Dutch demo cinemas have their city's centre as coordinates (db/seed: approx).
    const html = await (await app.request("/?near=52.3731,4.8922&lang=en")).text();
    expect(html).toContain("in Amsterdam");
    expect(html).not.toMatch(/ · \d+(\.\d)? km</);
  });

  it("shows the city a misspelt name means, and says so", async () => {
    const html = await (await app.request("/?city=Rotterdm&lang=en")).text();
    expect(html).toContain("What&#x27;s on in Rotterdam</h1>");
    expect(html).toContain("Showing results for Rotterdam (you searched for “Rotterdm”).");
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/?city=Rotterdam');
    const exact = await (await app.request("/?city=Rotterdam&lang=en")).text();
    expect(exact).not.toContain("Showing results for Rotterdam");
  });

  it("lists every cookie and storage key on /cookieverklaring", async () => {
    const html = await (await app.request("/cookieverklaring")).text();
    for (const name of [
      "reeltime-locale",
      "reeltime-colour-mode",
      "reeltime-consent",
      "reeltime-build-reload-at",
    ]) {
      expect(html).toContain(name);
    }
  });
});

describe("analytics", () => {
  it("loads Google Tag Manager only with a configured id and only after consent, allowing it in the CSP", async () => {
    const { app: withGtm } = await createTestApp(database(), {
      env: { GTM_ID: "GTM-TEST123" },
      now: () => NOW,
    });
    const before = await withGtm.request("/cookieverklaring");
    const html = await before.text();
    expect(html).toContain("gtag('consent','default'");
    expect(html).toContain("analytics_storage:'denied'");
    expect(html).not.toContain("googletagmanager.com/gtm.js");
    expect(before.headers.get("content-security-policy")).toContain("https://www.googletagmanager.com");

    const after = await (
      await withGtm.request("/cookieverklaring", { headers: { cookie: "reeltime-consent=granted" } })
    ).text();
    expect(after).toContain("https://www.googletagmanager.com/gtm.js?id=GTM-TEST123");

    const without = await app.request("/cookieverklaring", {
      headers: { cookie: "reeltime-consent=granted" },
    });
    expect(await without.text()).not.toContain("googletagmanager");
    expect(without.headers.get("content-security-policy")).not.toContain("googletagmanager");
  });
});
