// Sign-in lockout and limits through the real app (findings 3 and 4): per address-and-account pair, per
// account, per client address, for registration, resends, resets, mails and password checks.
import { describe, expect, it } from "vitest";
import { linksIn } from "../tests/helpers/smtp-capture.ts";
import {
  apiSignIn,
  confirmLinks,
  cookieFrom,
  formPost,
  freshIp,
  hasSessionCookie,
  ipHeaders,
  PASSWORD,
  register,
  registerAndConfirm,
  services,
  setUpAuthApp,
  smtp,
} from "./auth-test-support.ts";

setUpAuthApp();

describe("sign-in lockout and limits (findings 3 and 4)", () => {
  const email = "lockout.target@example.com";

  it("makes the pair wait after five failures (429, not 500) while the owner signs in elsewhere", async () => {
    await registerAndConfirm(email);
    const attacker = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await formPost(
        "/studio/user/login",
        { intent: "sign-in", email, password: `wrong password ${i}` },
        { ip: attacker },
      );
      statuses.push(res.status);
      if (i === 5) {
        expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(await res.text()).toContain("Too many attempts");
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // The right password from the same place waits too; from elsewhere it works.
    expect((await apiSignIn(email, PASSWORD, attacker)).status).toBe(429);
    const owner = await formPost("/studio/user/login", { intent: "sign-in", email, password: PASSWORD });
    expect(owner.status).toBe(302);
  });

  it("holds a slower limit per account against many addresses; a password reset clears it", async () => {
    for (let i = 0; i < 50; i++) await apiSignIn(email, `wrong from many ${i}`);
    expect((await apiSignIn(email, PASSWORD)).status).toBe(429);

    // "Forgot password" still works while locked.
    const forgot = await formPost("/studio/user/login", { intent: "forgot", email });
    expect(forgot.status).toBe(200);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(email) && linksIn(m.text).some((l) => l.includes("type=recovery")),
    );
    const link = new URL(linksIn(mail.text).find((l) => l.includes("type=recovery"))!);
    const reset = await formPost(link.pathname + link.search, {
      intent: "recovery",
      token: link.searchParams.get("token")!,
      password: "a brand new one 2",
      confirmPassword: "a brand new one 2",
    });
    expect(reset.status).toBe(200);
    expect(hasSessionCookie(reset)).toBe(false);
    expect((await apiSignIn(email, "a brand new one 2")).status).toBe(200);
    // Dozens of sign-ins, each hashing a password: see the next test.
  }, 120_000);

  it("limits sign-in attempts per client address", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await apiSignIn(`nobody${i}@example.com`, "whatever 1", ip)).status);
    expect(statuses.slice(0, 60).every((s) => s === 401)).toBe(true);
    expect(statuses[60]).toBe(429);
    // 61 sign-ins, each hashing a password: seconds alone, much longer on a busy machine.
  }, 120_000);

  it("limits registration, resend and reset per client address and per account", async () => {
    const ip = freshIp();
    const perIp = async (send: (i: number) => Response | Promise<Response>) => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await send(i)).status);
      return statuses;
    };
    expect((await perIp((i) => register("N", `ip.limit.${i}@example.com`, ip))).at(-1)).toBe(429);
    const ip2 = freshIp();
    expect(
      (
        await perIp((i) =>
          formPost("/studio/user/login", { intent: "resend", email: `r${i}@example.com` }, { ip: ip2 }),
        )
      ).at(-1),
    ).toBe(429);
    const ip3 = freshIp();
    expect(
      (
        await perIp((i) =>
          formPost("/studio/user/login", { intent: "forgot", email: `f${i}@example.com` }, { ip: ip3 }),
        )
      ).at(-1),
    ).toBe(429);
    // Per account: from a new address each time.
    const account = "one.account@example.com";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await formPost("/studio/user/login", { intent: "forgot", email: account })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("sends at most three confirmation e-mails per address an hour, with the same answer", async () => {
    const email = "mail.cap@example.com";
    for (let i = 0; i < 3; i++) expect((await register("Cap", email)).status).toBe(200);
    await smtp.waitFor(() => confirmLinks(email).length >= 3);
    expect((await register("Cap", email)).status).toBe(200);
    expect((await formPost("/studio/user/login", { intent: "resend", email })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(confirmLinks(email)).toHaveLength(3);
  });

  it("limits current-password checks per account, for server calls too", async () => {
    const email = "password.oracle@example.com";
    await registerAndConfirm(email);
    const cookie = cookieFrom(await apiSignIn(email, PASSWORD));
    const outcomes: string[] = [];
    for (let i = 0; i < 11; i++) {
      const headers = new Headers({ cookie, ...ipHeaders(freshIp()) });
      outcomes.push(
        await services.auth.api
          .verifyPassword({ body: { password: `guess ${i}` }, headers })
          .then(() => "ok")
          .catch((error: { statusCode?: number }) => String(error.statusCode)),
      );
    }
    expect(outcomes.slice(0, 10).every((o) => o !== "429")).toBe(true);
    expect(outcomes[10]).toBe("429");
  });
});
