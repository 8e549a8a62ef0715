import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema/auth.ts";
import { clientMembers, clients, invitations } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { deleteClient } from "./delete-client.ts";
import { inviteMember } from "./invite-member.ts";
import {
  actorFor,
  addMember,
  auditRowsFor,
  countRows,
  createPerson,
  createScenario,
  createSession,
  createTestClient,
  expectAppError,
  inviteServices,
  missingId,
  type Scenario,
} from "./tenancy-test-fixtures.ts";
import { insertApiKey } from "../api-keys/api-key-test-fixtures.ts";
import { keyServices } from "../api-keys/api-key-test-support.ts";

const database = useTestDatabase();
let s: Scenario;

beforeAll(async () => {
  s = await createScenario(database().db);
});

describe("deleteClient", () => {
  it("lets a super admin delete a client with its memberships and invitations, ends impersonations of it, and audits what it was", async () => {
    const { db } = database();
    const client = await createTestClient(db, { name: "Doomed" });
    await addMember(db, client, await createPerson(db), "admin");
    await inviteMember(inviteServices(db), actorFor(s.superAdmin), {
      clientId: client.id,
      email: "new@doomed.test",
      role: "viewer",
    });
    const sessionId = await createSession(db, s.superAdmin, { impersonatedClientId: client.id });

    await deleteClient(keyServices(db).services, actorFor(s.superAdmin, client, { impersonating: true }), {
      clientId: client.id,
    });

    expect(await countRows(db, clients, eq(clients.uuid, client.id))).toBe(0);
    expect(await countRows(db, clientMembers, eq(clientMembers.clientId, client.id))).toBe(0);
    expect(await countRows(db, invitations, eq(invitations.clientId, client.id))).toBe(0);
    const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session!.impersonatedClientId).toBeNull();
    const [audit] = await auditRowsFor(db, "client.delete");
    expect(audit).toMatchObject({
      actorProfileId: s.superAdmin.profileId,
      effectiveClientId: null,
      entityType: "client",
      entityId: client.id,
      before: { name: "Doomed", slug: client.slug, memberCount: 1 },
    });
  });

  it("answers not_found for an unknown client and invalid_input for a malformed id", async () => {
    const { db } = database();
    await expectAppError(
      deleteClient(keyServices(db).services, actorFor(s.superAdmin), { clientId: missingId() }),
      "not_found",
    );
    await expectAppError(
      deleteClient(keyServices(db).services, actorFor(s.superAdmin), { clientId: "x" }),
      "invalid_input",
    );
  });

  it("refuses everyone but super admins, the client's own admin included, deleting nothing", async () => {
    const { db } = database();
    for (const actor of [
      actorFor(s.adminA, s.clientA),
      actorFor(s.editorA, s.clientA),
      actorFor(s.viewerA, s.clientA),
      actorFor(s.adminB, s.clientB),
      actorFor(s.outsider),
    ]) {
      await expectAppError(
        deleteClient(keyServices(db).services, actor, { clientId: s.clientA.id }),
        "forbidden",
      );
    }
    expect(await countRows(db, clients, eq(clients.uuid, s.clientA.id))).toBe(1);
    expect(await countRows(db, clientMembers, eq(clientMembers.clientId, s.clientA.id))).toBe(3);
  });

  it("stops the client's cached API keys at once", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const key = await insertApiKey(db, client.id);
    const { services } = keyServices(db);
    expect((await services.apiKeys.authenticate(key.key)).ok).toBe(true); // now cached for 30 s
    await deleteClient(services, actorFor(s.superAdmin), { clientId: client.id });
    expect(await services.apiKeys.authenticate(key.key)).toEqual({ ok: false, refusal: "unknown" });
  });
});
