import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { listMembers } from "./list-members.ts";
import {
  actorFor,
  addMember,
  createPerson,
  createScenario,
  expectAppError,
  missingId,
  type Scenario,
} from "./tenancy-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;
const signedIn = new Date("2026-02-03T10:00:00Z");

beforeAll(async () => {
  const { db } = database();
  s = await createScenario(db);
  await db
    .update(profiles)
    .set({ displayName: "Aaron Admin", lastSignInAt: signedIn })
    .where(eq(profiles.id, s.adminA.profileId));
});

describe("listMembers", () => {
  it("shows viewers, editors and admins of the client its members with name, e-mail, role, accepted and last sign-in", async () => {
    const { db } = database();
    for (const person of [s.viewerA, s.editorA, s.adminA]) {
      const members = await listMembers({ db }, actorFor(person, s.clientA), s.clientA.id);
      expect(members.map((m) => m.profileId).sort()).toEqual(
        [s.adminA.profileId, s.editorA.profileId, s.viewerA.profileId].sort(),
      );
      expect(members[0]).toMatchObject({
        profileId: s.adminA.profileId,
        name: "Aaron Admin",
        email: s.adminA.email,
        role: "admin",
        lastSignInAt: signedIn,
        disabled: false,
      });
      expect(members[0]!.acceptedAt).toBeInstanceOf(Date);
    }
  });

  it("shows a pending (not yet accepted) member with acceptedAt null, and any client to a super admin", async () => {
    const { db } = database();
    const pending = await createPerson(db);
    await addMember(db, s.clientB, pending, "viewer", { acceptedAt: null });
    const members = await listMembers({ db }, actorFor(s.superAdmin), s.clientB.id);
    expect(members.find((m) => m.profileId === pending.profileId)).toMatchObject({
      role: "viewer",
      acceptedAt: null,
      email: pending.email,
    });
  });

  it("refuses other clients' admins and users without a client", async () => {
    const { db } = database();
    await expectAppError(listMembers({ db }, actorFor(s.adminB, s.clientB), s.clientA.id), "forbidden");
    await expectAppError(listMembers({ db }, actorFor(s.outsider), s.clientA.id), "forbidden");
    // a member of A acting for B (effective client B) does not read A through B's context
    await expectAppError(
      listMembers(
        { db },
        { ...actorFor(s.adminA, s.clientA), effectiveClientId: s.clientB.id },
        s.clientA.id,
      ),
      "forbidden",
    );
  });

  it("answers not_found for an unknown client and invalid_input for a malformed id", async () => {
    const { db } = database();
    await expectAppError(listMembers({ db }, actorFor(s.superAdmin), missingId()), "not_found");
    await expectAppError(listMembers({ db }, actorFor(s.superAdmin), "1; drop table users"), "invalid_input");
  });
});
