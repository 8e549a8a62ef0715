import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { getClientById } from "./get-client-by-id.ts";
import {
  actorFor,
  createScenario,
  expectAppError,
  missingId,
  type Scenario,
} from "./tenancy-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;

beforeAll(async () => {
  const { db } = database();
  s = await createScenario(db);
  await db
    .update(clients)
    .set({ notes: "Pays late", contactEmail: "ops@a.test" })
    .where(eq(clients.uuid, s.clientA.id));
});

describe("getClientById", () => {
  it("gives a super admin the client with notes and member count", async () => {
    const client = await getClientById(database(), actorFor(s.superAdmin), s.clientA.id);
    expect(client).toMatchObject({
      id: s.clientA.id,
      name: s.clientA.name,
      slug: s.clientA.slug,
      status: "active",
      contactEmail: "ops@a.test",
      notes: "Pays late",
      memberCount: 3,
    });
  });

  it("refuses everyone else, members and admins of that client included", async () => {
    for (const actor of [
      actorFor(s.adminA, s.clientA),
      actorFor(s.viewerA, s.clientA),
      actorFor(s.outsider),
    ]) {
      await expectAppError(getClientById(database(), actor, s.clientA.id), "forbidden");
    }
  });

  it("answers not_found for an unknown or malformed id", async () => {
    await expectAppError(getClientById(database(), actorFor(s.superAdmin), missingId()), "not_found");
    await expectAppError(getClientById(database(), actorFor(s.superAdmin), "not-a-uuid"), "not_found");
  });
});
