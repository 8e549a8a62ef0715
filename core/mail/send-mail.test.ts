import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadMessageCatalog, type MessageCatalog } from "../i18n/message-catalog.ts";
import { createMailer, MailDeliveryError, readOutbox } from "./mailer.ts";
import { createMailSender } from "./send-mail.ts";

let catalog: MessageCatalog;
let outboxDir = "";
beforeAll(async () => {
  catalog = await loadMessageCatalog(path.resolve(import.meta.dirname, "../../locales"));
  outboxDir = await mkdtemp(path.join(tmpdir(), "reeltime-send-mail-"));
});
afterAll(async () => {
  await rm(outboxDir, { recursive: true, force: true });
});

describe("createMailSender", () => {
  it("renders each e-mail in the recipient's locale and sends it", async () => {
    const mailer = createMailer({
      from: "Reeltime <no-reply@reeltime.test>",
      outboxDir,
      logger: pino({ level: "silent" }),
    });
    const send = createMailSender({ mailer, catalog });
    const url = "https://reeltime.example/studio/user/confirm?type=email&token=t";

    await send.verifyEmail({ to: "ann@example.com", name: "Ann", url, locale: "nl" });
    await send.resetPassword({ to: "ann@example.com", name: "Ann", url, locale: "en" });
    await send.emailChange({
      to: "ann@example.com",
      name: "Ann",
      url,
      newEmail: "ann@new.example",
      locale: "de",
    });
    await send.invitation({
      to: "bob@example.com",
      inviterName: "Ann",
      clientName: "Eye",
      role: "viewer",
      url,
      locale: "nl",
    });
    await send.passwordChanged({ to: "ann@example.com", name: "Ann", locale: "nl" });

    const outbox = await readOutbox(outboxDir);
    expect(outbox.map((m) => [m.to, m.subject])).toEqual([
      ["ann@example.com", "Je Reeltime-wachtwoord is gewijzigd"],
      ["bob@example.com", "Ann heeft je uitgenodigd voor Eye op Reeltime"],
      ["ann@example.com", "Bestätigen Sie Ihre neue E-Mail-Adresse für Reeltime"],
      ["ann@example.com", "Reset your Reeltime password"],
      ["ann@example.com", "Bevestig je e-mailadres voor Reeltime"],
    ]);
    expect(outbox.at(-1)?.text).toContain(url);
    await mailer.close();
  });

  it("passes the mailer's MailDeliveryError on", async () => {
    const failing = {
      send: () => Promise.reject(new MailDeliveryError("Could not connect to the mail server")),
    };
    const send = createMailSender({ mailer: failing, catalog });
    await expect(
      send.verifyEmail({ to: "a@example.com", name: "A", url: "https://x.example/", locale: "en" }),
    ).rejects.toBeInstanceOf(MailDeliveryError);
  });
});
