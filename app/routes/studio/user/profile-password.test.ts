// /studio/user/profile's password form through the real app: the current password checked, the strength
// rule, the other sessions ended by default (finding 9) or kept on request, a mail to the owner.
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditRows,
  createUser,
  getPage,
  post,
  postData,
  setUpProfilePage,
  signIn,
  signInRequest,
  smtp,
} from "../../../../tests/helpers/profile-page.ts";

setUpProfilePage();

describe("password", () => {
  const email = "pat@example.com";
  const oldPassword = "pat-old-password-1";
  const newPassword = "pat-new-password-2";
  let profileId = "";
  let cookie = "";

  beforeAll(async () => {
    ({ profileId } = await createUser("Pat Password", email, oldPassword));
    cookie = await signIn(email, oldPassword);
  });

  it("refuses a wrong current password with a field error and changes nothing", async () => {
    const res = await post(cookie, {
      intent: "password",
      currentPassword: "not-my-password-9",
      newPassword,
      confirmPassword: newPassword,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("That is not your current password.");
    expect((await signInRequest(email, newPassword)).status).toBe(401);
    expect((await signInRequest(email, oldPassword)).status).toBe(200);
    expect(await auditRows("auth.password_change", profileId)).toHaveLength(0);
  });

  it("refuses a weak new password (the strength rule) and a repeat that differs", async () => {
    const weak = await post(cookie, {
      intent: "password",
      currentPassword: oldPassword,
      newPassword: "short1",
      confirmPassword: "short1",
    });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("Use at least 10 characters.");
    const lettersOnly = await post(cookie, {
      intent: "password",
      currentPassword: oldPassword,
      newPassword: "onlyletterspassword",
      confirmPassword: "onlyletterspassword",
    });
    expect(lettersOnly.status).toBe(400);
    const mismatch = await post(cookie, {
      intent: "password",
      currentPassword: oldPassword,
      newPassword,
      confirmPassword: `${newPassword}x`,
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The two passwords are not the same.");
    expect((await signInRequest(email, oldPassword)).status).toBe(200);
  });

  it("changes a good password: the old one no longer signs in, other sessions end by default, a mail goes out", async () => {
    const otherSession = await signIn(
      email,
      oldPassword,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1",
    );
    expect((await getPage(otherSession)).status).toBe(200);
    smtp.clear();
    const res = await post(cookie, {
      intent: "password",
      currentPassword: oldPassword,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(res.status).toBe(200);
    expect((await signInRequest(email, oldPassword)).status).toBe(401);
    expect((await signInRequest(email, newPassword)).status).toBe(200);
    // This session carries on; the other one is signed out.
    expect((await getPage(cookie)).status).toBe(200);
    const other = await getPage(otherSession);
    expect(other.status).toBe(302);
    expect(other.headers.get("location")).toBe("/studio/user/login");
    const [row] = await auditRows("auth.password_change", profileId);
    expect(row?.after).toMatchObject({ revokedOtherSessions: true });
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.text).toContain("/studio/user/login?forgot=1");
  });
});

describe("password change and the other sessions", () => {
  // Finding 9: a password change used to keep the other sessions unless a box was ticked.
  it("ends the other sessions by default: the form sends no keepOtherSessions field", async () => {
    const { profileId } = await createUser("Dee Default", "dee@example.com", "dee-old-password-1");
    const here = await signIn("dee@example.com", "dee-old-password-1");
    const phone = await signIn(
      "dee@example.com",
      "dee-old-password-1",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1",
    );
    const res = await postData(here, {
      intent: "password",
      currentPassword: "dee-old-password-1",
      newPassword: "dee-new-password-2",
      confirmPassword: "dee-new-password-2",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("studio.profile.password.changedSignedOut");
    expect((await getPage(phone)).status).toBe(302);
    expect((await getPage(here)).status).toBe(200);
    const [row] = await auditRows("auth.password_change", profileId);
    expect(row?.after).toEqual({ revokedOtherSessions: true, sessionsRevoked: 1 });
  });

  it("keeps the other sessions when the user asks to stay signed in there", async () => {
    const { profileId } = await createUser("Kim Keep", "kim@example.com", "kim-old-password-1");
    const here = await signIn("kim@example.com", "kim-old-password-1");
    const laptop = await signIn("kim@example.com", "kim-old-password-1");
    smtp.clear();
    const res = await postData(here, {
      intent: "password",
      currentPassword: "kim-old-password-1",
      newPassword: "kim-new-password-2",
      confirmPassword: "kim-new-password-2",
      keepOtherSessions: "on",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("studio.profile.password.changed");
    expect((await getPage(laptop)).status).toBe(200);
    const [row] = await auditRows("auth.password_change", profileId);
    expect(row?.after).toEqual({ revokedOtherSessions: false, sessionsRevoked: 0 });
    // The owner hears of it either way.
    const mail = await smtp.waitFor((m) => m.to.includes("kim@example.com"));
    expect(mail.text).toContain("/studio/user/login?forgot=1");
  });

  it("answers a wrong current password with a field error (a message reference), no audit row", async () => {
    const { profileId } = await createUser("Wes Wrong", "wes@example.com", "wes-old-password-1");
    const here = await signIn("wes@example.com", "wes-old-password-1");
    const res = await postData(here, {
      intent: "password",
      currentPassword: "not-wes-password-9",
      newPassword: "wes-new-password-2",
      confirmPassword: "wes-new-password-2",
    });
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("currentPassword");
    expect(body).toContain("studio.profile.password.wrongCurrent");
    // Said beside the field only: no banner repeating it for the whole form.
    expect(body).not.toContain("error.form.invalid");
    expect(body).not.toContain("That is not your current password.");
    // The passwords typed are never sent back.
    expect(body).not.toContain("not-wes-password-9");
    expect(body).not.toContain("wes-new-password-2");
    expect(await auditRows("auth.password_change", profileId)).toHaveLength(0);
  });
});
