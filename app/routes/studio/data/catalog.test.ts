// The catalogue pages (/studio/data/attributes, /studio/data/cinema-chains) through the real app, signed in
// as the demo accounts: everyone signed in reads (page, data, CSV), only the super admin posts.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../../../db/schema/audit.ts";
import { attributes, cinemaChains, cinemas } from "../../../../db/schema/catalog.ts";
import { showtimes } from "../../../../db/schema/showtimes.ts";
import {
  createCinema,
  createShowtime,
  ensureCountry,
} from "../../../../core/catalog/catalog-test-helpers.ts";
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

const ATTRIBUTES = "/studio/data/attributes";
const CHAINS = "/studio/data/cinema-chains";
const rowsOf = async (table: typeof attributes | typeof cinemaChains | typeof auditLogs) =>
  (await database().db.select({ n: count() }).from(table))[0]!.n;

beforeAll(async () => {
  ({ app, cookies } = studio());
  const { db } = database();
  await ensureCountry(db, "NL", "Netherlands");
  await ensureCountry(db, "BE", "Belgium");
  await db.insert(attributes).values([
    { code: "3d", category: "format", names: { en: "3D", nl: "3D" }, synonyms: ["3d", "digital 3d"] },
    {
      code: "ov",
      category: "language",
      names: { en: "Original version", nl: "Originele versie" },
      synonyms: ["ov"],
    },
  ]);
  await db.insert(cinemaChains).values({ name: "Vue", slug: "vue", countries: ["NL"] });
});

describe("reading", () => {
  it.each(["viewer", "editor", "admin", "superAdmin"] as const)("shows %s both lists", async (who) => {
    const attributesPage = await get(app, ATTRIBUTES, cookies[who]);
    expect(attributesPage.status).toBe(200);
    const attributesHtml = await attributesPage.text();
    expect(attributesHtml).toContain("Original version");
    const chainsPage = await get(app, CHAINS, cookies[who]);
    expect(chainsPage.status).toBe(200);
    const chainsHtml = await chainsPage.text();
    expect(chainsHtml).toContain("Vue");
    // Only the super admin sees the controls that change the catalogue.
    const editor = who === "superAdmin";
    // (The messages travel in the page too: look for the rendered buttons.)
    expect(/>New attribute</.test(attributesHtml), "attribute controls").toBe(editor);
    expect(/>New chain</.test(chainsHtml), "chain controls").toBe(editor);
    expect(/Actions for (ov|Vue)</.test(attributesHtml + chainsHtml), "row actions").toBe(editor);
  });

  it("filters, searches and exports CSV for a client viewer", async () => {
    const data = await get(app, dataPath(`${ATTRIBUTES}?category=language`), cookies.viewer);
    expect(data.status).toBe(200);
    const body = await data.text();
    expect(body).toContain("Original version");
    expect(body).not.toContain("digital 3d");

    const csv = await get(app, `${ATTRIBUTES}?q=digital&format=csv`, cookies.viewer);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csvRows(await csv.text())).toEqual([
      ["Code", "Category", "Name (English)", "Name (Dutch)", "Synonyms"],
      ["3d", "format", "3D", "3D", "3d|digital 3d"],
    ]);
    const chainsCsv = csvRows(
      await (await get(app, `${CHAINS}?country=NL&format=csv`, cookies.viewer)).text(),
    );
    expect(chainsCsv[0]).toEqual(["Id", "Name", "Slug", "Website", "Wikidata id", "Countries", "Cinemas"]);
    expect(chainsCsv.slice(1).map((r) => r[1])).toEqual(["Vue"]);
  });
});

describe("writing", () => {
  it.each(["viewer", "editor", "admin"] as const)(
    "refuses a client %s's direct POST with 403 and writes nothing",
    async (who) => {
      const before = [await rowsOf(attributes), await rowsOf(cinemaChains), await rowsOf(auditLogs)];
      const attribute = await postForm(
        app,
        ATTRIBUTES,
        { intent: "create", code: "hacked", category: "format", nameEn: "Hacked" },
        cookies[who],
      );
      expect(attribute.status).toBe(403);
      const chain = await postForm(
        app,
        CHAINS,
        { intent: "create", name: "Hacked", slug: "hacked" },
        cookies[who],
      );
      expect(chain.status).toBe(403);
      const [vue] = await database()
        .db.select({ id: cinemaChains.id })
        .from(cinemaChains)
        .where(eq(cinemaChains.slug, "vue"));
      expect(
        (await postForm(app, dataPath(CHAINS), { intent: "delete", chainId: vue!.id }, cookies[who])).status,
      ).toBe(403);
      expect([await rowsOf(attributes), await rowsOf(cinemaChains), await rowsOf(auditLogs)]).toEqual(before);
    },
  );

  it("lets the super admin create an attribute and refuses a synonym another one has, at the field", async () => {
    const created = await postForm(
      app,
      dataPath(ATTRIBUTES),
      {
        intent: "create",
        code: "imax",
        category: "format",
        nameEn: "IMAX",
        nameNl: "IMAX",
        synonyms: "IMAX\nimax 2d",
      },
      cookies.superAdmin,
    );
    expect(created.status).toBe(200);
    const [imax] = await database().db.select().from(attributes).where(eq(attributes.code, "imax"));
    expect(imax?.synonyms).toEqual(["imax", "imax 2d"]);

    const duplicate = await postForm(
      app,
      dataPath(ATTRIBUTES),
      { intent: "create", code: "imax-3d", category: "format", nameEn: "IMAX 3D", synonyms: "Digital 3D" },
      cookies.superAdmin,
    );
    expect(duplicate.status).toBe(409);
    const text = await duplicate.text();
    expect(text).toContain("studio.attributes.validation.synonymTaken");
    expect(text).toContain('\\"code\\":\\"3d\\"');
    expect(await database().db.select().from(attributes).where(eq(attributes.code, "imax-3d"))).toEqual([]);
  });

  it("refuses deleting an attribute in use with the count, and a chain with cinemas with the count", async () => {
    const { db } = database();
    const [vue] = await db
      .select({ id: cinemaChains.id })
      .from(cinemaChains)
      .where(eq(cinemaChains.slug, "vue"));
    const cinemaId = await createCinema(db, { chainId: vue!.id });
    await createShowtime(db, cinemaId, ["ov"]);
    const [ov] = await db.select({ id: attributes.id }).from(attributes).where(eq(attributes.code, "ov"));

    const attribute = await postForm(
      app,
      dataPath(ATTRIBUTES),
      { intent: "delete", attributeId: ov!.id },
      cookies.superAdmin,
    );
    expect(attribute.status).toBe(409);
    expect(await attribute.text()).toContain("error.studio.attributes.inUse");
    const chain = await postForm(
      app,
      dataPath(CHAINS),
      { intent: "delete", chainId: vue!.id },
      cookies.superAdmin,
    );
    expect(chain.status).toBe(409);
    expect(await chain.text()).toContain("error.studio.chains.hasCinemas");
    expect(await db.select().from(cinemaChains).where(eq(cinemaChains.id, vue!.id))).toHaveLength(1);
  });

  it("refuses a bad Wikidata id at the field and accepts the fixed one", async () => {
    const fields = {
      intent: "create",
      name: "Kinepolis",
      slug: "kinepolis",
      website: "https://kinepolis.be",
      countries: "BE",
    };
    const bad = await postForm(app, dataPath(CHAINS), { ...fields, wikidataId: "K123" }, cookies.superAdmin);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("studio.chains.validation.wikidata");
    const good = await postForm(
      app,
      dataPath(CHAINS),
      { ...fields, wikidataId: "Q1052371" },
      cookies.superAdmin,
    );
    expect(good.status).toBe(200);
    const [kinepolis] = await database()
      .db.select()
      .from(cinemaChains)
      .where(eq(cinemaChains.slug, "kinepolis"));
    expect(kinepolis).toMatchObject({ wikidataId: "Q1052371", countries: ["BE"] });
  });

  it("merges a chain and an attribute through the page, and refuses a merge into itself at the field", async () => {
    const { db } = database();
    const [from, into] = await db
      .insert(cinemaChains)
      .values([
        { name: "Merge From", slug: "merge-from" },
        { name: "Merge Into", slug: "merge-into" },
      ])
      .returning({ id: cinemaChains.id });
    const cinemaId = await createCinema(db, { chainId: from!.id });
    const same = await postForm(
      app,
      dataPath(CHAINS),
      { intent: "merge", sourceId: from!.id, targetId: from!.id },
      cookies.superAdmin,
    );
    expect(same.status).toBe(400);
    expect(await same.text()).toContain("studio.chains.validation.mergeSame");
    const merged = await postForm(
      app,
      dataPath(CHAINS),
      { intent: "merge", sourceId: from!.id, targetId: into!.id },
      cookies.superAdmin,
    );
    expect(merged.status).toBe(200);
    const [cinema] = await db
      .select({ chainId: cinemas.chainId })
      .from(cinemas)
      .where(eq(cinemas.id, cinemaId));
    expect(cinema?.chainId).toBe(into!.id);

    const [imax, threeD] = await Promise.all(
      ["imax", "3d"].map(
        async (code) => (await db.select().from(attributes).where(eq(attributes.code, code)))[0]!,
      ),
    );
    const showtimeId = await createShowtime(db, cinemaId, ["imax"]);
    const attribute = await postForm(
      app,
      dataPath(ATTRIBUTES),
      { intent: "merge", sourceId: imax!.id, targetId: threeD!.id },
      cookies.superAdmin,
    );
    expect(attribute.status).toBe(200);
    const [showtime] = await db
      .select({ a: showtimes.attributes })
      .from(showtimes)
      .where(eq(showtimes.id, showtimeId));
    expect(showtime?.a).toEqual(["3d"]);
    const [survivor] = await db.select().from(attributes).where(eq(attributes.id, threeD!.id));
    expect(survivor?.synonyms).toEqual(expect.arrayContaining(["imax", "imax 2d"]));
  });
});
