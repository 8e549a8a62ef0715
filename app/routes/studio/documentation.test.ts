// /studio/documentation and its choices route through the real app, signed in as the demo accounts of
// the client "demo": the client's working publishable keys only, the domain warnings, and choices
// scoped to the client's countries (a key's subset narrows them, never widens them).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "../../../core/key-directory/key-format.ts";
import { LOCALES } from "../../../core/i18n/locales.ts";
import { apiKeys, countryAccess, domains } from "../../../db/schema/access.ts";
import { cinemas, countries } from "../../../db/schema/catalog.ts";
import { clients } from "../../../db/schema/tenancy.ts";
import { get, setUpStudio, type App, type Who } from "../../../tests/helpers/studio-test-app.ts";

const { database, studio } = setUpStudio();
let app: App;
let cookies: Record<Who, string>;
let demoId = "";
const site = generateApiKey("publishable");
const old = generateApiKey("publishable");
const server = generateApiKey("secret");

beforeAll(async () => {
  ({ app, cookies } = studio());
  const { db } = database();
  await db.insert(countries).values(
    ["NL", "BE", "FR"].map((code) => ({
      code,
      name: code,
      defaultLocale: "en",
      timeZone: "Europe/Amsterdam",
      currency: "EUR",
    })),
  );
  const [demo] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.slug, "demo"));
  demoId = demo!.id;
  await db.insert(countryAccess).values([
    { clientId: demoId, countryCode: "NL", validFrom: "2000-01-01" },
    { clientId: demoId, countryCode: "BE", validFrom: "2000-01-01" },
  ]);
  const cinema = (name: string, city: string, countryCode: string) => ({
    name,
    slug: name.toLowerCase().replaceAll(" ", "-"),
    city,
    countryCode,
    timeZone: "Europe/Amsterdam",
  });
  await db
    .insert(cinemas)
    .values([
      cinema("Kriterion", "Amsterdam", "NL"),
      cinema("Sphinx Cinema", "Gent", "BE"),
      cinema("Le Louxor", "Paris", "FR"),
    ]);
  const key = (name: string, made: typeof site, extra: Partial<typeof apiKeys.$inferInsert> = {}) => ({
    clientId: demoId,
    name,
    kind: made.key.startsWith("rt_pk_") ? ("publishable" as const) : ("secret" as const),
    prefix: made.prefix,
    hash: made.hash,
    ...extra,
  });
  await db
    .insert(apiKeys)
    .values([
      key("Site key", site),
      key("Old site key", old, { revokedAt: new Date("2020-01-01") }),
      key("Server key", server),
    ]);
});

const page = async (who: Who) => {
  const res = await get(app, "/studio/documentation", cookies[who]);
  expect(res.status, who).toBe(200);
  return res.text();
};

const choices = async (query: string, who: Who = "viewer") => {
  const res = await get(app, `/studio/documentation/options?${query}`, cookies[who]);
  expect(res.status, query).toBe(200);
  const body = (await res.json()) as { options: { value: string; label: string; hint?: string }[] };
  return body.options.map((option) => option.label);
};

describe("/studio/documentation", () => {
  it("offers every member the client's working publishable keys by name and prefix, never a key", async () => {
    for (const who of ["admin", "editor", "viewer"] as const) {
      const html = await page(who);
      expect(html, who).toContain(`Site key (${site.prefix}…)`);
      expect(html, who).not.toContain(old.prefix);
      expect(html, who).not.toContain(server.prefix);
      expect(html, who).not.toContain(site.key);
      // The snippet holds a placeholder for the key, on the public origin.
      expect(html, who).toContain(`data-key=&quot;${site.prefix}…&quot;`);
      expect(html, who).toContain("http://localhost:3000/widget/v1/reeltime.js");
    }
  });

  it("offers every language the widget speaks, each by its own name, the page's language first", async () => {
    const html = await page("viewer");
    // The language field's options: from its first ("The page's language") to the end of its select.
    const start = html.lastIndexOf("<option", html.indexOf("The page&#x27;s language"));
    expect(start).toBeGreaterThan(0);
    const select = html.slice(start, html.indexOf("</select>", start));
    const options = [...select.matchAll(/<option([^>]*)>([^<]*)<\/option>/g)];
    expect(options[0]?.[1]).toContain('value=""');
    expect(options).toHaveLength(LOCALES.length + 1);
    const option = (value: string) =>
      options.find(([, attributes = ""]) => attributes.includes(`value="${value}"`));
    expect(option("nl")?.[2]).toBe("Nederlands");
    expect(option("de_ch")?.[1]).toContain('lang="de-CH"');
    expect(option("pt_br")?.[2]).toBe("Português (Brasil)");
    expect(option("ar")?.[1]).toContain('dir="rtl"');
    expect(option("ja")?.[2]).toBe("日本語");
    // The snippet (one attribute a line) leaves the language to the page until one is chosen.
    expect(html).toContain(`\n  data-key=&quot;${site.prefix}…&quot;`);
    expect(html).not.toContain("\n  data-locale=");
  });

  it("warns that there are no domains, then that the studio's own host is not one of them", async () => {
    const { db } = database();
    expect(await page("viewer")).toContain(">No domains yet.<");
    await db.insert(domains).values({ clientId: demoId, hostname: "example.nl" });
    const html = await page("viewer");
    expect(html).not.toContain(">No domains yet.<");
    expect(html).toContain("address (localhost) is not one of the domains of Demo");
    await db.insert(domains).values({ clientId: demoId, hostname: "localhost" });
    expect(await page("viewer")).not.toContain("address (localhost) is not one of the domains");
  });

  it("tells a super admin acting for no client to choose one, and still shows the reference", async () => {
    const html = await page("superAdmin");
    expect(html).toContain(">No client chosen<");
    expect(html).toContain('href="/studio/config/clients"');
    expect(html).toContain("--reeltime-accent");
  });

  it("sends an anonymous visitor to sign in", async () => {
    for (const path of ["/studio/documentation", "/studio/documentation/options?kind=city"]) {
      const res = await get(app, path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/studio/user/login");
    }
  });
});

describe("/studio/documentation/options", () => {
  it("offers cities and cinemas in the client's countries only", async () => {
    expect(await choices("kind=city")).toEqual(["Amsterdam", "Gent"]);
    expect(await choices("kind=cinema")).toEqual(["Kriterion", "Sphinx Cinema"]);
    expect(await choices("kind=cinema&q=sphinx")).toEqual(["Sphinx Cinema"]);
  });

  it("narrows to a key's countries and never widens beyond the client's", async () => {
    expect(await choices("kind=city&countries=BE")).toEqual(["Gent"]);
    expect(await choices("kind=city&countries=FR")).toEqual([]);
    expect(await choices("kind=cinema&countries=be,fr")).toEqual(["Sphinx Cinema"]);
  });

  it("answers an unknown kind, and a user acting for no client, with no choices", async () => {
    expect(await choices("kind=chain")).toEqual([]);
    expect(await choices("q=x")).toEqual([]);
    expect(await choices("kind=city", "superAdmin")).toEqual([]);
  });

  it("offers movies playing in the client's countries (none without showtimes)", async () => {
    expect(await choices("kind=movie")).toEqual([]);
  });
});
