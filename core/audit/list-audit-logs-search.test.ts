// The audit trail's search, filters, date range, sort and groups (changes vs auth events), its filter
// choices, and the import runs listing: scoping and validation included.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { importRuns, sources } from "../../db/schema/ingest.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { actorFor, createScenario, expectAppError, type Scenario } from "../tenancy/tenancy-test-fixtures.ts";
import { auditDiff, REDACTED } from "./audit-diff.ts";
import { listAuditFilterChoices, listAuditLogs } from "./list-audit-logs.ts";
import { listImportRuns } from "./list-import-runs.ts";
import { writeAuditLog } from "./write-audit-log.ts";

const database = useTestDatabase();
let s: Scenario;

/** Writes one row and dates it `day` (noon UTC); each action occurs once here, so it names the row. */
async function entry(
  actor: Parameters<typeof writeAuditLog>[1],
  day: string,
  values: Parameters<typeof writeAuditLog>[2],
) {
  const { db } = database();
  await writeAuditLog(db, actor, values);
  await db
    .update(auditLogs)
    .set({ at: new Date(`${day}T12:00:00Z`) })
    .where(eq(auditLogs.action, values.action));
}

beforeAll(async () => {
  const { db } = database();
  s = await createScenario(db);
  const superAdmin = actorFor(s.superAdmin);
  await entry(superAdmin, "2026-01-01", {
    action: "client.update",
    entityType: "client",
    entityId: s.clientA.id,
    clientId: s.clientA.id,
    before: { name: "Old", notes: null },
    after: { name: "New", notes: null },
    requestId: "req-find-me-1",
  });
  await entry(superAdmin, "2026-01-05", {
    action: "credits.offer.create",
    entityType: "credit_offer",
    entityId: "offer-42",
    clientId: null,
    after: { name: "Growth", credits: 100000 },
  });
  await entry(actorFor(s.adminA, s.clientA), "2026-01-10", {
    action: "api_key.create",
    entityType: "api_key",
    entityId: "key-7",
  });
  await entry(null, "2026-01-11", {
    action: "auth.sign_in",
    actorProfileId: s.adminA.profileId,
    clientId: s.clientA.id,
  });
  await entry(actorFor(s.superAdmin, s.clientB, { impersonating: true }), "2026-01-12", {
    action: "impersonation.start",
    clientId: s.clientB.id,
  });
  await entry(actorFor(s.adminB, s.clientB), "2026-01-15", {
    action: "api_key.revoke",
    entityType: "api_key",
    entityId: "key-8",
  });
});

const actions = (page: { rows: { action: string }[] }) => page.rows.map((r) => r.action);

describe("listAuditLogs: search, filters, sort", () => {
  it("splits changes from sign-ins, auth events and impersonation", async () => {
    const { db } = database();
    const actor = actorFor(s.superAdmin);
    expect(actions(await listAuditLogs({ db }, actor, { group: "auth" }))).toEqual([
      "impersonation.start",
      "auth.sign_in",
    ]);
    expect(actions(await listAuditLogs({ db }, actor, { group: "changes" }))).toEqual([
      "api_key.revoke",
      "api_key.create",
      "credits.offer.create",
      "client.update",
    ]);
  });

  it("searches action, entity id, actor name and e-mail, and request id", async () => {
    const { db } = database();
    const actor = actorFor(s.superAdmin);
    expect(actions(await listAuditLogs({ db }, actor, { search: "offer.cre" }))).toEqual([
      "credits.offer.create",
    ]);
    expect(actions(await listAuditLogs({ db }, actor, { search: "KEY-7" }))).toEqual(["api_key.create"]);
    expect(actions(await listAuditLogs({ db }, actor, { search: "find-me" }))).toEqual(["client.update"]);
    expect(actions(await listAuditLogs({ db }, actor, { search: s.adminB.email }))).toEqual([
      "api_key.revoke",
    ]);
    expect(actions(await listAuditLogs({ db }, actor, { search: s.adminA.name, group: "auth" }))).toEqual([
      "auth.sign_in",
    ]);
    // LIKE wildcards are taken literally
    expect((await listAuditLogs({ db }, actor, { search: "%" })).total).toBe(0);
  });

  it("filters by client, kind, entity type, actor and days (both included)", async () => {
    const { db } = database();
    const actor = actorFor(s.superAdmin);
    expect(actions(await listAuditLogs({ db }, actor, { clientId: s.clientB.id }))).toEqual([
      "api_key.revoke",
      "impersonation.start",
    ]);
    expect(actions(await listAuditLogs({ db }, actor, { action: "api_key." }))).toEqual([
      "api_key.revoke",
      "api_key.create",
    ]);
    expect(actions(await listAuditLogs({ db }, actor, { entityType: "credit_offer" }))).toEqual([
      "credits.offer.create",
    ]);
    expect(actions(await listAuditLogs({ db }, actor, { actorProfileId: s.adminA.profileId }))).toEqual([
      "auth.sign_in",
      "api_key.create",
    ]);
    expect(actions(await listAuditLogs({ db }, actor, { from: "2026-01-05", to: "2026-01-11" }))).toEqual([
      "auth.sign_in",
      "api_key.create",
      "credits.offer.create",
    ]);
  });

  it("sorts oldest first on request and pages", async () => {
    const { db } = database();
    const actor = actorFor(s.superAdmin);
    const oldest = await listAuditLogs({ db }, actor, { sort: "at", pageSize: 2, page: 2 });
    expect(oldest).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    expect(actions(oldest)).toEqual(["api_key.create", "auth.sign_in"]);
  });

  it("keeps a client admin to their own client, whatever the filters", async () => {
    const { db } = database();
    const admin = actorFor(s.adminA, s.clientA);
    expect(actions(await listAuditLogs({ db }, admin, { search: "api_key" }))).toEqual(["api_key.create"]);
    expect((await listAuditLogs({ db }, admin, { actorProfileId: s.adminB.profileId })).total).toBe(0);
    await expectAppError(listAuditLogs({ db }, admin, { clientId: s.clientB.id }), "forbidden");
  });

  it("refuses malformed parameters clearly", async () => {
    const { db } = database();
    const actor = actorFor(s.superAdmin);
    for (const input of [
      { from: "2026-13-45" },
      { to: "yesterday" },
      { sort: "-action" },
      { group: "everything" },
      { actorProfileId: "me" },
      { entityType: "client; drop" },
      { search: "x".repeat(201) },
      { pageSize: 1000 },
    ]) {
      await expectAppError(listAuditLogs({ db }, actor, input as never), "invalid_input");
    }
  });
});

describe("listAuditFilterChoices", () => {
  it("offers the kinds, entity types and actors of the rows one may see", async () => {
    const { db } = database();
    const all = await listAuditFilterChoices({ db }, actorFor(s.superAdmin));
    expect(all.kinds).toEqual(["api_key.", "auth.", "client.", "credits.", "impersonation."]);
    expect(all.entityTypes).toEqual(["api_key", "client", "credit_offer"]);
    expect(all.actors.map((a) => a.id).sort()).toEqual(
      [s.superAdmin.profileId, s.adminA.profileId, s.adminB.profileId].sort(),
    );
    const own = await listAuditFilterChoices({ db }, actorFor(s.adminA, s.clientA));
    expect(own.kinds).toEqual(["api_key.", "auth.", "client."]);
    expect(own.actors.map((a) => a.id).sort()).toEqual([s.superAdmin.profileId, s.adminA.profileId].sort());
    await expectAppError(listAuditFilterChoices({ db }, actorFor(s.editorA, s.clientA)), "forbidden");
  });
});

describe("auditDiff", () => {
  it("marks changed, added, removed and unchanged fields, changed first, secrets redacted", () => {
    const diff = auditDiff(
      { name: "Old", notes: null, gone: 1, passwordHash: "x", nested: { apiToken: "t", keep: [1] } },
      { name: "New", notes: null, added: true, passwordHash: "y", nested: { apiToken: "u", keep: [1, 2] } },
    );
    expect(diff.map((d) => [d.field, d.status])).toEqual([
      ["name", "changed"],
      ["nested", "changed"],
      ["added", "added"],
      ["gone", "removed"],
      ["notes", "unchanged"],
      ["passwordHash", "unchanged"],
    ]);
    expect(diff.find((d) => d.field === "passwordHash")).toMatchObject({ before: `"${REDACTED}"` });
    const nested = diff.find((d) => d.field === "nested")!;
    expect(nested.after).toContain(REDACTED);
    expect(nested.after).not.toContain('"u"');
    expect(nested.after).toContain("\n");
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff(null, { a: 1 })).toEqual([{ field: "a", status: "added", before: null, after: "1" }]);
    expect(auditDiff("x", "y")).toEqual([{ field: "", status: "changed", before: '"x"', after: '"y"' }]);
  });
});

describe("listImportRuns", () => {
  it("lists runs with their source for a super admin only, filtered, searched and validated", async () => {
    const { db } = database();
    const actor = actorFor(s.superAdmin);
    expect(await listImportRuns({ db }, actor, {})).toMatchObject({ rows: [], total: 0 });
    const [source] = await db
      .insert(sources)
      .values({ name: "Pathé feed", format: "reeltime-json", location: "https://example.test/feed" })
      .returning();
    await db.insert(importRuns).values([
      {
        sourceId: source!.id,
        status: "failed",
        startedAt: new Date("2026-02-01T10:00:00Z"),
        errorSummary: "404",
      },
      {
        sourceId: source!.id,
        status: "succeeded",
        startedAt: new Date("2026-02-02T10:00:00Z"),
        finishedAt: new Date("2026-02-02T10:01:00Z"),
        counts: { read: 10, inserted: 8, updated: 2, cancelled: 0, unmatched: 1, rejected: 0 },
        problems: [{ where: "row 3", field: "title", message: "empty" }],
      },
    ]);
    const all = await listImportRuns({ db }, actor, {});
    expect(all.rows.map((r) => r.status)).toEqual(["succeeded", "failed"]);
    expect(all.rows[0]).toMatchObject({ sourceName: "Pathé feed", problemCount: 1, counts: { read: 10 } });
    expect((await listImportRuns({ db }, actor, { sort: "startedAt" })).rows[0]!.status).toBe("failed");
    expect((await listImportRuns({ db }, actor, { status: "failed" })).total).toBe(1);
    expect((await listImportRuns({ db }, actor, { search: "pathé" })).total).toBe(2);
    expect((await listImportRuns({ db }, actor, { search: "other" })).total).toBe(0);
    expect((await listImportRuns({ db }, actor, { from: "2026-02-02" })).total).toBe(1);
    expect((await listImportRuns({ db }, actor, { to: "2026-02-01" })).total).toBe(1);
    await expectAppError(listImportRuns({ db }, actor, { status: "done" as never }), "invalid_input");
    await expectAppError(listImportRuns({ db }, actor, { from: "02-02-2026" }), "invalid_input");
    await expectAppError(listImportRuns({ db }, actorFor(s.adminA, s.clientA), {}), "forbidden");
  });
});
