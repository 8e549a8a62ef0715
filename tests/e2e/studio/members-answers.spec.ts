// Issue 11.2 and 11.3: the members panel shows what the server holds after every answer. A refused
// role change leaves the member's real role in the picker (every time, not only the first); inviting
// an address that already has an open invitation is refused beside the field (the typed address
// stays) and the open invitation offers resend and change of role instead; the role picker keeps the
// chosen role after a send. Invitations go out as real e-mail over SMTP to the test's capture.
import { expect, test, type Page } from "@playwright/test";
import { readCapturedMail } from "../../helpers/smtp-capture.ts";
import { hydrated, signedInAs } from "./support.ts";

async function mailsTo(email: string, count: number) {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set: tests/e2e/global-setup.ts starts the SMTP capture");
  await expect
    .poll(async () => (await readCapturedMail(dir)).filter((m) => m.to.includes(email)).length, {
      timeout: 20_000,
    })
    .toBe(count);
  return (await readCapturedMail(dir)).filter((m) => m.to.includes(email));
}

async function openClientPage(page: Page) {
  await signedInAs(page, "admin");
  await page.goto("/studio/demo");
  await hydrated(page);
}

test("a refused role change shows the role the server kept, after every refusal", async ({ page }) => {
  await openClientPage(page);
  // The demo client's only admin cannot demote themselves.
  const role = page.getByLabel("Role of Alex Admin");
  await expect(role).toHaveValue("admin");
  for (const attempt of ["viewer", "editor"]) {
    await role.selectOption(attempt);
    await expect(
      page.getByText("A client must keep at least one admin: make another member admin first.").first(),
    ).toBeVisible();
    await expect(role, `after refusing ${attempt}`).toHaveValue("admin");
  }
});

test("re-inviting an open invitation is refused; resend keeps or changes its role", async ({ page }) => {
  const email = `reinvite-${Date.now()}@example.com`;
  await openClientPage(page);
  const invite = page.locator("form#invite-member");
  const address = invite.getByLabel("E-mail address");
  const rolePicker = invite.getByLabel("Role");

  // A refused invitation keeps what was typed.
  await address.fill("editor@reeltime.test");
  await rolePicker.selectOption("editor");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByText("This person is already a member of this client.")).toBeVisible();
  await expect(address).toHaveValue("editor@reeltime.test");
  await expect(rolePicker).toHaveValue("editor");

  await address.fill(email);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`).first()).toBeVisible();
  await expect(address).toHaveValue("");
  // The picker keeps the role chosen for the next invitation.
  await expect(rolePicker).toHaveValue("editor");
  expect((await mailsTo(email, 1))[0]?.text).toContain("as an editor.");

  const pending = page.getByRole("list", { name: "Open invitations" }).getByRole("listitem").filter({
    hasText: email,
  });
  const pendingRole = pending.getByLabel(`Role of the invitation for ${email}`);
  await expect(pendingRole).toHaveValue("editor");

  // The same address again, with another role: refused beside the field, the address kept.
  await address.fill(email);
  await rolePicker.selectOption("admin");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByText("This address has already been invited")).toBeVisible();
  await expect(address).toHaveValue(email);
  await expect(pendingRole).toHaveValue("editor");

  // Resend keeps the role: a second mail, still as an editor.
  await pending.getByRole("button", { name: /^Resend/ }).click();
  await expect(page.getByText(`Invitation sent again to ${email}.`).first()).toBeVisible();
  expect((await mailsTo(email, 2))[1]?.text).toContain("as an editor.");
  await expect(pendingRole).toHaveValue("editor");

  // Changing the role is explicit, and sends the invitation again with the new role.
  await pendingRole.selectOption("viewer");
  await pending.getByRole("button", { name: /^Resend/ }).click();
  await expect(page.getByText(`Invitation sent again to ${email}.`).first()).toBeVisible();
  expect((await mailsTo(email, 3))[2]?.text).toContain("as a viewer.");
  await page.reload();
  await expect(pendingRole).toHaveValue("viewer");
});
