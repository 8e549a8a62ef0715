import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { profiles } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { ensureProfile } from "./ensure-profile.ts";
import { countRows, createUserOnly, expectAppError } from "./tenancy-test-fixtures.ts";

const database = useTestDatabase();

describe("ensureProfile", () => {
  it("creates a plain profile on first sign-in and is idempotent afterwards", async () => {
    const { db } = database();
    const user = await createUserOnly(db);
    const first = await ensureProfile(db, {
      userId: user.id,
      email: user.email,
      superAdminEmails: ["boss@example.test"],
    });
    expect(first).toMatchObject({ user_id: user.id, is_super_admin: false, created: true });
    const again = await ensureProfile(db, { userId: user.id, email: user.email, superAdminEmails: [] });
    expect(again).toEqual({ ...first, created: false });
    expect(await countRows(db, profiles, eq(profiles.userId, user.id))).toBe(1);
    const audit = await db.select().from(auditLogs).where(eq(auditLogs.entityId, first.id));
    expect(audit.map((row) => row.action)).toEqual(["profile.create"]);
    expect(audit[0]).toMatchObject({
      actorProfileId: first.id,
      effectiveClientId: null,
      impersonating: false,
    });
  });

  it("makes a bootstrap e-mail a super admin, whatever its case and spacing", async () => {
    const { db } = database();
    const user = await createUserOnly(db, { email: "founder@example.test" });
    const profile = await ensureProfile(db, {
      userId: user.id,
      email: " Founder@Example.TEST ",
      superAdminEmails: ["FOUNDER@example.test "],
      confirmed: true,
    });
    expect(profile.is_super_admin).toBe(true);
  });

  it("grants nothing before the address is confirmed, and never after a recorded withdrawal", async () => {
    const { db } = database();
    const user = await createUserOnly(db, { email: "listed@example.test" });
    const input = { userId: user.id, email: user.email, superAdminEmails: [user.email] };
    expect((await ensureProfile(db, input)).is_super_admin).toBe(false);
    expect((await ensureProfile(db, { ...input, confirmed: true })).is_super_admin).toBe(true);
    await db
      .update(profiles)
      .set({ isSuperAdmin: false, superAdminRevokedAt: new Date() })
      .where(eq(profiles.userId, user.id));
    expect((await ensureProfile(db, { ...input, confirmed: true })).is_super_admin).toBe(false);
  });

  it("promotes an existing profile whose e-mail joined the bootstrap list, and never switches the flag off", async () => {
    const { db } = database();
    const user = await createUserOnly(db);
    await ensureProfile(db, { userId: user.id, email: user.email, superAdminEmails: [] });
    const promoted = await ensureProfile(db, {
      userId: user.id,
      email: user.email,
      superAdminEmails: [user.email],
      confirmed: true,
    });
    expect(promoted).toMatchObject({ is_super_admin: true, created: false });
    const [bootstrap] = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, promoted.id))
      .orderBy(auditLogs.createdAt)
      .offset(1);
    expect(bootstrap).toMatchObject({ action: "super_admin.bootstrap", after: { isSuperAdmin: true } });
    const later = await ensureProfile(db, { userId: user.id, email: user.email, superAdminEmails: [] });
    expect(later.is_super_admin).toBe(true);
  });

  it("survives concurrent first sign-ins with one profile", async () => {
    const { db } = database();
    const user = await createUserOnly(db);
    const results = await Promise.all(
      [1, 2, 3].map(() => ensureProfile(db, { userId: user.id, email: user.email, superAdminEmails: [] })),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await countRows(db, profiles, eq(profiles.userId, user.id))).toBe(1);
  });

  it("rejects invalid input without writing anything", async () => {
    const { db } = database();
    const user = await createUserOnly(db);
    const error = await expectAppError(
      ensureProfile(db, { userId: user.id, email: "not an e-mail", superAdminEmails: [] }),
      "invalid_input",
    );
    expect(error.fieldErrors.email).toBeTruthy();
    await expectAppError(
      ensureProfile(db, { userId: "nope", email: user.email, superAdminEmails: [] }),
      "invalid_input",
    );
    expect(await countRows(db, profiles, eq(profiles.userId, user.id))).toBe(0);
  });
});
