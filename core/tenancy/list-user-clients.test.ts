import { describe, expect, it } from "vitest";
import { clients } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { getProfile } from "./get-profile.ts";
import { listUserClients, USER_PROFILE_NOT_LOADED } from "./list-user-clients.ts";
import { addMember, createPerson, createTestClient } from "./tenancy-test-fixtures.ts";

const database = useTestDatabase();

describe("listUserClients", () => {
  it('fails with exactly "User profile not loaded" without a profile', async () => {
    const { db } = database();
    await expect(listUserClients(db, null)).rejects.toThrow(new Error("User profile not loaded"));
    expect(USER_PROFILE_NOT_LOADED).toBe("User profile not loaded");
  });

  it("gives a member exactly their clients, ordered by name, with their role", async () => {
    const { db } = database();
    const gamma = await createTestClient(db, { name: "gamma Media" });
    const alpha = await createTestClient(db, { name: "Alpha News" });
    const beta = await createTestClient(db, { name: "beta Guide" });
    await createTestClient(db, { name: "Aaa Not Mine" });
    const person = await createPerson(db);
    await addMember(db, gamma, person, "viewer");
    await addMember(db, alpha, person, "admin");
    await addMember(db, beta, person, "editor");
    const profile = await getProfile(db, person.userId);
    expect(await listUserClients(db, profile)).toEqual([
      { client_id: alpha.id, client_slug: alpha.slug, client_name: "Alpha News", user_role: "admin" },
      { client_id: beta.id, client_slug: beta.slug, client_name: "beta Guide", user_role: "editor" },
      { client_id: gamma.id, client_slug: gamma.slug, client_name: "gamma Media", user_role: "viewer" },
    ]);
  });

  it("gives a user without memberships an empty list", async () => {
    const { db } = database();
    const person = await createPerson(db);
    expect(await listUserClients(db, await getProfile(db, person.userId))).toEqual([]);
  });

  it("gives a super admin every client by name, each as admin, with an empty slug when it has none", async () => {
    const { db } = database();
    const [noSlug] = await db.insert(clients).values({ name: "Zulu Without Slug", slug: null }).returning();
    const superAdmin = await createPerson(db, { isSuperAdmin: true });
    const list = await listUserClients(db, await getProfile(db, superAdmin.userId));
    const all = await db.select().from(clients);
    expect(list).toHaveLength(all.length);
    expect(list.every((entry) => entry.user_role === "admin")).toBe(true);
    const names = list.map((entry) => entry.client_name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(list.at(-1)).toEqual({
      client_id: noSlug!.uuid,
      client_slug: "",
      client_name: "Zulu Without Slug",
      user_role: "admin",
    });
  });
});
