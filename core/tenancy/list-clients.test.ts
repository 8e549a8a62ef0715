import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { listClients } from "./list-clients.ts";
import {
  actorFor,
  addMember,
  createPerson,
  createScenario,
  createTestClient,
  expectAppError,
  type Scenario,
} from "./tenancy-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;

beforeAll(async () => {
  const { db } = database();
  s = await createScenario(db);
  const extra = await createTestClient(db, { name: "Zebra Films", slug: "zebra-films" });
  for (let i = 0; i < 3; i++) await addMember(db, extra, await createPerson(db), "viewer");
  await createTestClient(db, { name: "Empty 50%_Off", slug: "empty-fifty" });
});

describe("listClients", () => {
  it("lists every client with member counts and a total for a super admin", async () => {
    const { db } = database();
    const page = await listClients({ db }, actorFor(s.superAdmin), {});
    expect(page.total).toBe(4);
    expect(page).toMatchObject({ page: 1, pageSize: 25 });
    const byId = new Map(page.rows.map((row) => [row.id, row]));
    expect(byId.get(s.clientA.id)).toMatchObject({
      name: s.clientA.name,
      slug: s.clientA.slug,
      status: "active",
      memberCount: 3,
    });
    expect(byId.get(s.clientB.id)?.memberCount).toBe(1);
  });

  it("searches name, slug and contact e-mail (wildcards taken literally), sorts and pages", async () => {
    const { db } = database();
    const actor = actorFor(s.superAdmin);
    expect((await listClients({ db }, actor, { search: "zebra" })).rows.map((r) => r.name)).toEqual([
      "Zebra Films",
    ]);
    expect((await listClients({ db }, actor, { search: "50%_" })).rows.map((r) => r.name)).toEqual([
      "Empty 50%_Off",
    ]);
    expect((await listClients({ db }, actor, { search: "%" })).rows.map((r) => r.name)).toEqual([
      "Empty 50%_Off",
    ]);
    const byMembers = await listClients({ db }, actor, { sort: "-members" });
    expect(byMembers.rows.map((r) => r.memberCount)).toEqual([3, 3, 1, 0]);
    const second = await listClients({ db }, actor, { page: 2, pageSize: 3, sort: "name" });
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.rows).toHaveLength(1);
    expect(second.rows[0]!.name).toBe("Zebra Films");
  });

  it("refuses everyone but super admins", async () => {
    const { db } = database();
    for (const actor of [
      actorFor(s.adminA, s.clientA),
      actorFor(s.editorA, s.clientA),
      actorFor(s.viewerA, s.clientA),
      actorFor(s.adminB, s.clientB),
      actorFor(s.outsider),
    ]) {
      await expectAppError(listClients({ db }, actor, {}), "forbidden");
    }
  });

  it("rejects an unknown sort and a bad page size", async () => {
    const { db } = database();
    const error = await expectAppError(
      listClients({ db }, actorFor(s.superAdmin), { sort: "password" as "name" }),
      "invalid_input",
    );
    expect(error.fieldErrors.sort).toBeTruthy();
    await expectAppError(listClients({ db }, actorFor(s.superAdmin), { pageSize: 0 }), "invalid_input");
  });
});
