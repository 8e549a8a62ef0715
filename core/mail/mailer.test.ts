import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseMail, type SmtpCapture, startSmtpCapture } from "../../tests/helpers/smtp-capture.ts";
import { loadMessageCatalog } from "../i18n/message-catalog.ts";
import { createMailer, type Mailer, MailDeliveryError, readOutbox } from "./mailer.ts";
import { mailTemplates } from "./templates.ts";

const FROM = "Reeltime <no-reply@reeltime.test>";

/** A pino logger whose lines land in `lines`. */
function recordingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const message = {
  to: "ann@example.com",
  subject: "Bevestig je e-mailadres – één keer",
  text: "Hallo Ann,\n\nhttps://reeltime.example/confirm?token=abc&x=1\n",
  html: '<p>Hallo Ann,</p><p><a href="https://reeltime.example/confirm?token=abc&amp;x=1">Bevestigen</a> één</p>',
};

let workDir = "";
const mailers: Mailer[] = [];
const open = (mailer: Mailer) => (mailers.push(mailer), mailer);

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "reeltime-mail-"));
});
afterEach(async () => {
  await Promise.all(mailers.splice(0).map((m) => m.close()));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe("createMailer with SMTP", () => {
  let capture: SmtpCapture;
  beforeAll(async () => {
    capture = await startSmtpCapture({ rejectRecipient: (address) => address.endsWith("@rejected.example") });
  });
  afterEach(() => capture.clear());
  afterAll(async () => {
    await capture.close();
  });

  it("delivers a multipart/alternative message with a text and an HTML part to a real SMTP server", async () => {
    const { logger, lines } = recordingLogger();
    const outboxDir = path.join(workDir, "unused-outbox");
    const mailer = open(createMailer({ smtpUrl: capture.url, from: FROM, outboxDir, logger }));
    expect(mailer.kind).toBe("smtp");

    const { messageId } = await mailer.send(message);
    const mail = await capture.waitFor((m) => m.to.includes("ann@example.com"));

    expect(mail.to).toEqual(["ann@example.com"]);
    expect(mail.from).toBe("no-reply@reeltime.test");
    expect(mail.subject).toBe(message.subject);
    expect(mail.headers.from).toBe(FROM);
    expect(mail.headers.to).toBe("ann@example.com");
    expect(mail.headers["message-id"]).toBe(messageId);
    expect(mail.headers["mime-version"]).toBe("1.0");
    expect(mail.headers.date).toBeTruthy();
    expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative; boundary=/);
    // raw RFC 822: CRLF line ends, both parts present in the order text, then HTML
    expect(mail.raw).toContain("\r\n\r\n");
    const textAt = mail.raw.search(/Content-Type: text\/plain; charset=utf-8/i);
    const htmlAt = mail.raw.search(/Content-Type: text\/html; charset=utf-8/i);
    expect(textAt).toBeGreaterThan(0);
    expect(htmlAt).toBeGreaterThan(textAt);
    expect(mail.text).toBe(message.text);
    expect(mail.html).toBe(message.html);

    expect(lines.find((l) => l.msg === "mail sent")).toMatchObject({
      to: "ann@example.com",
      messageId,
      level: 30,
    });
    await expect(readdir(outboxDir)).rejects.toThrow(); // nothing went to the outbox
  });

  it("authenticates with the credentials in the URL and never logs the password", async () => {
    const { logger, lines } = recordingLogger();
    const smtpUrl = capture.url.replace("smtp://", "smtp://mailer:p%40ss%20word@");
    const mailer = open(createMailer({ smtpUrl, from: FROM, outboxDir: workDir, logger }));
    await mailer.send({ ...message, to: "bob@example.com" });
    const mail = await capture.waitFor((m) => m.to.includes("bob@example.com"));
    expect(mail.authUser).toBe("mailer");
    expect(JSON.stringify(lines)).not.toContain("p%40ss");
    expect(lines.find((l) => l.msg === "mail sent")?.smtp).toBe(
      `smtp://mailer:***@127.0.0.1:${capture.port}`,
    );
  });

  it("sends a localized template that survives the trip intact", async () => {
    const catalog = await loadMessageCatalog(path.resolve(import.meta.dirname, "../../locales"));
    const url = "https://reeltime.example/studio/user/confirm?token=t0k3n&callbackURL=%2Fstudio";
    const rendered = mailTemplates(catalog, "nl").verifyEmail({ name: "Zoë <Z>", url });
    const mailer = open(
      createMailer({
        smtpUrl: capture.url,
        from: FROM,
        outboxDir: workDir,
        logger: recordingLogger().logger,
      }),
    );
    await mailer.send({ to: "zoe@example.com", ...rendered });
    const mail = await capture.waitFor((m) => m.to.includes("zoe@example.com"));
    expect(mail.subject).toBe("Bevestig je e-mailadres voor Reeltime");
    expect(mail.text).toBe(rendered.text);
    expect(mail.html).toBe(rendered.html);
    expect(mail.text).toContain("Hallo Zoë <Z>,");
    expect(mail.text).toContain(url);
    expect(mail.html).toContain("Hallo Zoë &lt;Z&gt;,");
    expect(mail.html).toContain(url.replace("&", "&amp;"));
  });

  it("wraps a refused recipient in a MailDeliveryError and logs the details", async () => {
    const { logger, lines } = recordingLogger();
    const mailer = open(createMailer({ smtpUrl: capture.url, from: FROM, outboxDir: workDir, logger }));
    const error = await mailer.send({ ...message, to: "nobody@rejected.example" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect(error).toMatchObject({ name: "MailDeliveryError", code: "EENVELOPE" });
    expect((error as MailDeliveryError).message).toBe("The mail server refused the sender or recipient");
    expect((error as MailDeliveryError).cause).toBeInstanceOf(Error);
    const logged = lines.find((l) => l.msg === "mail delivery failed");
    expect(logged).toMatchObject({ level: 50, code: "EENVELOPE", to: "nobody@rejected.example" });
    expect(JSON.stringify(logged)).toContain("recipient rejected");
    expect(capture.messages).toEqual([]);
  });

  it("gives a MailDeliveryError quickly when nothing listens on the SMTP port", async () => {
    const port = await closedPort();
    const { logger, lines } = recordingLogger();
    const mailer = open(
      createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, outboxDir: workDir, logger }),
    );
    const started = Date.now();
    const error = await mailer.send(message).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect((error as MailDeliveryError).message).toBe("Could not connect to the mail server");
    expect((error as MailDeliveryError).message).not.toContain("ECONNREFUSED");
    expect(lines.find((l) => l.msg === "mail delivery failed")).toMatchObject({ level: 50 });
  });

  it("refuses to send after close", async () => {
    const mailer = createMailer({
      smtpUrl: capture.url,
      from: FROM,
      outboxDir: workDir,
      logger: recordingLogger().logger,
    });
    await mailer.close();
    await expect(mailer.send(message)).rejects.toBeInstanceOf(MailDeliveryError);
  });
});

describe("createMailer without SMTP (the local outbox)", () => {
  it("keeps the outbox private: the directory 0700, every file 0600", async () => {
    const outboxDir = path.join(workDir, "private-outbox");
    const mailer = open(createMailer({ from: FROM, outboxDir, logger: recordingLogger().logger }));
    await mailer.send(message);
    expect((await stat(outboxDir)).mode & 0o777).toBe(0o700);
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(2);
    for (const file of files) expect((await stat(path.join(outboxDir, file))).mode & 0o777, file).toBe(0o600);
  });

  it("tightens an outbox directory that already exists with wider permissions", async () => {
    const outboxDir = path.join(workDir, "wide-outbox");
    await mkdir(outboxDir, { mode: 0o777 });
    await chmod(outboxDir, 0o777);
    const mailer = open(createMailer({ from: FROM, outboxDir, logger: recordingLogger().logger }));
    await mailer.send(message);
    expect((await stat(outboxDir)).mode & 0o777).toBe(0o700);
  });

  it("writes an .eml and a .json per message, logs one line, and readOutbox lists them newest first", async () => {
    const outboxDir = path.join(workDir, "outbox");
    const { logger, lines } = recordingLogger();
    const mailer = open(createMailer({ from: FROM, outboxDir, logger }));
    expect(mailer.kind).toBe("outbox");

    const first = await mailer.send(message);
    const second = await mailer.send({ ...message, to: "bob@example.com", subject: "Second" });
    expect(first.messageId).toMatch(/^<[0-9a-f-]{36}@reeltime\.test>$/);

    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(4);
    for (const file of files)
      expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f-]{36}\.(eml|json)$/);

    const outbox = await readOutbox(outboxDir);
    expect(outbox.map((m) => m.subject)).toEqual(["Second", message.subject]);
    expect(outbox.map((m) => m.messageId)).toEqual([second.messageId, first.messageId]);
    const [, older] = outbox;
    expect(older).toMatchObject({
      to: "ann@example.com",
      from: FROM,
      text: message.text,
      html: message.html,
    });
    expect(Date.parse(older!.sentAt)).not.toBeNaN();

    const raw = await readFile(older!.emlFile, "utf8");
    expect(raw).toContain("\r\n");
    const parsed = parseMail(raw);
    expect(parsed.headers.subject).toBe(message.subject);
    expect(parsed.headers["message-id"]).toBe(first.messageId);
    expect(parsed.headers["content-type"]).toMatch(/^multipart\/alternative/);
    expect(parsed.text).toBe(message.text);
    expect(parsed.html).toBe(message.html);

    const logged = lines.filter((l) => l.msg === "mail written to the outbox");
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({
      level: 30,
      to: "ann@example.com",
      subject: message.subject,
      file: older!.emlFile,
    });
  });

  it("reads a missing outbox as empty", async () => {
    expect(await readOutbox(path.join(workDir, "no-such-outbox"))).toEqual([]);
  });

  it("wraps a failure to write in a MailDeliveryError", async () => {
    const { logger, lines } = recordingLogger();
    // a file where the directory should be
    const blocked = path.join(workDir, "outbox", (await readdir(path.join(workDir, "outbox")))[0]!);
    const mailer = open(createMailer({ from: FROM, outboxDir: blocked, logger }));
    const error = await mailer.send(message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect((error as MailDeliveryError).message).toBe("Could not write the e-mail to the outbox");
    expect(lines.find((l) => l.msg === "mail delivery failed")).toMatchObject({ level: 50 });
  });
});

/** A loopback port that was free a moment ago and has nothing listening now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}
