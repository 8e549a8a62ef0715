// The credits pages (/studio/config/credit-usage, -offers, -balances, -purchases) and the dashboard's
// credits through the real app, signed in as the demo accounts: who may open and post, what each
// action writes (ledger rows, balances), CSV exports.
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { creditOffers, creditPurchases, creditTransactions } from "../../../../db/schema/credits.ts";
import { clients } from "../../../../db/schema/tenancy.ts";
import { seedDemoCredits } from "../../../../core/credits/seed-demo-credits.ts";
import { ledgerSum, storedBalance } from "../../../../core/credits/credit-test-helpers.ts";
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
let demoId = "";

const PAGES = [
  "/studio/config/credit-usage",
  "/studio/config/credit-offers",
  "/studio/config/credit-balances",
  "/studio/config/credit-purchases",
];

const ledgerRows = async () => (await database().db.select({ n: count() }).from(creditTransactions))[0]!.n;
const demoBalance = () => storedBalance(database().db, demoId);

beforeAll(async () => {
  ({ app, cookies } = studio());
  const { db } = database();
  await seedDemoCredits(db);
  const [demo] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.slug, "demo"));
  demoId = demo!.id;
});

describe("who may open the credits pages", () => {
  it("shows a super admin each page", async () => {
    const expected: Record<string, string> = {
      "/studio/config/credit-usage": "listShowtimes",
      "/studio/config/credit-offers": "Growth",
      "/studio/config/credit-balances": "Demo Cinema Guide",
      "/studio/config/credit-purchases": "DEMO-0001",
    };
    for (const path of PAGES) {
      const res = await get(app, path, cookies.superAdmin);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain(expected[path]);
    }
  });

  it.each(["admin", "editor", "viewer"] as const)(
    "answers 403 to a client %s, pages, data and CSV",
    async (who) => {
      for (const path of PAGES) {
        expect((await get(app, path, cookies[who])).status, path).toBe(403);
        expect((await get(app, dataPath(path), cookies[who])).status, path).toBe(403);
        expect((await get(app, `${path}?format=csv`, cookies[who])).status, path).toBe(403);
      }
    },
  );

  it("refuses a client admin's crafted adjustment, purchase and cost edit, changing nothing", async () => {
    const before = await ledgerRows();
    const posts: [string, Record<string, string>][] = [
      [
        "/studio/config/credit-balances",
        { intent: "adjust", clientId: demoId, delta: "1000000", reason: "Free money" },
      ],
      [
        "/studio/config/credit-purchases",
        { intent: "record", clientId: demoId, credits: "5000", price: "0" },
      ],
      ["/studio/config/credit-usage", { intent: "setCost", operation: "listShowtimes", credits: "0" }],
    ];
    for (const [path, fields] of posts) {
      expect((await postForm(app, path, fields, cookies.admin)).status, path).toBe(403);
    }
    expect(await ledgerRows()).toBe(before);
  });
});

describe("balances", () => {
  it("lists the demo client with its seeded balance and threshold; exports CSV", async () => {
    const html = await (await get(app, "/studio/config/credit-balances?q=demo", cookies.superAdmin)).text();
    expect(html).toContain("10,000");
    expect(html).toContain("2,000");
    const rows = csvRows(
      await (await get(app, "/studio/config/credit-balances?format=csv", cookies.superAdmin)).text(),
    );
    expect(rows[0]).toEqual([
      "Client id",
      "Client",
      "Slug",
      "Balance",
      "Low-balance threshold",
      "Low balance",
    ]);
    expect(rows.find((r) => r[0] === demoId)).toEqual([
      demoId,
      "Demo Cinema Guide",
      "demo",
      "10000",
      "2000",
      "no",
    ]);
  });

  it("names the CSV columns in the interface language: Dutch headers, the same data", async () => {
    const download = async (cookie: string) =>
      csvRows(await (await get(app, "/studio/config/credit-balances?format=csv", cookie)).text());
    const english = await download(cookies.superAdmin);
    const dutch = await download(`${cookies.superAdmin}; reeltime-locale=nl`);
    expect(dutch[0]).toEqual(["Klant-id", "Klant", "Slug", "Saldo", "Drempel laag saldo", "Laag saldo"]);
    expect(dutch.slice(1)).toEqual(english.slice(1));
  });

  it("an adjustment needs a reason; with one it writes an adjustment row", async () => {
    const before = await demoBalance();
    const refused = await postForm(
      app,
      dataPath("/studio/config/credit-balances"),
      { intent: "adjust", clientId: demoId, delta: "-300", reason: "" },
      cookies.superAdmin,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("studio.credits.validation.reasonRequired");
    expect(await demoBalance()).toBe(before);
    const done = await postForm(
      app,
      dataPath("/studio/config/credit-balances"),
      {
        intent: "adjust",
        clientId: demoId,
        delta: "-300",
        reason: "Duplicate import",
        name: "Demo Cinema Guide",
      },
      cookies.superAdmin,
    );
    expect(done.status).toBe(200);
    expect(await demoBalance()).toBe(before - 300);
    expect(await ledgerSum(database().db, demoId)).toBe(before - 300);
  });

  it("sets the threshold", async () => {
    const res = await postForm(
      app,
      dataPath("/studio/config/credit-balances"),
      { intent: "threshold", clientId: demoId, threshold: "20,000" },
      cookies.superAdmin,
    );
    expect(res.status).toBe(200);
    const low = await (await get(app, "/studio/config/credit-balances?level=low", cookies.superAdmin)).text();
    expect(low).toContain("Demo Cinema Guide");
  });
});

describe("requests and purchases", () => {
  it("a client admin requests an offer from the dashboard; editors and viewers cannot", async () => {
    const { db } = database();
    const [growth] = await db.select().from(creditOffers).where(eq(creditOffers.name, "Growth"));
    for (const who of ["editor", "viewer"] as const) {
      const res = await postForm(
        app,
        dataPath("/studio"),
        { intent: "requestCredits", offerId: growth!.id },
        cookies[who],
      );
      expect(res.status, who).toBe(403);
    }
    const res = await postForm(
      app,
      dataPath("/studio"),
      { intent: "requestCredits", offerId: growth!.id },
      cookies.admin,
    );
    expect(res.status).toBe(200);
    const requested = await db
      .select()
      .from(creditPurchases)
      .where(and(eq(creditPurchases.clientId, demoId), eq(creditPurchases.status, "requested")));
    expect(requested).toHaveLength(1);
    // The dashboard shows it as open, and the request button to the admin only.
    const adminPage = await (await get(app, "/studio", cookies.admin)).text();
    expect(adminPage).toContain("Open requests");
    expect(adminPage).toContain("Growth");
    // (The page carries every message of the locale: look for the button itself.)
    expect(adminPage).toMatch(/Request credits<\/button>/);
    const viewerPage = await (await get(app, "/studio", cookies.viewer)).text();
    expect(viewerPage).toContain("Credit balance");
    expect(viewerPage).not.toMatch(/Request credits<\/button>/);
  });

  it("staff confirm the request: paid, a purchase row, the balance rises", async () => {
    const { db } = database();
    const [request] = await db
      .select()
      .from(creditPurchases)
      .where(and(eq(creditPurchases.clientId, demoId), eq(creditPurchases.status, "requested")));
    const before = await demoBalance();
    const res = await postForm(
      app,
      dataPath("/studio/config/credit-purchases"),
      { intent: "confirm", purchaseId: request!.id, invoiceRef: "INV-42" },
      cookies.superAdmin,
    );
    expect(res.status).toBe(200);
    expect(await demoBalance()).toBe(before + 100_000);
    // Twice is refused.
    const again = await postForm(
      app,
      dataPath("/studio/config/credit-purchases"),
      { intent: "confirm", purchaseId: request!.id },
      cookies.superAdmin,
    );
    expect(again.status).toBe(409);
    // The client sees the new balance on the dashboard.
    expect(await (await get(app, "/studio", cookies.viewer)).text()).toContain(
      new Intl.NumberFormat("en").format(before + 100_000),
    );
  });

  it("records a custom paid purchase, refunds it, and lists both in the ledger export", async () => {
    const { db } = database();
    const before = await demoBalance();
    const recorded = await postForm(
      app,
      dataPath("/studio/config/credit-purchases"),
      {
        intent: "record",
        clientId: demoId,
        offerId: "",
        credits: "2,500",
        price: "19.99",
        currency: "EUR",
        invoiceRef: "INV-7",
      },
      cookies.superAdmin,
    );
    expect(recorded.status).toBe(200);
    expect(await demoBalance()).toBe(before + 2500);
    const [purchase] = await db.select().from(creditPurchases).where(eq(creditPurchases.invoiceRef, "INV-7"));
    expect(purchase).toMatchObject({ status: "paid", credits: 2500, amount: 1999 });
    const refunded = await postForm(
      app,
      dataPath("/studio/config/credit-purchases"),
      { intent: "refund", purchaseId: purchase!.id, reason: "Paid by mistake" },
      cookies.superAdmin,
    );
    expect(refunded.status).toBe(200);
    expect(await demoBalance()).toBe(before);
    const csv = csvRows(
      await (
        await get(app, `/studio/config/credit-usage?format=csv&clientId=${demoId}`, cookies.superAdmin)
      ).text(),
    );
    expect(csv[0]).toEqual([
      "Id",
      "When",
      "Client id",
      "Client",
      "Kind",
      "Credits",
      "Reference",
      "Reason",
      "By",
    ]);
    expect(
      csv
        .filter((r) => r[6] === `purchase:${purchase!.id}`)
        .map((r) => r[5])
        .sort(),
    ).toEqual(["-2500", "2500"]);
    const refunds = csvRows(
      await (await get(app, "/studio/config/credit-usage?format=csv&kind=refund", cookies.superAdmin)).text(),
    );
    expect(refunds.slice(1).every((r) => r[4] === "refund")).toBe(true);
  });

  it("cancels a request without moving credits; unknown ids are 404", async () => {
    const { db } = database();
    const [starter] = await db.select().from(creditOffers).where(eq(creditOffers.name, "Starter"));
    await postForm(
      app,
      dataPath("/studio"),
      { intent: "requestCredits", offerId: starter!.id },
      cookies.admin,
    );
    const [request] = await db
      .select()
      .from(creditPurchases)
      .where(and(eq(creditPurchases.clientId, demoId), eq(creditPurchases.status, "requested")));
    const rows = await ledgerRows();
    const res = await postForm(
      app,
      dataPath("/studio/config/credit-purchases"),
      { intent: "cancel", purchaseId: request!.id, confirm: "1" },
      cookies.superAdmin,
    );
    expect(res.status).toBe(200);
    expect(await ledgerRows()).toBe(rows);
    const missing = await postForm(
      app,
      dataPath("/studio/config/credit-purchases"),
      { intent: "refund", purchaseId: "00000000-0000-4000-8000-000000000000" },
      cookies.superAdmin,
    );
    expect(missing.status).toBe(404);
  });
});

describe("offers and costs", () => {
  it("creates, edits and deletes an offer", async () => {
    const { db } = database();
    const created = await postForm(
      app,
      dataPath("/studio/config/credit-offers"),
      {
        intent: "create",
        name: "Trial",
        credits: "500",
        price: "0",
        currency: "EUR",
        visibleToClients: "on",
      },
      cookies.superAdmin,
    );
    expect(created.status).toBe(200);
    const [trial] = await db.select().from(creditOffers).where(eq(creditOffers.name, "Trial"));
    expect(trial).toMatchObject({ credits: 500, price: 0, visibleToClients: true });
    const edited = await postForm(
      app,
      dataPath("/studio/config/credit-offers"),
      { intent: "update", offerId: trial!.id, name: "Trial", credits: "750", price: "1.50", currency: "EUR" },
      cookies.superAdmin,
    );
    expect(edited.status).toBe(200);
    const [after] = await db.select().from(creditOffers).where(eq(creditOffers.id, trial!.id));
    expect(after).toMatchObject({ credits: 750, price: 150, visibleToClients: false });
    const deleted = await postForm(
      app,
      dataPath("/studio/config/credit-offers"),
      { intent: "delete", offerId: trial!.id, confirm: "1" },
      cookies.superAdmin,
    );
    expect(deleted.status).toBe(200);
    expect(await db.select().from(creditOffers).where(eq(creditOffers.id, trial!.id))).toEqual([]);
  });

  it("edits an operation's cost within 0–1000", async () => {
    const { services } = studio();
    const ok = await postForm(
      app,
      dataPath("/studio/config/credit-usage"),
      { intent: "setCost", operation: "listShowtimes", credits: "3" },
      cookies.superAdmin,
    );
    expect(ok.status).toBe(200);
    expect(await services.credits.costs.costOf("listShowtimes")).toBe(3);
    const tooMuch = await postForm(
      app,
      dataPath("/studio/config/credit-usage"),
      { intent: "setCost", operation: "listShowtimes", credits: "1001" },
      cookies.superAdmin,
    );
    expect(tooMuch.status).toBe(400);
    const unknown = await postForm(
      app,
      dataPath("/studio/config/credit-usage"),
      { intent: "setCost", operation: "dropTables", credits: "1" },
      cookies.superAdmin,
    );
    expect(unknown.status).toBe(400);
    expect(await services.credits.costs.costOf("listShowtimes")).toBe(3);
  });
});
