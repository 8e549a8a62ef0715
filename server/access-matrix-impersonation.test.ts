// Impersonation against the real app: audited, and the only way a super admin acts for a client (a
// client's page, the switcher; never a link or a form from elsewhere).
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs } from "../db/schema/audit.ts";
import {
  app,
  cookies,
  otherClientId,
  SELF,
  signIn,
  superAdminLogin,
  setUpAccessMatrix,
} from "./access-matrix-test-support.ts";

const database = setUpAccessMatrix();

describe("impersonation is audited", () => {
  it("writes impersonation.start and impersonation.stop with the actor and the client", async () => {
    const form = (fields: Record<string, string>) => ({
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: cookies.superAdmin!,
        origin: SELF,
      },
    });
    expect(
      (await app.request("/studio/session/impersonation", form({ intent: "start", clientId: otherClientId })))
        .status,
    ).toBe(302);
    const page = await app.request("/studio/other", { headers: { cookie: cookies.superAdmin! } });
    expect(await page.text()).toContain("You are acting as Other Client.");
    expect((await app.request("/studio/session/impersonation", form({ intent: "stop" }))).status).toBe(302);

    const rows = await database()
      .db.select({
        action: auditLogs.action,
        client: auditLogs.effectiveClientId,
        actor: auditLogs.actorProfileId,
      })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, otherClientId));
    const actions = rows.map((r) => r.action);
    expect(actions).toContain("impersonation.start");
    expect(actions).toContain("impersonation.stop");
    expect(rows.every((r) => r.actor !== null)).toBe(true);
  });
});

describe("a super admin acts for a client only by impersonating it", () => {
  const superAdminSession = () => signIn(superAdminLogin.email, superAdminLogin.password, "192.0.2.6");
  const impersonationStarts = async () =>
    (
      await database()
        .db.select({ n: count() })
        .from(auditLogs)
        .where(eq(auditLogs.action, "impersonation.start"))
    )[0]!.n;

  it("opening a client's page starts impersonation (audited, the banner shown); its pages keep it", async () => {
    const cookie = await superAdminSession();
    const before = await impersonationStarts();
    const page = await app.request("/studio/other", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("You are acting as Other Client.");
    expect(await impersonationStarts()).toBe(before + 1);
    // Already acting as it: no second start; a page without the client in its address keeps it.
    expect((await app.request("/studio/other/movies", { headers: { cookie } })).status).toBe(200);
    expect(await impersonationStarts()).toBe(before + 1);
    expect(await (await app.request("/studio/api-keys", { headers: { cookie } })).text()).toContain(
      "You are acting as Other Client.",
    );
  });

  it("a link from another site to a client's page does not start it", async () => {
    const cookie = await superAdminSession();
    const before = await impersonationStarts();
    for (const site of ["cross-site", "same-site"]) {
      const res = await app.request("/studio/other", { headers: { cookie, "sec-fetch-site": site } });
      expect(res.status, site).toBe(404);
    }
    expect(await impersonationStarts()).toBe(before);
    const own = await app.request("/studio/other", { headers: { cookie, "sec-fetch-site": "same-origin" } });
    expect(own.status).toBe(200);
    expect(await impersonationStarts()).toBe(before + 1);
  });

  it("a form posted to a client's page does not start it: refused as for any other client", async () => {
    const cookie = await superAdminSession();
    const before = await impersonationStarts();
    const res = await app.request("/studio/other", {
      method: "POST",
      body: new URLSearchParams({ intent: "invite", email: "someone@example.com", role: "admin" }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: SELF },
    });
    expect(res.status).toBe(404);
    expect(await impersonationStarts()).toBe(before);
  });

  it("the switcher starts impersonation for a super admin and No client ends it", async () => {
    const cookie = await superAdminSession();
    const post = (fields: Record<string, string>) =>
      app.request("/studio/session/active-client", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: SELF },
      });
    const picked = await post({ clientId: otherClientId, redirectTo: "/studio/demo/movies" });
    expect(picked.status).toBe(302);
    expect(picked.headers.get("location")).toBe("/studio/other/movies");
    expect(await (await app.request("/studio", { headers: { cookie } })).text()).toContain(
      "You are acting as Other Client.",
    );
    const none = await post({ clientId: "", redirectTo: "/studio/other/movies" });
    expect(none.headers.get("location")).toBe("/studio");
    const home = await (await app.request("/studio", { headers: { cookie } })).text();
    expect(home).not.toContain('data-testid="impersonation-banner"');
  });
});
