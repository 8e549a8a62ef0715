import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { getClientBySlug } from "./get-client-by-slug.ts";
import { actorFor, createScenario, expectAppError, type Scenario } from "./tenancy-test-fixtures.ts";

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

describe("getClientBySlug", () => {
  it("shows the client to its members with their own role, without staff notes", async () => {
    const { db } = database();
    for (const [person, role] of [
      [s.adminA, "admin"],
      [s.editorA, "editor"],
      [s.viewerA, "viewer"],
    ] as const) {
      const client = await getClientBySlug({ db }, actorFor(person, s.clientA), s.clientA.slug);
      expect(client).toMatchObject({
        id: s.clientA.id,
        name: s.clientA.name,
        slug: s.clientA.slug,
        role,
        memberCount: 3,
        contactEmail: "ops@a.test",
        notes: null,
      });
    }
  });

  it("shows any client, notes included, to a super admin as admin", async () => {
    const { db } = database();
    expect(await getClientBySlug({ db }, actorFor(s.superAdmin), s.clientA.slug)).toMatchObject({
      id: s.clientA.id,
      role: "admin",
      notes: "Pays late",
    });
  });

  it("answers not_found to non-members, exactly as for a slug that does not exist", async () => {
    const { db } = database();
    const unknown = await expectAppError(
      getClientBySlug({ db }, actorFor(s.adminB, s.clientB), "no-such-client"),
      "not_found",
    );
    for (const actor of [
      actorFor(s.adminB, s.clientB),
      actorFor(s.outsider),
      actorFor(s.adminB, s.clientA),
    ]) {
      const error = await expectAppError(getClientBySlug({ db }, actor, s.clientA.slug), "not_found");
      expect(error.message).toBe(unknown.message);
    }
  });

  it("answers not_found for a malformed slug", async () => {
    const { db } = database();
    await expectAppError(getClientBySlug({ db }, actorFor(s.superAdmin), "../etc/passwd"), "not_found");
    await expectAppError(getClientBySlug({ db }, actorFor(s.superAdmin), ""), "not_found");
  });
});
