import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { deleteClient } from "./delete-client.ts";
import { ACCOUNT_DISABLED, resolveActor } from "./resolve-actor.ts";
import {
  actorFor,
  addMember,
  createPerson,
  createSession,
  createTestClient,
  createUserOnly,
  expectAppError,
  type TestClient,
  type TestPerson,
} from "./tenancy-test-fixtures.ts";
import { keyServices } from "../api-keys/api-key-test-support.ts";

const database = useTestDatabase();
let alpha: TestClient;
let beta: TestClient;
let gamma: TestClient;
let member: TestPerson;
let boss: TestPerson;

beforeAll(async () => {
  const { db } = database();
  gamma = await createTestClient(db, { name: "Gamma" });
  beta = await createTestClient(db, { name: "beta" });
  alpha = await createTestClient(db, { name: "Alpha" });
  member = await createPerson(db);
  await addMember(db, gamma, member, "admin");
  await addMember(db, beta, member, "viewer");
  boss = await createPerson(db, { isSuperAdmin: true });
});

const ref = (c: TestClient) => ({ id: c.id, slug: c.slug, name: c.name });

describe("resolveActor", () => {
  it("gives a member their first client by name as active and effective, with their role there", async () => {
    const { db } = database();
    const sessionId = await createSession(db, member);
    const resolved = await resolveActor(
      { db },
      {
        userId: member.userId,
        sessionId,
        requestId: "r1",
        ip: "10.0.0.1",
      },
    );
    expect(resolved.clientList.map((c) => c.client_name)).toEqual(["beta", "Gamma"]);
    expect(resolved.activeClient).toEqual(ref(beta));
    expect(resolved.effectiveClient).toEqual(ref(beta));
    expect(resolved.impersonatedClient).toBeNull();
    expect(resolved.requestedClientDenied).toBe(false);
    expect(resolved.actor).toEqual({
      userId: member.userId,
      profileId: member.profileId,
      isSuperAdmin: false,
      effectiveClientId: beta.id,
      role: "viewer",
      impersonating: false,
      // The session's sign-in: when its password was last entered.
      passwordVerifiedAt: expect.any(Date),
      requestId: "r1",
      ip: "10.0.0.1",
    });
    expect(resolved.profile).toMatchObject({
      id: member.profileId,
      user_id: member.userId,
      is_super_admin: false,
      colourMode: "system",
    });
  });

  it("uses the requested client (slug or id) when the user is a member of it", async () => {
    const { db } = database();
    const sessionId = await createSession(db, member);
    const bySlug = await resolveActor(
      { db },
      {
        userId: member.userId,
        sessionId,
        activeClientSlugOrId: gamma.slug,
      },
    );
    expect(bySlug.effectiveClient).toEqual(ref(gamma));
    expect(bySlug.actor.role).toBe("admin");
    const byId = await resolveActor(
      { db },
      { userId: member.userId, sessionId, activeClientSlugOrId: gamma.id },
    );
    expect(byId.actor.effectiveClientId).toBe(gamma.id);
  });

  it("never lets a non-member act for a client they asked for: falls back to their own and says it was denied", async () => {
    const { db } = database();
    const sessionId = await createSession(db, member);
    for (const requested of [alpha.slug, alpha.id, "does-not-exist"]) {
      const resolved = await resolveActor(
        { db },
        {
          userId: member.userId,
          sessionId,
          activeClientSlugOrId: requested,
        },
      );
      expect(resolved.actor.effectiveClientId).toBe(beta.id);
      expect(resolved.requestedClientDenied).toBe(true);
    }
  });

  it("gives a user without clients no effective client and no role", async () => {
    const { db } = database();
    const loner = await createPerson(db);
    const resolved = await resolveActor(
      { db },
      {
        userId: loner.userId,
        sessionId: await createSession(db, loner),
      },
    );
    expect(resolved).toMatchObject({
      clientList: [],
      activeClient: null,
      effectiveClient: null,
      impersonatedClient: null,
    });
    expect(resolved.actor).toMatchObject({ effectiveClientId: null, role: null, impersonating: false });
  });

  it("gives a super admin every client and acts for none of them unless impersonating", async () => {
    const { db } = database();
    const sessionId = await createSession(db, boss);
    const plain = await resolveActor({ db }, { userId: boss.userId, sessionId });
    expect(plain.clientList.map((c) => c.client_name)).toEqual(["Alpha", "beta", "Gamma"]);
    expect(plain.clientList.every((c) => c.user_role === "admin")).toBe(true);
    expect(plain.effectiveClient).toBeNull();
    expect(plain.actor).toMatchObject({
      isSuperAdmin: true,
      effectiveClientId: null,
      role: null,
      impersonating: false,
    });
    const chosen = await resolveActor(
      { db },
      {
        userId: boss.userId,
        sessionId,
        activeClientSlugOrId: alpha.slug,
      },
    );
    // Asking for a client is not acting for it: that is impersonation only (the banner shows it).
    expect(chosen.requestedClient).toEqual(ref(alpha));
    expect(chosen.requestedClientDenied).toBe(false);
    expect(chosen.activeClient).toBeNull();
    expect(chosen.effectiveClient).toBeNull();
    expect(chosen.actor).toMatchObject({ effectiveClientId: null, role: null, impersonating: false });
  });

  it("acts as the impersonated client for a super admin, whatever client is requested", async () => {
    const { db } = database();
    const sessionId = await createSession(db, boss, { impersonatedClientId: gamma.id });
    const resolved = await resolveActor(
      { db },
      {
        userId: boss.userId,
        sessionId,
        activeClientSlugOrId: alpha.slug,
      },
    );
    expect(resolved.impersonatedClient).toEqual(ref(gamma));
    expect(resolved.requestedClient).toEqual(ref(alpha));
    expect(resolved.activeClient).toBeNull();
    expect(resolved.effectiveClient).toEqual(ref(gamma));
    expect(resolved.actor).toMatchObject({ effectiveClientId: gamma.id, role: "admin", impersonating: true });
    // another session of the same user is not impersonating
    const other = await resolveActor(
      { db },
      { userId: boss.userId, sessionId: await createSession(db, boss) },
    );
    expect(other.actor.impersonating).toBe(false);
  });

  it("ignores an impersonation once the user is no longer a super admin, or the client is gone", async () => {
    const { db } = database();
    const former = await createPerson(db, { isSuperAdmin: true });
    const sessionId = await createSession(db, former, { impersonatedClientId: alpha.id });
    await db.update(profiles).set({ isSuperAdmin: false }).where(eq(profiles.id, former.profileId));
    const demoted = await resolveActor({ db }, { userId: former.userId, sessionId });
    expect(demoted.actor).toMatchObject({
      isSuperAdmin: false,
      effectiveClientId: null,
      impersonating: false,
      role: null,
    });
    expect(demoted.clientList).toEqual([]);

    const doomed = await createTestClient(db, { name: "Doomed" });
    const bossSession = await createSession(db, boss, { impersonatedClientId: doomed.id });
    await deleteClient(keyServices(db).services, actorFor(boss), { clientId: doomed.id });
    const after = await resolveActor({ db }, { userId: boss.userId, sessionId: bossSession });
    expect(after.actor).toMatchObject({ impersonating: false, effectiveClientId: null });
  });

  it('fails with "Profile not found" without a profile, and as unauthenticated for a disabled account', async () => {
    const { db } = database();
    const user = await createUserOnly(db);
    await expectAppError(
      resolveActor({ db }, { userId: user.id, sessionId: "whatever" }),
      "not_found",
      "Profile not found",
    );
    const blocked = await createPerson(db, { disabled: true });
    await expectAppError(
      resolveActor({ db }, { userId: blocked.userId, sessionId: await createSession(db, blocked) }),
      "unauthenticated",
      ACCOUNT_DISABLED,
    );
  });

  it("needs two queries per request", async () => {
    const { db } = database();
    const sessionId = await createSession(db, member);
    let queries = 0;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property === "select" && typeof value === "function") {
          return (...args: unknown[]) => {
            queries++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value;
      },
    });
    await resolveActor(
      { db: counting },
      { userId: member.userId, sessionId, activeClientSlugOrId: gamma.slug },
    );
    expect(queries).toBe(2);
  });
});
