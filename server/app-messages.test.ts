// Messages through the app in-process: the texts a page carries, the translations endpoint (hashed URLs,
// every locale) and the catalogue a studio document names (SPEC §7).
import { describe, expect, it } from "vitest";
import { messagesUrl } from "../core/i18n/message-catalog.ts";
import { app, i18n, setUpSeededApp } from "./app-test-support.ts";

setUpSeededApp();

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
