// /studio/stats through the real app: the effective client's usage only, the platform's for a super
// admin without a client, filters from the URL (unknown or foreign values ignored), the empty states.
// (Every message of the locale travels with the page: texts are matched as rendered, after a ">".)
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients } from "../../../db/schema/tenancy.ts";
import { addApiUsage, addWidgetUsage, createTestApiKey } from "../../../core/usage/usage-test-fixtures.ts";
import { usageWindow } from "../../../core/usage/usage-range.ts";
import { createTestClient } from "../../../core/tenancy/tenancy-test-fixtures.ts";
import { dataPath, get, setUpStudio, type App, type Who } from "../../../tests/helpers/studio-test-app.ts";

const { database, studio } = setUpStudio();
let app: App;
let cookies: Record<Who, string>;
let otherKeyId = "";
let websiteKeyId = "";

beforeAll(async () => {
  ({ app, cookies } = studio());
  const { db } = database();
  const [demo] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.slug, "demo"));
  const other = await createTestClient(db, { name: "Other Client" });
  const website = await createTestApiKey(db, demo!.id, { name: "Website key" });
  const widget = await createTestApiKey(db, demo!.id, { name: "Widget key", kind: "publishable" });
  const foreign = await createTestApiKey(db, other.id, { name: "Foreign key" });
  websiteKeyId = website.id;
  otherKeyId = foreign.id;
  // Real days: the app's clock is the real one. Nothing in the last 7 days for the demo client.
  const days = usageWindow(new Date(), 30).days;
  const daysAgo = (n: number) => days[days.length - 1 - n]!;
  await addApiUsage(db, {
    clientId: demo!.id,
    day: daysAgo(10),
    apiKeyId: website.id,
    operation: "listShowtimes",
    requests: 1234,
    errors: 12,
  });
  await addApiUsage(db, {
    clientId: demo!.id,
    day: daysAgo(20),
    apiKeyId: widget.id,
    operation: "getCinema",
    requests: 4321,
  });
  await addWidgetUsage(db, { clientId: demo!.id, day: daysAgo(12), impressions: 7777, clicks: 77 });
  await addApiUsage(db, {
    clientId: other.id,
    day: daysAgo(0),
    apiKeyId: foreign.id,
    operation: "listShowtimes",
    requests: 987_654,
  });
});

describe("/studio/stats", () => {
  it.each(["viewer", "editor", "admin"] as const)(
    "shows a client %s the client's own usage, keys and widget figures, never another client's",
    async (who) => {
      const res = await get(app, "/studio/stats", cookies[who]);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(">Usage and statistics</h1>");
      expect(html).toContain("5,555");
      expect(html).toContain("Website key");
      expect(html).toContain("Widget key");
      expect(html).toContain("7,777");
      expect(html).not.toContain("987,654");
      expect(html).not.toContain("Foreign key");
      expect(html).not.toContain(otherKeyId);
    },
  );

  it("shows a super admin without a client the platform's totals", async () => {
    const html = await (await get(app, "/studio/stats", cookies.superAdmin)).text();
    expect(html).toContain(">All clients together.");
    expect(html).toContain("993,209");
    expect(html).toContain("Foreign key");
  });

  it("filters by key and operation from the URL, and ignores values it does not offer", async () => {
    const byKey = await (await get(app, `/studio/stats?key=${websiteKeyId}`, cookies.viewer)).text();
    expect(byKey).toContain("1,234");
    expect(byKey).not.toContain("5,555");
    const byOperation = await (await get(app, "/studio/stats?operation=getCinema", cookies.viewer)).text();
    expect(byOperation).toContain("4,321");
    expect(byOperation).not.toContain("5,555");
    // another client's key, a made-up operation and period: the defaults, nothing reflected
    const odd = await get(
      app,
      dataPath(`/studio/stats?key=${otherKeyId}&operation=%3Cscript%3E&days=3650`),
      cookies.viewer,
    );
    expect(odd.status).toBe(200);
    const body = await odd.text();
    expect(body).not.toContain("987654");
    expect(body).not.toContain("<script>");
    expect(body).toContain("5555");
  });

  it("says when the period has no calls, and when the filters match none", async () => {
    const week = await (await get(app, "/studio/stats?days=7", cookies.viewer)).text();
    expect(week).toContain(">No API calls in this period<");
    expect(week).toContain('href="/studio/api-keys"');
    expect(week).toContain('href="/studio/api-lookup"');
    const none = await (await get(app, "/studio/stats?operation=listChanges", cookies.viewer)).text();
    expect(none).toContain(">No API calls match these filters in the last 30 days<");
  });

  it("sends anonymous visitors to sign in", async () => {
    const res = await get(app, "/studio/stats");
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("location")).toMatch(/^\/studio\/user\/login/);
  });
});
