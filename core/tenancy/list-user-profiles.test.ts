import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { listUserProfiles } from "./list-user-profiles.ts";
import {
  actorFor,
  addMember,
  createPerson,
  createTestClient,
  createUserOnly,
  expectAppError,
  type TestPerson,
} from "./tenancy-test-fixtures.ts";

const database = useTestDatabase();
let boss: TestPerson;
let anna: TestPerson;
let ben: TestPerson;
let clientA: { id: string; name: string; slug: string };
const lastSignIn = new Date("2026-03-01T08:00:00Z");

beforeAll(async () => {
  const { db } = database();
  boss = await createPerson(db, { isSuperAdmin: true, name: "Zoe Boss", email: "zoe@staff.test" });
  anna = await createPerson(db, { name: "Anna Admin", email: "anna@client.test", lastSignInAt: lastSignIn });
  ben = await createPerson(db, { name: "Ben Blocked", email: "ben@client.test", disabled: true });
  await createPerson(db, { name: "Una Unconfirmed", email: "una@client.test", emailVerified: false });
  await createUserOnly(db, { name: "Nina No-Profile", email: "nina@client.test", emailVerified: false });
  clientA = await createTestClient(db, { name: "Alpha" });
  const beta = await createTestClient(db, { name: "beta" });
  await addMember(db, beta, anna, "viewer");
  await addMember(db, clientA, anna, "admin");
  await addMember(db, clientA, ben, "editor");
});

describe("listUserProfiles", () => {
  it("lists every user with confirmed, super admin, memberships by client name, last sign-in and disabled", async () => {
    const { db } = database();
    const page = await listUserProfiles({ db }, actorFor(boss), {});
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 25 });
    expect(page.rows.map((r) => r.email)).toEqual([
      "anna@client.test",
      "ben@client.test",
      "nina@client.test",
      "una@client.test",
      "zoe@staff.test",
    ]);
    const row = page.rows[0]!;
    expect(row).toMatchObject({
      profileId: anna.profileId,
      userId: anna.userId,
      name: "Anna Admin",
      confirmed: true,
      isSuperAdmin: false,
      disabledAt: null,
      lastSignInAt: lastSignIn,
    });
    expect(row.memberships.map((m) => [m.clientName, m.role])).toEqual([
      ["Alpha", "admin"],
      ["beta", "viewer"],
    ]);
    expect(page.rows.find((r) => r.email === "nina@client.test")).toMatchObject({
      profileId: null,
      confirmed: false,
      isSuperAdmin: false,
      memberships: [],
    });
  });

  it("filters confirmed, unconfirmed, super admins and disabled", async () => {
    const { db } = database();
    const emails = async (filter: "confirmed" | "unconfirmed" | "super-admins" | "disabled") =>
      (await listUserProfiles({ db }, actorFor(boss), { filter })).rows.map((r) => r.email);
    expect(await emails("confirmed")).toEqual(["anna@client.test", "ben@client.test", "zoe@staff.test"]);
    expect(await emails("unconfirmed")).toEqual(["nina@client.test", "una@client.test"]);
    expect(await emails("super-admins")).toEqual(["zoe@staff.test"]);
    expect(await emails("disabled")).toEqual(["ben@client.test"]);
  });

  it("searches name and e-mail, sorts, and pages with a total", async () => {
    const { db } = database();
    const actor = actorFor(boss);
    expect((await listUserProfiles({ db }, actor, { search: "BLOCK" })).rows.map((r) => r.email)).toEqual([
      "ben@client.test",
    ]);
    expect((await listUserProfiles({ db }, actor, { search: "@client" })).total).toBe(4);
    const second = await listUserProfiles({ db }, actor, { page: 2, pageSize: 2, sort: "-email" });
    expect(second.rows.map((r) => r.email)).toEqual(["nina@client.test", "ben@client.test"]);
    expect(second.total).toBe(5);
    expect((await listUserProfiles({ db }, actor, { sort: "-lastSignInAt" })).rows[0]!.email).toBe(
      "anna@client.test",
    );
  });

  it("refuses everyone but super admins", async () => {
    const { db } = database();
    for (const actor of [actorFor(anna, clientA), actorFor(ben, clientA), actorFor(anna)]) {
      await expectAppError(listUserProfiles({ db }, actor, {}), "forbidden");
    }
  });

  it("rejects an unknown filter", async () => {
    const { db } = database();
    await expectAppError(
      listUserProfiles({ db }, actorFor(boss), { filter: "admins" as "disabled" }),
      "invalid_input",
    );
  });
});
