// Cinema chains: create, edit, list with cinema counts, merge and delete, by super admins only.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../../db/schema/audit.ts";
import { cinemaChains, cinemas } from "../../../db/schema/catalog.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { createApiResponseCache } from "../../cache/response-cache.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  createScenario,
  expectAppError,
  missingId,
  type Scenario,
} from "../../tenancy/tenancy-test-fixtures.ts";
import { createChain } from "./create-chain.ts";
import { deleteChain } from "./delete-chain.ts";
import { listCinemaChains } from "./list-cinema-chains.ts";
import { mergeChains } from "./merge-chains.ts";
import { createCinema, ensureCountry } from "../catalog-test-helpers.ts";
import type { CatalogServices } from "../catalog-services.ts";
import { updateChain } from "./update-chain.ts";

describe("cinema chains", () => {
  const database = useTestDatabase();
  let s: Scenario;
  let services: CatalogServices;

  beforeAll(async () => {
    const { db } = database();
    services = { db, apiCache: createApiResponseCache() };
    s = await createScenario(db);
    await ensureCountry(db, "NL", "Netherlands");
    await ensureCountry(db, "BE", "Belgium");
  });

  const chainOf = async (cinemaId: string) =>
    (await services.db.select({ c: cinemas.chainId }).from(cinemas).where(eq(cinemas.id, cinemaId)))[0]!.c;

  it("creates a chain, edits it, and lists it with its cinemas for any signed-in user", async () => {
    const admin = actorFor(s.superAdmin);
    const chain = await createChain(services, admin, {
      name: " Vue ",
      slug: "Vue-NL",
      website: "https://www.vue.nl",
      wikidataId: "Q2359483",
      countries: ["nl"],
    });
    expect(chain).toMatchObject({ name: "Vue", slug: "vue-nl", wikidataId: "Q2359483", countries: ["NL"] });
    expect((await auditRowsFor(services.db, "catalog.chain.create"))[0]).toMatchObject({
      entityId: chain.id,
    });
    await createCinema(services.db, { chainId: chain.id });
    await createCinema(services.db, { chainId: chain.id });

    const edited = await updateChain(services, admin, {
      chainId: chain.id,
      name: "Vue Cinemas",
      slug: "vue",
      website: "",
      wikidataId: "",
      countries: ["NL", "BE"],
    });
    expect(edited).toMatchObject({ slug: "vue", website: null, wikidataId: null, countries: ["NL", "BE"] });
    expect((await auditRowsFor(services.db, "catalog.chain.update"))[0]).toMatchObject({
      before: expect.objectContaining({ slug: "vue-nl" }),
      after: expect.objectContaining({ slug: "vue" }),
    });

    const viewer = actorFor(s.viewerA, s.clientA);
    const listed = await listCinemaChains(services, viewer, { search: "vue", country: "be" });
    expect(listed.rows).toEqual([expect.objectContaining({ id: chain.id, cinemas: 2 })]);
    expect((await listCinemaChains(services, viewer, { search: "vue", country: "DE" })).total).toBe(0);
  });

  it("refuses a taken slug, a bad website, Wikidata id or country, and non-staff; writes nothing", async () => {
    const admin = actorFor(s.superAdmin);
    await createChain(services, admin, { name: "Kinepolis", slug: "kinepolis", countries: ["BE"] });
    const chains = await countRows(services.db, cinemaChains);
    const audits = await countRows(services.db, auditLogs);

    const taken = await expectAppError(
      createChain(services, admin, { name: "Other", slug: "kinepolis" }),
      "conflict",
      "studio.chains.slugTaken",
    );
    expect(taken.fieldErrors.slug).toContain("studio.chains.validation.slugTaken");

    const bad = await expectAppError(
      createChain(services, admin, {
        name: "Bad",
        slug: "bad slug",
        website: "ftp://example.com",
        wikidataId: "12345",
      }),
      "invalid_input",
    );
    expect(bad.fieldErrors).toMatchObject({
      slug: "validation.slugPattern",
      website: "studio.chains.validation.website",
      wikidataId: "studio.chains.validation.wikidata",
    });
    const unknownCountry = await expectAppError(
      createChain(services, admin, { name: "Nowhere", slug: "nowhere", countries: ["ZZ"] }),
      "invalid_input",
    );
    expect(unknownCountry.fieldErrors.countries).toBe("studio.chains.validation.countryUnknown");

    for (const who of [actorFor(s.adminA, s.clientA), actorFor(s.viewerA, s.clientA)])
      await expectAppError(createChain(services, who, { name: "Mine", slug: "mine" }), "forbidden");
    await expectAppError(
      updateChain(services, admin, { chainId: missingId(), name: "X", slug: "x-chain" }),
      "not_found",
    );
    expect(await countRows(services.db, cinemaChains)).toBe(chains);
    expect(await countRows(services.db, auditLogs)).toBe(audits);
  });

  it("merges a chain into another: its cinemas move, countries join, the row goes, in one audit row", async () => {
    const admin = actorFor(s.superAdmin);
    const survivor = await createChain(services, admin, { name: "Pathé", slug: "pathe", countries: ["NL"] });
    const merged = await createChain(services, admin, {
      name: "Pathe BE",
      slug: "pathe-be",
      wikidataId: "Q123",
      countries: ["BE"],
    });
    const moving = [
      await createCinema(services.db, { chainId: merged.id }),
      await createCinema(services.db, { chainId: merged.id }),
    ];
    const staying = await createCinema(services.db, { chainId: survivor.id });

    await expectAppError(
      mergeChains(services, actorFor(s.adminA, s.clientA), { sourceId: merged.id, targetId: survivor.id }),
      "forbidden",
    );
    expect(await chainOf(moving[0]!)).toBe(merged.id);

    const result = await mergeChains(services, admin, { sourceId: merged.id, targetId: survivor.id });
    expect(result).toMatchObject({ mergedName: "Pathe BE", cinemasMoved: 2 });
    expect(result.survivor).toMatchObject({ countries: ["BE", "NL"], wikidataId: "Q123" });
    // Feeds that named the merged chain find the survivor.
    expect(result.survivor.synonyms).toEqual(["pathe be"]);
    for (const id of [...moving, staying]) expect(await chainOf(id)).toBe(survivor.id);
    expect(await countRows(services.db, cinemaChains, eq(cinemaChains.id, merged.id))).toBe(0);
    expect((await auditRowsFor(services.db, "catalog.chain.merge"))[0]).toMatchObject({
      entityId: survivor.id,
      after: expect.objectContaining({ cinemasMoved: 2 }),
    });
  });

  it("keeps feed names: normalized, searchable, and never shared by two chains", async () => {
    const admin = actorFor(s.superAdmin);
    const kinepolis = await createChain(services, admin, {
      name: "Kinepolis Groep",
      slug: "kinepolis-groep",
      synonyms: "Kinepolis Group\nKINEPOLIS  NV, kinepolis group",
    });
    expect(kinepolis.synonyms).toEqual(["kinepolis group", "kinepolis nv"]);
    const listed = await listCinemaChains(services, actorFor(s.viewerA, s.clientA), { search: "polis nv" });
    expect(listed.rows.map((r) => r.id)).toEqual([kinepolis.id]);

    const other = await createChain(services, admin, { name: "Euroscoop", slug: "euroscoop" });
    const refused = await expectAppError(
      updateChain(services, admin, {
        chainId: other.id,
        name: "Euroscoop",
        slug: "euroscoop",
        synonyms: ["Kinepolis NV"],
      }),
      "conflict",
      "studio.chains.synonymTaken",
    );
    expect(refused.fieldErrors.synonyms).toContain("Kinepolis Groep");
    const [unchanged] = await services.db.select().from(cinemaChains).where(eq(cinemaChains.id, other.id));
    expect(unchanged!.synonyms).toEqual([]);
    // Its own names again are fine.
    const kept = await updateChain(services, admin, {
      chainId: kinepolis.id,
      name: "Kinepolis Groep",
      slug: "kinepolis-groep",
      synonyms: ["kinepolis nv"],
    });
    expect(kept.synonyms).toEqual(["kinepolis nv"]);
  });

  it("refuses to delete a chain with cinemas, saying how many; deletes an empty one", async () => {
    const admin = actorFor(s.superAdmin);
    const busy = await createChain(services, admin, { name: "Busy", slug: "busy" });
    const empty = await createChain(services, admin, { name: "Empty", slug: "empty" });
    const cinema = await createCinema(services.db, { chainId: busy.id });

    const refused = await expectAppError(deleteChain(services, admin, { chainId: busy.id }), "conflict");
    expect(refused.message).toBe(
      "1 cinema belongs to Busy: merge it into another chain, or move its cinemas first.",
    );
    expect(await chainOf(cinema)).toBe(busy.id);
    await expectAppError(
      deleteChain(services, actorFor(s.viewerA, s.clientA), { chainId: empty.id }),
      "forbidden",
    );
    expect(await countRows(services.db, cinemaChains, eq(cinemaChains.id, empty.id))).toBe(1);

    await deleteChain(services, admin, { chainId: empty.id });
    expect(await countRows(services.db, cinemaChains, eq(cinemaChains.id, empty.id))).toBe(0);
    expect((await auditRowsFor(services.db, "catalog.chain.delete"))[0]).toMatchObject({
      entityId: empty.id,
    });
  });
});
