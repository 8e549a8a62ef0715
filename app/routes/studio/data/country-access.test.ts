// /studio/data/country-access through the real app, signed in as the demo accounts: members read their
// client's grants without controls, a super admin chooses any client and grants, re-dates and revokes;
// anyone else's POST is a 403 that writes nothing.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countryAccess } from "../../../../db/schema/access.ts";
import { auditLogs } from "../../../../db/schema/audit.ts";
import { countries } from "../../../../db/schema/catalog.ts";
import { clients } from "../../../../db/schema/tenancy.ts";
import { countRows } from "../../../../core/tenancy/tenancy-test-fixtures.ts";
import {
  csvRows,
  dataPath,
  get,
  postForm,
  setUpStudio,
  type App,
  type Who,
} from "../../../../tests/helpers/studio-test-app.ts";

const PATH = "/studio/data/country-access";
const { database, studio } = setUpStudio();
let app: App;
let cookies: Record<Who, string>;
let demoId = "";
const grants = () => countRows(database().db, countryAccess);

beforeAll(async () => {
  ({ app, cookies } = studio());
  const { db } = database();
  await db.insert(countries).values([
    { code: "NL", name: "Netherlands", defaultLocale: "nl", timeZone: "Europe/Amsterdam", currency: "EUR" },
    { code: "BE", name: "Belgium", defaultLocale: "nl", timeZone: "Europe/Brussels", currency: "EUR" },
  ]);
  const [demo] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.slug, "demo"));
  demoId = demo!.id;
  await db.insert(countryAccess).values({ clientId: demoId, countryCode: "NL", validFrom: "2020-01-01" });
});

describe("what members of the demo client see", () => {
  it.each(["viewer", "editor", "admin"] as const)(
    "shows a %s the grants and today's countries, with no controls",
    async (who) => {
      const res = await get(app, PATH, cookies[who]);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Netherlands");
      expect(html).toContain("2020-01-01");
      expect(html).toContain("Active");
      // Rendered controls only (every message is in the page's data too).
      expect(html).not.toMatch(/>Grant access<\/button>/);
      expect(html).not.toContain("Actions for Netherlands");
      expect(html).not.toContain('name="clientId"');
    },
  );

  it("ignores another client's id in the URL for a member", async () => {
    const res = await get(app, `${PATH}?clientId=00000000-0000-4000-8000-000000000000`, cookies.viewer);
    expect(await res.text()).toContain("Netherlands");
  });

  it.each(["viewer", "editor", "admin"] as const)(
    "answers a %s's crafted POST with 403 and writes nothing",
    async (who) => {
      const before = await grants();
      const res = await postForm(
        app,
        dataPath(PATH),
        { intent: "grant", clientId: demoId, target: "country:BE", validFrom: "2026-01-01" },
        cookies[who],
      );
      expect(res.status).toBe(403);
      const [nl] = await database().db.select().from(countryAccess);
      const revoke = await postForm(app, dataPath(PATH), { intent: "revoke", grantId: nl!.id }, cookies[who]);
      expect(revoke.status).toBe(403);
      expect(await grants()).toBe(before);
    },
  );
});

describe("a super admin", () => {
  it("sees the empty state until a client is chosen, then that client's grants and the controls", async () => {
    const none = await (await get(app, PATH, cookies.superAdmin)).text();
    expect(none).toContain("Choose a client first");
    const chosen = await (await get(app, `${PATH}?clientId=${demoId}`, cookies.superAdmin)).text();
    expect(chosen).toContain("Netherlands");
    expect(chosen).toMatch(/>Grant access<\/button>/);
    expect(chosen).toContain("Actions for Netherlands");
  });

  it("grants, refuses a bad range at the field and an overlap, re-dates and revokes; exports CSV", async () => {
    const post = (fields: Record<string, string>) =>
      postForm(app, dataPath(`${PATH}?clientId=${demoId}`), fields, cookies.superAdmin);
    const before = await grants();
    const badRange = await post({
      intent: "grant",
      clientId: demoId,
      target: "country:BE",
      validFrom: "2026-06-10",
      validUntil: "2026-06-01",
    });
    expect(badRange.status).toBe(400);
    expect(await badRange.text()).toContain("studio.countryAccess.validation.untilBeforeFrom");
    const overlap = await post({
      intent: "grant",
      clientId: demoId,
      target: "country:NL",
      validFrom: "2030-01-01",
    });
    expect(overlap.status).toBe(409);
    expect(await overlap.text()).toContain("error.countryAccess.overlapOpen");
    const unknown = await post({ intent: "grant", clientId: demoId, target: "country:XX" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("error.countryAccess.unknownCountry");
    expect(await grants()).toBe(before);

    const granted = await post({
      intent: "grant",
      clientId: demoId,
      target: "country:BE",
      validFrom: "2020-02-01",
      validUntil: "2099-12-31",
    });
    expect(granted.status).toBe(200);
    const [be] = await database().db.select().from(countryAccess).where(eq(countryAccess.countryCode, "BE"));
    expect(be).toMatchObject({ clientId: demoId, validFrom: "2020-02-01", validUntil: "2099-12-31" });
    expect(await (await get(app, PATH, cookies.viewer)).text()).toMatch(/BE<\/span>/);

    const csv = csvRows(
      await (await get(app, `${PATH}?clientId=${demoId}&format=csv&sort=target`, cookies.superAdmin)).text(),
    );
    expect(csv.map((row) => [row[2], row[5], row[6], row[7]])).toEqual([
      ["Country or bundle (id)", "From", "Until", "Status"],
      ["BE", "2020-02-01", "2099-12-31", "active"],
      ["NL", "2020-01-01", "", "active"],
    ]);

    const updated = await post({
      intent: "update",
      grantId: be!.id,
      validFrom: "2020-02-01",
      validUntil: "2020-12-31",
    });
    expect(updated.status).toBe(200);
    const expired = csvRows(
      await (
        await get(app, `${PATH}?clientId=${demoId}&format=csv&status=expired`, cookies.superAdmin)
      ).text(),
    );
    expect(expired.slice(1).map((row) => row[2])).toEqual(["BE"]);

    const revoked = await post({ intent: "revoke", grantId: be!.id });
    expect(revoked.status).toBe(200);
    expect(await grants()).toBe(before);
    const actions = (
      await database()
        .db.select({ action: auditLogs.action })
        .from(auditLogs)
        .where(eq(auditLogs.entityId, be!.id))
    ).map((row) => row.action);
    expect(actions.sort()).toEqual([
      "country_access.grant",
      "country_access.revoke",
      "country_access.update",
    ]);
  });
});
