// The studio's home (/studio) through the real app: the client card names the client once, at heading
// size (issue 25, Why 6), and a super admin acting as a client sees the studio as its members do, without
// the platform menu.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients } from "../../../db/schema/tenancy.ts";
import { BASE, get, setUpStudio, type App, type Who } from "../../../tests/helpers/studio-test-app.ts";

const { database, studio } = setUpStudio();
let app: App;
let cookies: Record<Who, string>;
const LONG_NAME = "Noord-Hollandse Filmhuizen en Stadsbioscopen Coöperatie";

beforeAll(async () => {
  ({ app, cookies } = studio());
  await database().db.update(clients).set({ name: LONG_NAME }).where(eq(clients.slug, "demo"));
});

/** The HTML of the element with this opening tag's id, up to its closing tag (no nesting of the same tag). */
function section(html: string, labelledBy: string) {
  const start = html.indexOf(`aria-labelledby="${labelledBy}"`);
  expect(start, labelledBy).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</section>", start));
}

const NAV = /<nav aria-label="Studio"[\s\S]*?<\/nav>/;

describe("/studio: the client card", () => {
  it("names the client once, as a heading of normal size that truncates with the whole name as its title", async () => {
    const html = await (await get(app, "/studio", cookies.admin)).text();
    const card = section(html, "client-heading");
    expect(card.split(LONG_NAME).length - 1).toBe(2); // the heading's text and its title
    const heading = /<h2 [^>]*id="client-heading"[^>]*>/.exec(card)?.[0] ?? "";
    expect(heading).toContain("truncate");
    expect(heading).toContain("text-lg");
    expect(heading).toContain(`title="${LONG_NAME}"`);
    expect(card).not.toMatch(/text-3xl[^>]*>[^<]*Noord-Hollandse/);
  });
});

describe("the studio navigation while impersonating", () => {
  it("shows a super admin the platform menu, and hides it while they act as a client", async () => {
    const own = await (await get(app, "/studio", cookies.superAdmin)).text();
    expect(own.match(NAV)?.[0]).toContain('href="/studio/config/clients"');

    const [demo] = await database()
      .db.select({ id: clients.uuid })
      .from(clients)
      .where(eq(clients.slug, "demo"));
    const started = await app.request("/studio/session/impersonation", {
      method: "POST",
      body: new URLSearchParams({ intent: "start", clientId: demo!.id }),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: cookies.superAdmin,
        origin: BASE,
      },
    });
    expect(started.status).toBe(302);
    const acting = await (await get(app, "/studio", cookies.superAdmin)).text();
    expect(acting).toContain('data-testid="impersonation-banner"');
    const nav = acting.match(NAV)?.[0] ?? "";
    expect(nav).toContain('href="/studio/api-keys"');
    for (const platform of [
      "/studio/config/clients",
      "/studio/data/movies",
      "/studio/missing-links",
      "/studio/data/tools",
    ])
      expect(nav, platform).not.toContain(`href="${platform}"`);
    expect(nav).not.toContain(">Platform<");
  });
});
