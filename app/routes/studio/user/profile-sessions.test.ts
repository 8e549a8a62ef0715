// /studio/user/profile's sessions through the real app: revoking one (never another user's) or all others.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../../../../db/schema/auth.ts";
import {
  auditRows,
  createUser,
  getPage,
  post,
  setUpProfilePage,
  signIn,
} from "../../../../tests/helpers/profile-page.ts";

const database = setUpProfilePage();

describe("sessions", () => {
  it("revokes another session: its cookie stops working, this one carries on", async () => {
    const { userId, profileId } = await createUser("Sue Sessions", "sue@example.com", "sue-password-12");
    const here = await signIn("sue@example.com", "sue-password-12");
    const there = await signIn(
      "sue@example.com",
      "sue-password-12",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0",
    );
    const page = await (await getPage(here)).text();
    expect(page).toContain("Firefox on Windows");

    const { db } = database();
    const all = await db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(all).toHaveLength(2);
    const thereToken = decodeURIComponent(/reeltime\.session_token=([^;]+)/.exec(there)![1]!).split(".")[0];
    const target = all.find((s) => s.token === thereToken)!;

    // Without the confirmation nothing happens.
    expect((await post(here, { intent: "revoke-session", sessionId: target.id })).status).toBe(400);
    expect((await getPage(there)).status).toBe(200);

    const res = await post(here, { intent: "revoke-session", sessionId: target.id, confirm: "1" });
    expect(res.status).toBe(200);
    const gone = await getPage(there);
    expect(gone.status).toBe(302);
    expect(gone.headers.get("location")).toBe("/studio/user/login");
    expect((await getPage(here)).status).toBe(200);
    const [row] = await auditRows("auth.session_revoke", profileId);
    expect(row?.entityId).toBe(target.id);
  });

  it("cannot revoke another user's session", async () => {
    await createUser("Mal Lory", "mallory@example.com", "mallory-pass-1");
    const { userId: victimId } = await createUser("Vic Tim", "victim@example.com", "victim-pass-12");
    const mallory = await signIn("mallory@example.com", "mallory-pass-1");
    const victim = await signIn("victim@example.com", "victim-pass-12");
    const [victimSession] = await database().db.select().from(sessions).where(eq(sessions.userId, victimId));
    const res = await post(mallory, { intent: "revoke-session", sessionId: victimSession!.id, confirm: "1" });
    expect(res.status).toBe(404);
    expect((await getPage(victim)).status).toBe(200);
  });

  it("signs out all other sessions at once", async () => {
    const { profileId } = await createUser("Otto Others", "otto@example.com", "otto-password-1");
    const here = await signIn("otto@example.com", "otto-password-1");
    const a = await signIn("otto@example.com", "otto-password-1");
    const b = await signIn("otto@example.com", "otto-password-1");
    const res = await post(here, { intent: "revoke-other-sessions", confirm: "1" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("studio.profile.sessions.revokedOthers");
    expect((await getPage(a)).status).toBe(302);
    expect((await getPage(b)).status).toBe(302);
    expect((await getPage(here)).status).toBe(200);
    const [row] = await auditRows("auth.session_revoke", profileId);
    expect(row?.after).toMatchObject({ scope: "others", count: 2 });
  });
});
