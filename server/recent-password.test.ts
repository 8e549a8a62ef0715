// #21 finding 6: a super admin's session lives 400 days, but impersonating a client, adjusting credits and
// changing users need the password entered within RECENT_PASSWORD_MINUTES. Older: the action is refused
// and the browser goes to /studio/user/verify-password, which checks the password and comes back.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../db/schema/auth.ts";
import { clients } from "../db/schema/tenancy.ts";
import { RECENT_PASSWORD_MINUTES } from "../core/access/recent-password.ts";
import { BASE, get, postForm, setUpStudio, signIn } from "../tests/helpers/studio-test-app.ts";

const { database, studio } = setUpStudio();

/** A fresh super admin session whose sign-in lies `minutes` in the past. */
async function staleSuperAdmin(minutes: number) {
  const { app, accounts } = studio();
  const cookie = await signIn(app, accounts.superAdmin.email, accounts.superAdmin.password);
  const { db } = database();
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, accounts.superAdmin.email));
  const past = new Date(Date.now() - minutes * 60_000);
  await db.update(sessions).set({ createdAt: past }).where(eq(sessions.userId, user!.id));
  return cookie;
}

async function demoClientId() {
  const [demo] = await database()
    .db.select({ id: clients.uuid })
    .from(clients)
    .where(eq(clients.slug, "demo"));
  return demo!.id;
}

describe("step-up for the super admin's dangerous actions", () => {
  it("sends a super admin whose sign-in is older than the window to enter the password again, then lets them act", async () => {
    const { app, accounts } = studio();
    const cookie = await staleSuperAdmin(RECENT_PASSWORD_MINUTES + 1);
    const clientId = await demoClientId();
    const start = () => postForm(app, "/studio/session/impersonation", { intent: "start", clientId }, cookie);

    const refused = await start();
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/studio/user/verify-password");
    const [session] = await database()
      .db.select()
      .from(sessions)
      .where(eq(sessions.impersonatedClientId, clientId));
    expect(session).toBeUndefined();

    // Opening a client's address (GET impersonation) asks too, and names the way back.
    const opened = await get(app, "/studio/demo", cookie);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/studio/user/verify-password?returnTo=%2Fstudio%2Fdemo");

    const page = await get(app, "/studio/user/verify-password?returnTo=%2Fstudio%2Fdemo", cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirm it is you");

    const wrong = await postForm(
      app,
      "/studio/user/verify-password",
      { password: "not the password", returnTo: "/studio/demo" },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect((await start()).headers.get("location")).toBe("/studio/user/verify-password");

    const right = await postForm(
      app,
      "/studio/user/verify-password",
      { password: accounts.superAdmin.password, returnTo: "/studio/demo" },
      cookie,
    );
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/studio/demo");
    const done = await start();
    expect(done.headers.get("location")).toBe("/studio/demo");
  });

  it("asks before adjusting credits and changing users too", async () => {
    const { app } = studio();
    const cookie = await staleSuperAdmin(RECENT_PASSWORD_MINUTES + 5);
    const adjust = await postForm(
      app,
      "/studio/config/credit-balances",
      { intent: "adjust", clientId: await demoClientId(), delta: "100", reason: "goodwill" },
      cookie,
    );
    expect(adjust.status).toBe(302);
    expect(adjust.headers.get("location")).toBe("/studio/user/verify-password");
  });

  it("lets a fresh sign-in act at once, and returns only to studio pages", async () => {
    const { app, accounts } = studio();
    const cookie = await signIn(app, accounts.superAdmin.email, accounts.superAdmin.password);
    const started = await postForm(
      app,
      "/studio/session/impersonation",
      { intent: "start", clientId: await demoClientId() },
      cookie,
    );
    expect(started.headers.get("location")).toBe("/studio/demo");
    for (const returnTo of ["https://evil.example/", "//evil.example", "/cookieverklaring"]) {
      const back = await postForm(
        app,
        "/studio/user/verify-password",
        { password: accounts.superAdmin.password, returnTo },
        cookie,
      );
      expect(back.headers.get("location"), returnTo).toBe("/studio");
    }
  });

  it("is not a page for visitors", async () => {
    const res = await studio().app.request(`${BASE}/studio/user/verify-password`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/studio/user/login");
  });
});
