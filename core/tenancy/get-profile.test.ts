import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { getProfile, getProfileDetails } from "./get-profile.ts";
import { createPerson, createUserOnly, expectAppError, missingId } from "./tenancy-test-fixtures.ts";

const database = useTestDatabase();

describe("getProfile", () => {
  it("returns exactly id, user_id and is_super_admin", async () => {
    const { db } = database();
    const person = await createPerson(db, { isSuperAdmin: true });
    expect(await getProfile(db, person.userId)).toEqual({
      id: person.profileId,
      user_id: person.userId,
      is_super_admin: true,
    });
  });

  it('fails with exactly "Profile not found" for a user without a profile, an unknown user and a malformed id', async () => {
    const { db } = database();
    const user = await createUserOnly(db);
    await expectAppError(getProfile(db, user.id), "not_found", "Profile not found");
    await expectAppError(getProfile(db, missingId()), "not_found", "Profile not found");
    await expectAppError(getProfile(db, "not-a-uuid"), "not_found", "Profile not found");
  });
});

describe("getProfileDetails", () => {
  it("adds display name, locale, colour mode, disabled and last sign-in", async () => {
    const { db } = database();
    const person = await createPerson(db);
    const signedIn = new Date("2026-01-02T03:04:05Z");
    await db
      .update(profiles)
      .set({
        displayName: "Ann",
        locale: "nl",
        colourMode: "dark",
        timeZone: "Europe/Amsterdam",
        lastSignInAt: signedIn,
      })
      .where(eq(profiles.id, person.profileId));
    expect(await getProfileDetails(db, person.userId)).toEqual({
      id: person.profileId,
      user_id: person.userId,
      is_super_admin: false,
      displayName: "Ann",
      locale: "nl",
      colourMode: "dark",
      timeZone: "Europe/Amsterdam",
      disabledAt: null,
      lastSignInAt: signedIn,
    });
  });

  it('fails with "Profile not found" too', async () => {
    const { db } = database();
    await expectAppError(getProfileDetails(db, missingId()), "not_found", "Profile not found");
  });
});
