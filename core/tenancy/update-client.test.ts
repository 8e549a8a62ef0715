import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { clients } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { SLUG_TAKEN } from "./create-client.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  createScenario,
  createTestClient,
  expectAppError,
  missingId,
  type Scenario,
} from "./tenancy-test-fixtures.ts";
import { updateClient } from "./update-client.ts";
import { insertApiKey } from "../api-keys/api-key-test-fixtures.ts";
import { keyServices } from "../api-keys/api-key-test-support.ts";

const database = useTestDatabase();
let s: Scenario;

beforeAll(async () => {
  s = await createScenario(database().db);
});

const read = async (id: string) =>
  (await database().db.select().from(clients).where(eq(clients.uuid, id)))[0]!;

describe("updateClient", () => {
  it("lets a super admin change name, slug, status, contact e-mail and notes, auditing before and after", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const updated = await updateClient(keyServices(db).services, actorFor(s.superAdmin), {
      clientId: client.id,
      name: " Renamed ",
      slug: "renamed-client",
      status: "suspended",
      contactEmail: "Boss@Renamed.test",
      notes: "VIP",
    });
    expect(updated).toMatchObject({
      name: "Renamed",
      slug: "renamed-client",
      status: "suspended",
      contactEmail: "boss@renamed.test",
      notes: "VIP",
    });
    const [audit] = await auditRowsFor(db, "client.update");
    expect(audit).toMatchObject({
      entityId: client.id,
      effectiveClientId: client.id,
      before: { name: client.name, slug: client.slug, status: "active", contactEmail: null, notes: null },
      after: { name: "Renamed", slug: "renamed-client", status: "suspended" },
    });
  });

  it("only touches the fields given, clears with an empty string, and does nothing when nothing changes", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    await updateClient(keyServices(db).services, actorFor(s.superAdmin), {
      clientId: client.id,
      contactEmail: "a@b.test",
      notes: "x",
    });
    const audits = await countRows(db, auditLogs);
    await updateClient(keyServices(db).services, actorFor(s.superAdmin), {
      clientId: client.id,
      name: client.name,
    });
    expect(await countRows(db, auditLogs)).toBe(audits);
    await updateClient(keyServices(db).services, actorFor(s.superAdmin), {
      clientId: client.id,
      contactEmail: "",
    });
    expect(await read(client.id)).toMatchObject({
      name: client.name,
      slug: client.slug,
      contactEmail: null,
      notes: "x",
    });
  });

  it("refuses another client's slug as a conflict on the slug field", async () => {
    const { db } = database();
    const error = await expectAppError(
      updateClient(keyServices(db).services, actorFor(s.superAdmin), {
        clientId: s.clientB.id,
        slug: s.clientA.slug,
      }),
      "conflict",
      SLUG_TAKEN,
    );
    expect(error.fieldErrors.slug).toBe(`error.${SLUG_TAKEN}`);
    expect((await read(s.clientB.id)).slug).toBe(s.clientB.slug);
  });

  it("answers not_found for an unknown client and invalid_input for bad values, changing nothing", async () => {
    const { db } = database();
    const audits = await countRows(db, auditLogs);
    await expectAppError(
      updateClient(keyServices(db).services, actorFor(s.superAdmin), { clientId: missingId(), name: "X" }),
      "not_found",
    );
    await expectAppError(
      updateClient(keyServices(db).services, actorFor(s.superAdmin), {
        clientId: s.clientA.id,
        slug: "Not A Slug!",
      }),
      "invalid_input",
    );
    await expectAppError(
      updateClient(keyServices(db).services, actorFor(s.superAdmin), { clientId: s.clientA.id, name: "" }),
      "invalid_input",
    );
    await expectAppError(
      updateClient(keyServices(db).services, actorFor(s.superAdmin), {
        clientId: s.clientA.id,
        status: "deleted" as "active",
      }),
      "invalid_input",
    );
    expect(await read(s.clientA.id)).toMatchObject({
      name: s.clientA.name,
      slug: s.clientA.slug,
      status: "active",
    });
    expect(await countRows(db, auditLogs)).toBe(audits);
  });

  it("refuses everyone but super admins, even the client's own admin", async () => {
    const { db } = database();
    for (const actor of [
      actorFor(s.adminA, s.clientA),
      actorFor(s.editorA, s.clientA),
      actorFor(s.viewerA, s.clientA),
      actorFor(s.adminB, s.clientB),
      actorFor(s.outsider),
    ]) {
      await expectAppError(
        updateClient(keyServices(db).services, actor, {
          clientId: s.clientA.id,
          name: "Hijacked",
          status: "suspended",
        }),
        "forbidden",
      );
    }
    expect(await read(s.clientA.id)).toMatchObject({ name: s.clientA.name, status: "active" });
  });

  it("stops the client's cached API keys at once when it is suspended, and lets them work again on reactivation", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const key = await insertApiKey(db, client.id);
    const { services } = keyServices(db);
    expect((await services.apiKeys.authenticate(key.key)).ok).toBe(true); // now cached for 30 s
    await updateClient(services, actorFor(s.superAdmin), { clientId: client.id, status: "suspended" });
    expect(await services.apiKeys.authenticate(key.key)).toEqual({ ok: false, refusal: "client-suspended" });
    await updateClient(services, actorFor(s.superAdmin), { clientId: client.id, status: "active" });
    expect((await services.apiKeys.authenticate(key.key)).ok).toBe(true);
  });
});
