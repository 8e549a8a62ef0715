import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { profiles } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { LAST_SUPER_ADMIN, setSuperAdmin } from "./set-super-admin.ts";
import {
  actorFor,
  addMember,
  auditRowsFor,
  countRows,
  createPerson,
  createTestClient,
  expectAppError,
  missingId,
} from "./tenancy-test-fixtures.ts";

const flagOf = async (db: ReturnType<ReturnType<typeof useTestDatabase>>["db"], profileId: string) =>
  (await db.select({ flag: profiles.isSuperAdmin }).from(profiles).where(eq(profiles.id, profileId)))[0]
    ?.flag;

describe("setSuperAdmin", () => {
  const database = useTestDatabase();

  it("lets a super admin grant and withdraw the flag, audited with before and after", async () => {
    const { db } = database();
    const boss = await createPerson(db, { isSuperAdmin: true });
    const colleague = await createPerson(db);
    expect(
      await setSuperAdmin({ db }, actorFor(boss), { profileId: colleague.profileId, isSuperAdmin: true }),
    ).toEqual({
      profileId: colleague.profileId,
      isSuperAdmin: true,
      changed: true,
    });
    expect(await flagOf(db, colleague.profileId)).toBe(true);
    const [audit] = await auditRowsFor(db, "super_admin.set");
    expect(audit).toMatchObject({
      actorProfileId: boss.profileId,
      entityType: "profile",
      entityId: colleague.profileId,
      before: { isSuperAdmin: false },
      after: { isSuperAdmin: true },
    });
    await setSuperAdmin({ db }, actorFor(boss), { profileId: colleague.profileId, isSuperAdmin: false });
    expect(await flagOf(db, colleague.profileId)).toBe(false);
    // The withdrawal is recorded (SUPER_ADMIN_EMAILS never grants the flag back).
    const [revoked] = await db
      .select({ at: profiles.superAdminRevokedAt })
      .from(profiles)
      .where(eq(profiles.id, colleague.profileId));
    expect(revoked?.at).toBeInstanceOf(Date);
    const audits = await countRows(db, auditLogs);
    expect(
      (await setSuperAdmin({ db }, actorFor(boss), { profileId: colleague.profileId, isSuperAdmin: false }))
        .changed,
    ).toBe(false);
    expect(await countRows(db, auditLogs)).toBe(audits);
  });

  it("refuses everyone else — client admins included — changing nothing", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const admin = await createPerson(db);
    const viewer = await createPerson(db);
    await addMember(db, client, admin, "admin");
    await addMember(db, client, viewer, "viewer");
    const audits = await countRows(db, auditLogs);
    for (const actor of [actorFor(admin, client), actorFor(viewer, client), actorFor(admin)]) {
      await expectAppError(
        setSuperAdmin({ db }, actor, { profileId: admin.profileId, isSuperAdmin: true }),
        "forbidden",
      );
    }
    expect(await flagOf(db, admin.profileId)).toBe(false);
    expect(await countRows(db, auditLogs)).toBe(audits);
  });

  it("answers not_found for an unknown profile and invalid_input for bad values", async () => {
    const { db } = database();
    const boss = await createPerson(db, { isSuperAdmin: true });
    await expectAppError(
      setSuperAdmin({ db }, actorFor(boss), { profileId: missingId(), isSuperAdmin: true }),
      "not_found",
      "Profile not found",
    );
    await expectAppError(
      setSuperAdmin({ db }, actorFor(boss), {
        profileId: boss.profileId,
        isSuperAdmin: "yes" as unknown as boolean,
      }),
      "invalid_input",
    );
  });
});

describe("setSuperAdmin: the last super admin", () => {
  const database = useTestDatabase();

  it("cannot remove their own flag, but can once there is another (active) one", async () => {
    const { db } = database();
    const only = await createPerson(db, { isSuperAdmin: true });
    await createPerson(db, { isSuperAdmin: true, disabled: true }); // a disabled one does not count
    await expectAppError(
      setSuperAdmin({ db }, actorFor(only), { profileId: only.profileId, isSuperAdmin: false }),
      "conflict",
      LAST_SUPER_ADMIN,
    );
    expect(await flagOf(db, only.profileId)).toBe(true);
    const second = await createPerson(db);
    await setSuperAdmin({ db }, actorFor(only), { profileId: second.profileId, isSuperAdmin: true });
    await setSuperAdmin({ db }, actorFor(only), { profileId: only.profileId, isSuperAdmin: false });
    expect(await flagOf(db, only.profileId)).toBe(false);
    await expectAppError(
      setSuperAdmin({ db }, actorFor({ ...second, isSuperAdmin: true }), {
        profileId: second.profileId,
        isSuperAdmin: false,
      }),
      "conflict",
    );
  });
});

describe("setSuperAdmin: two withdrawing at once", () => {
  const database = useTestDatabase();

  it("keeps one when the last two withdraw themselves at the same time", async () => {
    const { db } = database();
    const first = await createPerson(db, { isSuperAdmin: true });
    const second = await createPerson(db, { isSuperAdmin: true });
    const results = await Promise.allSettled([
      setSuperAdmin({ db }, actorFor(first), { profileId: first.profileId, isSuperAdmin: false }),
      setSuperAdmin({ db }, actorFor(second), { profileId: second.profileId, isSuperAdmin: false }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(
      await countRows(db, profiles, and(eq(profiles.isSuperAdmin, true), isNull(profiles.disabledAt))),
    ).toBe(1);
  });
});
