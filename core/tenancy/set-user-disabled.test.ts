import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { sessions } from "../../db/schema/auth.ts";
import { profiles } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { CANNOT_DISABLE_SELF, setUserDisabled } from "./set-user-disabled.ts";
import {
  actorFor,
  addMember,
  auditRowsFor,
  countRows,
  createPerson,
  createSession,
  createTestClient,
  expectAppError,
  missingId,
} from "./tenancy-test-fixtures.ts";

const database = useTestDatabase();

const disabledAtOf = async (profileId: string) =>
  (
    await database().db.select({ at: profiles.disabledAt }).from(profiles).where(eq(profiles.id, profileId))
  )[0]?.at;

describe("setUserDisabled", () => {
  it("lets a super admin disable a user, ending all their sessions, and enable them again — both audited", async () => {
    const { db } = database();
    const boss = await createPerson(db, { isSuperAdmin: true });
    const user = await createPerson(db);
    await createSession(db, user);
    await createSession(db, user);
    const bossSession = await createSession(db, boss);
    const result = await setUserDisabled({ db }, actorFor(boss), {
      profileId: user.profileId,
      disabled: true,
    });
    expect(result).toMatchObject({ profileId: user.profileId, sessionsEnded: 2, changed: true });
    expect(await disabledAtOf(user.profileId)).toBeInstanceOf(Date);
    expect(await countRows(db, sessions, eq(sessions.userId, user.userId))).toBe(0);
    expect(await countRows(db, sessions, eq(sessions.id, bossSession))).toBe(1);
    const [disable] = await auditRowsFor(db, "user.disable");
    expect(disable).toMatchObject({
      actorProfileId: boss.profileId,
      entityId: user.profileId,
      before: { disabledAt: null },
      after: { sessionsEnded: 2 },
    });

    await setUserDisabled({ db }, actorFor(boss), { profileId: user.profileId, disabled: false });
    expect(await disabledAtOf(user.profileId)).toBeNull();
    expect(await auditRowsFor(db, "user.enable")).toHaveLength(1);
  });

  it("refuses to disable oneself", async () => {
    const { db } = database();
    const boss = await createPerson(db, { isSuperAdmin: true });
    const session = await createSession(db, boss);
    await expectAppError(
      setUserDisabled({ db }, actorFor(boss), { profileId: boss.profileId, disabled: true }),
      "conflict",
      CANNOT_DISABLE_SELF,
    );
    expect(await disabledAtOf(boss.profileId)).toBeNull();
    expect(await countRows(db, sessions, eq(sessions.id, session))).toBe(1);
  });

  it("refuses everyone else — client admins included — leaving the user and their sessions alone", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const admin = await createPerson(db);
    const viewer = await createPerson(db);
    await addMember(db, client, admin, "admin");
    await addMember(db, client, viewer, "viewer");
    const session = await createSession(db, viewer);
    const audits = await countRows(db, auditLogs);
    for (const actor of [actorFor(admin, client), actorFor(viewer, client), actorFor(admin)]) {
      await expectAppError(
        setUserDisabled({ db }, actor, { profileId: viewer.profileId, disabled: true }),
        "forbidden",
      );
    }
    expect(await disabledAtOf(viewer.profileId)).toBeNull();
    expect(await countRows(db, sessions, eq(sessions.id, session))).toBe(1);
    expect(await countRows(db, auditLogs)).toBe(audits);
  });

  it("answers not_found for an unknown profile and invalid_input for bad values", async () => {
    const { db } = database();
    const boss = await createPerson(db, { isSuperAdmin: true });
    await expectAppError(
      setUserDisabled({ db }, actorFor(boss), { profileId: missingId(), disabled: true }),
      "not_found",
    );
    await expectAppError(
      setUserDisabled({ db }, actorFor(boss), { profileId: "x", disabled: true }),
      "invalid_input",
    );
  });
});
