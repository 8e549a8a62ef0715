// The public pages through the app in-process over a seeded database: today's listing, titles and
// languages, the legal pages, empty and malformed searches; and the preference forms.
import { describe, expect, it } from "vitest";
import { createTestApp } from "../tests/helpers/test-app.ts";
import { app, setUpSeededApp } from "./app-test-support.ts";

const database = setUpSeededApp();

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

  it("refuses an address holding a NUL character with 400, in a path or a query, never a 500", async () => {
    for (const path of [
      "/?city=%00",
      "/?city=Amst%00erdam",
      "/films/%00",
      "/cinemas/a%00b",
      "/films/x?date=%00",
    ]) {
      const res = await app.request(path, { headers: { accept: "text/html" } });
      expect(res.status, path).toBe(400);
    }
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
