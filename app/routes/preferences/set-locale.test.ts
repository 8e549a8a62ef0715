// /preferences/locale through the real app (issue #22): the choice is remembered for 365 days in the
// cookie and, for a signed-in user, on the profile too, so the next sign-in brings it back.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs } from "../../../db/schema/audit.ts";
import { users } from "../../../db/schema/auth.ts";
import { profiles } from "../../../db/schema/tenancy.ts";
import { postForm, setUpStudio } from "../../../tests/helpers/studio-test-app.ts";
import { preferenceCookies } from "../../lib/preference-cookies.server.ts";

const { studio, database } = setUpStudio();
const YEAR_SECONDS = 365 * 24 * 60 * 60;

async function profileOf(email: string) {
  const [row] = await database()
    .db.select({ id: profiles.id, locale: profiles.locale })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`no profile for ${email}`);
  return row;
}

function localeCookie(res: Response) {
  return res.headers.getSetCookie().find((cookie) => cookie.startsWith("reeltime-locale="));
}

describe("choosing a language", () => {
  it("keeps it in the cookie for 365 days, signed out too", async () => {
    const res = await postForm(
      studio().app,
      "/preferences/locale",
      { locale: "ar", redirectTo: "/studio/user/login" },
      "",
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/studio/user/login");
    expect(localeCookie(res)).toBe(`reeltime-locale=ar; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`);
  });

  it("keeps a signed-in user's choice on the profile, and the next sign-in brings it back", async () => {
    const account = studio().accounts.editor;
    const before = await profileOf(account.email);
    expect(before.locale).not.toBe("ja");

    const res = await postForm(
      studio().app,
      "/preferences/locale",
      { locale: "ja", redirectTo: "/studio" },
      studio().cookies.editor,
    );
    expect(res.status).toBe(302);
    expect(localeCookie(res)).toMatch(/^reeltime-locale=ja; Path=\/; Max-Age=31536000;/);
    expect((await profileOf(account.email)).locale).toBe("ja");
    const audit = await database()
      .db.select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, before.id))
      .then((rows) => rows.filter((row) => row.action === "profile.update"));
    expect(audit.at(-1)?.after).toMatchObject({ locale: "ja" });

    // Another browser: signing in sets the profile's language there (login.tsx's preference cookies).
    const [user] = await database().db.select().from(users).where(eq(users.email, account.email));
    const carried = await preferenceCookies(studio().services, user!.id, false);
    expect(carried).toContain(`reeltime-locale=ja; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`);
  });
});
