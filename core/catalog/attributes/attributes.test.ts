// Attributes: create, edit, list, merge and delete, by super admins only; refusals write nothing.
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { attributeCategory, attributes } from "../../../db/schema/catalog.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { createApiResponseCache } from "../../cache/response-cache.ts";
import { auditLogs } from "../../../db/schema/audit.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  createScenario,
  expectAppError,
  missingId,
  type Scenario,
} from "../../tenancy/tenancy-test-fixtures.ts";
import { createAttribute } from "./create-attribute.ts";
import { deleteAttribute } from "./delete-attribute.ts";
import { ATTRIBUTE_CATEGORIES, normalizeSynonyms } from "../catalog-schemas.ts";
import { listAttributeRows } from "./list-attribute-rows.ts";
import { mergeAttributes } from "./merge-attributes.ts";
import { createCinema, createShowtime, ensureCountry } from "../catalog-test-helpers.ts";
import type { CatalogServices } from "../catalog-services.ts";
import { updateAttribute } from "./update-attribute.ts";

describe("attributes", () => {
  const database = useTestDatabase();
  let s: Scenario;
  let services: CatalogServices;
  let cinemaId = "";

  beforeAll(async () => {
    const { db } = database();
    services = { db, apiCache: createApiResponseCache() };
    s = await createScenario(db);
    await ensureCountry(db, "NL", "Netherlands");
    cinemaId = await createCinema(db);
  });

  const attributeRows = () => countRows(services.db, attributes);
  const codesOf = async (id: string) =>
    (await services.db.select({ a: showtimes.attributes }).from(showtimes).where(eq(showtimes.id, id)))[0]!.a;

  it("lists the categories of the database enum", () => {
    expect([...ATTRIBUTE_CATEGORIES]).toEqual(attributeCategory.enumValues);
  });

  it("normalizes synonyms: trimmed, lower case, no empty or repeated ones", () => {
    expect(normalizeSynonyms(" Dolby Atmos \n\nATMOS, atmos ,dolby  atmos")).toEqual([
      "dolby atmos",
      "atmos",
    ]);
  });

  it("creates an attribute with synonyms, edits it, and finds it by code, name and synonym", async () => {
    const admin = actorFor(s.superAdmin);
    const created = await createAttribute(services, admin, {
      code: "hfr",
      category: "format",
      nameEn: " High frame rate ",
      nameNl: "",
      synonyms: "HFR\n48 fps, hfr",
    });
    expect(created).toMatchObject({
      code: "hfr",
      names: { en: "High frame rate" },
      synonyms: ["hfr", "48 fps"],
    });
    expect((await auditRowsFor(services.db, "catalog.attribute.create"))[0]).toMatchObject({
      entityId: created.id,
      after: expect.objectContaining({ code: "hfr" }),
    });

    const showtime = await createShowtime(services.db, cinemaId, ["hfr", "ov"]);
    const edited = await updateAttribute(services, admin, {
      attributeId: created.id,
      code: "high-frame-rate",
      category: "format",
      nameEn: "High frame rate",
      nameNl: "Hoge beeldsnelheid",
      synonyms: ["hfr", "48 fps", "HFR 3D"],
    });
    expect(edited).toMatchObject({
      code: "high-frame-rate",
      names: { en: "High frame rate", nl: "Hoge beeldsnelheid" },
      synonyms: ["hfr", "48 fps", "hfr 3d"],
    });
    // The showtimes follow the new code.
    expect(await codesOf(showtime)).toEqual(["high-frame-rate", "ov"]);
    const [audit] = await auditRowsFor(services.db, "catalog.attribute.update");
    expect(audit).toMatchObject({
      entityId: created.id,
      before: expect.objectContaining({ code: "hfr" }),
      after: expect.objectContaining({ code: "high-frame-rate" }),
    });

    const viewer = actorFor(s.viewerA, s.clientA);
    for (const search of ["frame-rate", "beeldsnelheid", "48 fps"])
      expect(
        (await listAttributeRows(services, viewer, { search })).rows.map((r) => r.code),
        search,
      ).toEqual(["high-frame-rate"]);
    expect((await listAttributeRows(services, viewer, { category: "audio", search: "frame" })).total).toBe(0);
  });

  it("refuses a taken code, a synonym another attribute has (naming it), bad input and non-staff; writes nothing", async () => {
    const admin = actorFor(s.superAdmin);
    const first = await createAttribute(services, admin, {
      code: "atmos-test",
      category: "audio",
      nameEn: "Atmos",
      synonyms: ["atmos test"],
    });
    const rows = await attributeRows();
    const audits = await countRows(services.db, auditLogs);

    const taken = await expectAppError(
      createAttribute(services, admin, { code: "atmos-test", category: "audio", nameEn: "Again" }),
      "conflict",
      "studio.attributes.codeTaken",
    );
    expect(taken.fieldErrors.code).toContain("studio.attributes.validation.codeTaken");

    const synonym = await expectAppError(
      createAttribute(services, admin, {
        code: "other-atmos",
        category: "audio",
        nameEn: "Other",
        synonyms: "Atmos Test",
      }),
      "conflict",
      "studio.attributes.synonymTaken",
    );
    expect(synonym.message).toBe("“atmos test” is already a synonym of atmos-test.");
    expect(synonym.fieldErrors.synonyms).toContain('"code":"atmos-test"');

    const bad = await expectAppError(
      createAttribute(services, admin, {
        code: "Bad Code",
        // What a crafted request could send: not a category.
        category: "smell" as (typeof ATTRIBUTE_CATEGORIES)[number],
        nameEn: "",
      }),
      "invalid_input",
    );
    expect(Object.keys(bad.fieldErrors).sort()).toEqual(["category", "code", "nameEn"]);

    for (const who of [actorFor(s.adminA, s.clientA), actorFor(s.viewerA, s.clientA)])
      await expectAppError(
        createAttribute(services, who, { code: "sneaky", category: "event", nameEn: "Sneaky" }),
        "forbidden",
        "access.superAdminOnly",
      );
    await expectAppError(
      updateAttribute(services, actorFor(s.adminA, s.clientA), {
        attributeId: first.id,
        code: "atmos-test",
        category: "audio",
        nameEn: "Hacked",
      }),
      "forbidden",
    );
    await expectAppError(
      updateAttribute(services, admin, {
        attributeId: missingId(),
        code: "x",
        category: "audio",
        nameEn: "X",
      }),
      "not_found",
    );
    expect(await attributeRows()).toBe(rows);
    expect(await countRows(services.db, auditLogs)).toBe(audits);
    const [kept] = await services.db.select().from(attributes).where(eq(attributes.id, first.id));
    expect(kept?.names).toEqual({ en: "Atmos" });
  });

  it("merges an attribute into another: showtimes, synonyms and code move, the row goes, in one audit row", async () => {
    const admin = actorFor(s.superAdmin);
    const survivor = await createAttribute(services, admin, {
      code: "subs-nl",
      category: "subtitles",
      nameEn: "Dutch subtitles",
      synonyms: ["nl ondertiteld"],
    });
    const merged = await createAttribute(services, admin, {
      code: "nl-ot",
      category: "subtitles",
      nameEn: "NL OT",
      synonyms: ["ot nl", "nl ondertiteling"],
    });
    const onlyMerged = await createShowtime(services.db, cinemaId, ["2d", "nl-ot"]);
    const both = await createShowtime(services.db, cinemaId, ["nl-ot", "subs-nl"]);
    const untouched = await createShowtime(services.db, cinemaId, ["2d"]);

    await expectAppError(
      mergeAttributes(services, actorFor(s.editorA, s.clientA), {
        sourceId: merged.id,
        targetId: survivor.id,
      }),
      "forbidden",
    );
    await expectAppError(
      mergeAttributes(services, admin, { sourceId: merged.id, targetId: merged.id }),
      "invalid_input",
    );
    expect(await codesOf(onlyMerged)).toEqual(["2d", "nl-ot"]);

    const result = await mergeAttributes(services, admin, { sourceId: merged.id, targetId: survivor.id });
    expect(result).toMatchObject({ mergedCode: "nl-ot", showtimesChanged: 2 });
    expect(result.survivor.synonyms).toEqual(["nl ondertiteld", "nl-ot", "ot nl", "nl ondertiteling"]);
    expect(await codesOf(onlyMerged)).toEqual(["2d", "subs-nl"]);
    expect(await codesOf(both)).toEqual(["subs-nl"]);
    expect(await codesOf(untouched)).toEqual(["2d"]);
    expect(await countRows(services.db, attributes, eq(attributes.id, merged.id))).toBe(0);
    const [audit] = await auditRowsFor(services.db, "catalog.attribute.merge");
    expect(audit).toMatchObject({
      entityId: survivor.id,
      before: {
        merged: expect.objectContaining({ code: "nl-ot" }),
        survivor: expect.objectContaining({ code: "subs-nl" }),
      },
      after: expect.objectContaining({ showtimesChanged: 2 }),
    });
    // The merged-away code is now a synonym of the survivor: a new attribute cannot claim it.
    await expectAppError(
      createAttribute(services, admin, {
        code: "nl-ot",
        category: "subtitles",
        nameEn: "Again",
        synonyms: ["nl-ot"],
      }),
      "conflict",
      "studio.attributes.synonymTaken",
    );
  });

  it("refuses to delete an attribute showtimes carry, saying how many; deletes an unused one", async () => {
    const admin = actorFor(s.superAdmin);
    const used = await createAttribute(services, admin, {
      code: "used-one",
      category: "event",
      nameEn: "Used",
    });
    const unused = await createAttribute(services, admin, {
      code: "unused-one",
      category: "event",
      nameEn: "Unused",
    });
    await createShowtime(services.db, cinemaId, ["used-one"]);
    await createShowtime(services.db, cinemaId, ["used-one", "2d"]);

    const refused = await expectAppError(
      deleteAttribute(services, admin, { attributeId: used.id }),
      "conflict",
    );
    expect(refused.message).toBe(
      "2 showtimes carry used-one: merge it into another attribute instead of deleting it.",
    );
    await expectAppError(
      deleteAttribute(services, actorFor(s.adminA, s.clientA), { attributeId: unused.id }),
      "forbidden",
    );
    expect(await countRows(services.db, attributes, inArray(attributes.id, [used.id, unused.id]))).toBe(2);

    await deleteAttribute(services, admin, { attributeId: unused.id });
    expect(await countRows(services.db, attributes, eq(attributes.id, unused.id))).toBe(0);
    expect((await auditRowsFor(services.db, "catalog.attribute.delete"))[0]).toMatchObject({
      entityId: unused.id,
      before: expect.objectContaining({ code: "unused-one" }),
    });
  });
});
