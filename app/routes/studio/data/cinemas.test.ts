// /studio/data/cinemas through the real app, signed in as the demo accounts: the super admin lists,
// filters, exports, creates, edits and closes; client users are refused the page, its data and its posts.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../../../db/schema/audit.ts";
import { cinemas } from "../../../../db/schema/catalog.ts";
import { ensureCountry } from "../../../../core/catalog/catalog-test-helpers.ts";
import {
  csvRows,
  dataPath,
  get,
  postForm,
  setUpStudio,
  type App,
  type Who,
} from "../../../../tests/helpers/studio-test-app.ts";

const { database, studio } = setUpStudio();
let app: App;
let cookies: Record<Who, string>;

const CINEMAS = "/studio/data/cinemas";
const rowsOf = async (table: typeof cinemas | typeof auditLogs) =>
  (await database().db.select({ n: count() }).from(table))[0]!.n;
const fields = {
  intent: "create",
  name: "Kriterion",
  slug: "kriterion",
  city: "Amsterdam",
  countryCode: "NL",
  latitude: "52.3608",
  longitude: "4.9089",
  timeZone: "Europe/Amsterdam",
  bookingUrlTemplate: "https://kriterion.nl/tickets/{source_ref}",
};

beforeAll(async () => {
  ({ app, cookies } = studio());
  const { db } = database();
  await ensureCountry(db, "NL", "Netherlands");
  await ensureCountry(db, "BE", "Belgium");
  await db.insert(cinemas).values([
    { name: "Lumière", slug: "lumiere", city: "Maastricht", countryCode: "NL", timeZone: "Europe/Amsterdam" },
    {
      name: "Cinema Zuid",
      slug: "cinema-zuid",
      city: "Antwerpen",
      countryCode: "BE",
      timeZone: "Europe/Brussels",
    },
  ]);
});

describe("reading", () => {
  it("shows the super admin the list, filtered, and exports CSV", async () => {
    const page = await get(app, CINEMAS, cookies.superAdmin);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Lumière");
    expect(html).toContain("Cinema Zuid");

    const data = await get(app, dataPath(`${CINEMAS}?country=BE`), cookies.superAdmin);
    const body = await data.text();
    expect(body).toContain("Cinema Zuid");
    expect(body).not.toContain("Lumière");

    const csv = csvRows(
      await (await get(app, `${CINEMAS}?q=maastricht&format=csv`, cookies.superAdmin)).text(),
    );
    expect(csv[0]).toContain("Booking URL template");
    expect(csv.slice(1).map((r) => r[1])).toEqual(["Lumière"]);
  });

  it.each(["viewer", "editor", "admin"] as const)(
    "refuses a client %s the page, data and CSV",
    async (who) => {
      expect((await get(app, CINEMAS, cookies[who])).status).toBe(403);
      expect((await get(app, dataPath(CINEMAS), cookies[who])).status).toBe(403);
      expect((await get(app, `${CINEMAS}?format=csv`, cookies[who])).status).toBe(403);
    },
  );
});

describe("writing", () => {
  it.each(["viewer", "editor", "admin"] as const)(
    "refuses a client %s's POST, writing nothing",
    async (who) => {
      const before = [await rowsOf(cinemas), await rowsOf(auditLogs)];
      expect((await postForm(app, dataPath(CINEMAS), fields, cookies[who])).status).toBe(403);
      expect([await rowsOf(cinemas), await rowsOf(auditLogs)]).toEqual(before);
    },
  );

  it("refuses latitude 123 and Mars/Base at their fields, then creates, edits and closes", async () => {
    const before = await rowsOf(cinemas);
    const bad = await postForm(
      app,
      dataPath(CINEMAS),
      { ...fields, latitude: "123", timeZone: "Mars/Base", bookingUrlTemplate: "https://k.nl/{film}" },
      cookies.superAdmin,
    );
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).toContain("studio.cinemas.validation.latitude");
    expect(text).toContain("studio.cinemas.validation.timeZone");
    expect(text).toContain("studio.cinemas.validation.bookingPlaceholder");
    expect(await rowsOf(cinemas)).toBe(before);

    expect((await postForm(app, dataPath(CINEMAS), fields, cookies.superAdmin)).status).toBe(200);
    const [created] = await database().db.select().from(cinemas).where(eq(cinemas.slug, "kriterion"));
    expect(created).toMatchObject({ latitude: 52.3608, status: "open" });

    const taken = await postForm(app, dataPath(CINEMAS), { ...fields, name: "Other" }, cookies.superAdmin);
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("studio.cinemas.validation.slugTaken");

    const edited = await postForm(
      app,
      dataPath(CINEMAS),
      { ...fields, intent: "update", cinemaId: created!.id, name: "Kriterion Amsterdam" },
      cookies.superAdmin,
    );
    expect(edited.status).toBe(200);
    const closed = await postForm(
      app,
      dataPath(CINEMAS),
      { intent: "status", cinemaId: created!.id, status: "closed" },
      cookies.superAdmin,
    );
    expect(closed.status).toBe(200);
    const [after] = await database().db.select().from(cinemas).where(eq(cinemas.id, created!.id));
    expect(after).toMatchObject({ name: "Kriterion Amsterdam", status: "closed" });
    const audits = await database()
      .db.select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, created!.id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      "catalog.cinema.create",
      "catalog.cinema.status",
      "catalog.cinema.update",
    ]);
  });
});
