import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { clients } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { createClient, SLUG_TAKEN } from "./create-client.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  createScenario,
  expectAppError,
  type Scenario,
} from "./tenancy-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;

beforeAll(async () => {
  s = await createScenario(database().db);
});

async function counts() {
  const { db } = database();
  return { clients: await countRows(db, clients), audit: await countRows(db, auditLogs) };
}

describe("createClient", () => {
  it("lets a super admin create a client, trimmed and lower-cased, and audits it", async () => {
    const { db } = database();
    const actor = actorFor(s.superAdmin);
    const client = await createClient({ db }, actor, {
      name: "  Het Parool  ",
      slug: " Het-Parool ",
      contactEmail: " Film@Parool.NL ",
      notes: "",
    });
    expect(client).toMatchObject({
      name: "Het Parool",
      slug: "het-parool",
      status: "active",
      contactEmail: "film@parool.nl",
      notes: null,
    });
    const [audit] = await auditRowsFor(db, "client.create");
    expect(audit).toMatchObject({
      actorProfileId: s.superAdmin.profileId,
      effectiveClientId: client.id,
      impersonating: false,
      entityType: "client",
      entityId: client.id,
      requestId: actor.requestId,
      after: { name: "Het Parool", slug: "het-parool" },
    });
  });

  it("makes the slug from the name when none is given", async () => {
    const { db } = database();
    const client = await createClient({ db }, actorFor(s.superAdmin), { name: "Pathé Café & Bioscoop!" });
    expect(client.slug).toBe("pathe-cafe-bioscoop");
  });

  it("refuses a slug already in use with a conflict on the slug field, changing nothing", async () => {
    const { db } = database();
    const before = await counts();
    const error = await expectAppError(
      createClient({ db }, actorFor(s.superAdmin), { name: "Copy", slug: s.clientA.slug }),
      "conflict",
      SLUG_TAKEN,
    );
    expect(error.fieldErrors).toEqual({ slug: `error.${SLUG_TAKEN}` });
    await expectAppError(createClient({ db }, actorFor(s.superAdmin), { name: "Het Parool" }), "conflict");
    expect(await counts()).toEqual(before);
  });

  it("rejects invalid input with field errors, changing nothing", async () => {
    const { db } = database();
    const before = await counts();
    const actor = actorFor(s.superAdmin);
    expect(
      (await expectAppError(createClient({ db }, actor, { name: "   " }), "invalid_input")).fieldErrors.name,
    ).toBeTruthy();
    for (const slug of ["a", "-abc", "abc-", "a--b", "ab_c", "x".repeat(61)]) {
      expect(
        (await expectAppError(createClient({ db }, actor, { name: "Fine", slug }), "invalid_input"))
          .fieldErrors.slug,
      ).toBeTruthy();
    }
    expect(
      (
        await expectAppError(
          createClient({ db }, actor, { name: "Fine", contactEmail: "nope" }),
          "invalid_input",
        )
      ).fieldErrors.contactEmail,
    ).toBeTruthy();
    expect(
      (await expectAppError(createClient({ db }, actor, { name: "!!!" }), "invalid_input")).fieldErrors.slug,
    ).toBeTruthy();
    expect(await counts()).toEqual(before);
  });

  it("refuses client admins, editors, viewers, other clients' admins and users without a client", async () => {
    const { db } = database();
    const before = await counts();
    for (const actor of [
      actorFor(s.adminA, s.clientA),
      actorFor(s.editorA, s.clientA),
      actorFor(s.viewerA, s.clientA),
      actorFor(s.adminB, s.clientB),
      actorFor(s.outsider),
    ]) {
      await expectAppError(createClient({ db }, actor, { name: "Sneaky", slug: "sneaky" }), "forbidden");
    }
    expect(await counts()).toEqual(before);
  });
});
