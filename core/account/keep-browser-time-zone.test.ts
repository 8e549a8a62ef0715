// The browser's zone is kept once, at the first studio visit: never over a zone already kept (the
// browser's earlier, or one chosen in the profile), and only a zone Intl knows, by its canonical name.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { actorFor, auditRowsFor, createPerson, expectAppError } from "../tenancy/tenancy-test-fixtures.ts";
import { keepBrowserTimeZone } from "./keep-browser-time-zone.ts";

const database = useTestDatabase();

async function keptZone(profileId: string) {
  const [row] = await database()
    .db.select({ timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row?.timeZone;
}

describe("keepBrowserTimeZone", () => {
  it("keeps the first zone by its canonical name, audited, and never replaces it", async () => {
    const { db } = database();
    const person = await createPerson(db);
    const actor = actorFor(person);
    expect(await keptZone(person.profileId)).toBeNull();

    expect(await keepBrowserTimeZone({ db }, actor, { timeZone: "asia/tokyo" })).toBe("Asia/Tokyo");
    expect(await keptZone(person.profileId)).toBe("Asia/Tokyo");
    const audits = (await auditRowsFor(db, "profile.update")).filter(
      (row) => row.entityId === person.profileId,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ before: { timeZone: null }, after: { timeZone: "Asia/Tokyo" } });

    // Another browser (or the same one travelling) reports another zone: the kept one answers.
    expect(await keepBrowserTimeZone({ db }, actor, { timeZone: "Europe/Amsterdam" })).toBe("Asia/Tokyo");
    expect(await keptZone(person.profileId)).toBe("Asia/Tokyo");
    expect(
      (await auditRowsFor(db, "profile.update")).filter((row) => row.entityId === person.profileId),
    ).toHaveLength(1);
  });

  it("leaves a zone chosen in the profile as it is", async () => {
    const { db } = database();
    const person = await createPerson(db);
    await db.update(profiles).set({ timeZone: "America/New_York" }).where(eq(profiles.id, person.profileId));
    expect(await keepBrowserTimeZone({ db }, actorFor(person), { timeZone: "Asia/Tokyo" })).toBe(
      "America/New_York",
    );
    expect(await keptZone(person.profileId)).toBe("America/New_York");
  });

  it("refuses a zone Intl does not know, keeping none", async () => {
    const { db } = database();
    const person = await createPerson(db);
    await expectAppError(
      keepBrowserTimeZone({ db }, actorFor(person), { timeZone: "Mars/Olympus" }),
      "invalid_input",
    );
    await expectAppError(keepBrowserTimeZone({ db }, actorFor(person), { timeZone: "" }), "invalid_input");
    expect(await keptZone(person.profileId)).toBeNull();
  });
});
