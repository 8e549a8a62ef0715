// Sends e-mail: over SMTP when SMTP_URL is set (pooled nodemailer transport), else into the local
// outbox (DATA_DIR/outbox): one RFC 822 `.eml` and one `.json` summary per message, and a log line.
// Callers only ever see MailDeliveryError; transport details go to the log.
import { randomUUID } from "node:crypto";
import { chmod, mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** extra headers (List-Unsubscribe and List-Unsubscribe-Post on alert e-mails) */
  headers?: Record<string, string>;
};

export type Mailer = {
  /** "smtp" when SMTP_URL is set, else "outbox". */
  kind: "smtp" | "outbox";
  /** Resolves once the SMTP server accepted the message (or the outbox files are written). */
  send(message: MailMessage): Promise<{ messageId: string }>;
  /** Closes pooled SMTP connections; sending afterwards is an error. */
  close(): Promise<void>;
};

/** What `readOutbox` returns: the `.json` summary of one message and where its files are. */
export type OutboxMessage = {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** ISO 8601 */
  sentAt: string;
  messageId: string;
  /** absolute path of the RFC 822 file */
  emlFile: string;
};

export type MailerOptions = {
  /** smtp://[user:pass@]host[:port] (STARTTLS when offered) or smtps://… (TLS from the start). */
  smtpUrl?: string | undefined;
  /** "Reeltime <no-reply@example.com>" */
  from: string;
  /** where messages go without smtpUrl */
  outboxDir: string;
  logger: Pick<Logger, "info" | "error">;
};

/** Thrown by `send` whatever went wrong underneath; `code` is nodemailer's (ECONNECTION, EAUTH, …). */
export class MailDeliveryError extends Error {
  override readonly name = "MailDeliveryError";
  readonly code: string | undefined;

  constructor(message: string, options: { code?: string | undefined; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = options.code;
  }
}

/** SMTP timeouts (ms): fail a request within seconds, not nodemailer's minutes. */
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  dnsTimeout: 10_000,
} as const;

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? createSmtpMailer({ ...options, smtpUrl: options.smtpUrl })
    : createOutboxMailer(options);
}

function createSmtpMailer(options: MailerOptions & { smtpUrl: string }): Mailer {
  const { logger, from } = options;
  const server = describeSmtpUrl(options.smtpUrl);
  // Options in the URL's query (e.g. ?tls.rejectUnauthorized=false) win over these.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: 3,
    maxMessages: 100,
    idleTimeout: 60_000,
    ...SMTP_TIMEOUTS,
    logger: false,
  });
  let closed = false;

  return {
    kind: "smtp",
    async send(message) {
      if (closed) throw new MailDeliveryError("The mailer is closed");
      try {
        const info = await transport.sendMail({ from, ...message });
        logger.info(
          { to: message.to, subject: message.subject, messageId: info.messageId, smtp: server },
          "mail sent",
        );
        return { messageId: info.messageId };
      } catch (error) {
        const details = errorDetails(error);
        logger.error(
          { err: error, ...details, to: message.to, subject: message.subject, smtp: server },
          "mail delivery failed",
        );
        throw new MailDeliveryError(shortReason(details.code), { code: details.code, cause: error });
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      transport.close();
    },
  };
}

function createOutboxMailer(options: MailerOptions): Mailer {
  const { logger, from, outboxDir } = options;
  // Builds the RFC 822 message exactly as the SMTP transport would send it, without sending it.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  let closed = false;

  return {
    kind: "outbox",
    async send(message) {
      if (closed) throw new MailDeliveryError("The mailer is closed");
      const id = randomUUID();
      const sentAt = nextTimestamp();
      const messageId = `<${id}@${domainOf(from)}>`;
      const base = `${fileTime(sentAt)}-${id}`;
      const emlFile = path.join(outboxDir, `${base}.eml`);
      const jsonFile = path.join(outboxDir, `${base}.json`);
      try {
        const info = await composer.sendMail({ from, ...message, messageId, date: sentAt });
        const raw = info.message;
        if (!Buffer.isBuffer(raw)) throw new Error("the stream transport did not return a buffer");
        // Messages carry sign-in links: readable by the server's user only.
        await mkdir(outboxDir, { recursive: true, mode: 0o700 });
        await chmod(outboxDir, 0o700);
        await writeAtomically(emlFile, raw);
        const summary = {
          to: message.to,
          from,
          subject: message.subject,
          text: message.text,
          html: message.html,
          sentAt: sentAt.toISOString(),
          messageId,
        };
        // The .json last: a reader that sees it finds the .eml too.
        await writeAtomically(jsonFile, `${JSON.stringify(summary, null, 2)}\n`);
      } catch (error) {
        const details = errorDetails(error);
        logger.error(
          { err: error, ...details, to: message.to, subject: message.subject, outboxDir },
          "mail delivery failed",
        );
        throw new MailDeliveryError("Could not write the e-mail to the outbox", {
          code: details.code,
          cause: error,
        });
      }
      logger.info({ to: message.to, subject: message.subject, file: emlFile }, "mail written to the outbox");
      return { messageId };
    },
    async close() {
      closed = true;
    },
  };
}

/** The outbox's messages, newest first; an outbox that does not exist yet is empty. */
export async function readOutbox(outboxDir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if (isErrno(error, "ENOENT")) return [];
    throw error;
  }
  const messages: OutboxMessage[] = [];
  for (const name of names) {
    if (!name.endsWith(".json") || name.startsWith(".")) continue;
    const id = name.slice(0, -".json".length);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(path.join(outboxDir, name), "utf8"));
    } catch {
      continue; // removed meanwhile, or not ours
    }
    if (!isSummary(parsed)) continue;
    messages.push({ ...parsed, id, emlFile: path.resolve(outboxDir, `${id}.eml`) });
  }
  // File names start with the (strictly increasing) send time, so they break sentAt ties.
  return messages.sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.id.localeCompare(a.id));
}

type Summary = Omit<OutboxMessage, "id" | "emlFile">;

function isSummary(value: unknown): value is Summary {
  if (!value || typeof value !== "object") return false;
  const record = value as Record<string, unknown>;
  return ["to", "from", "subject", "text", "html", "sentAt", "messageId"].every(
    (k) => typeof record[k] === "string",
  );
}

/** Send times strictly increase within the process, so the outbox order is the send order. */
let lastSentAt = 0;
function nextTimestamp(): Date {
  lastSentAt = Math.max(Date.now(), lastSentAt + 1);
  return new Date(lastSentAt);
}

/** ISO 8601 without colons (not allowed in Windows file names): 2026-03-14T19-00-00.000Z */
function fileTime(date: Date): string {
  return date.toISOString().replace(/:/g, "-");
}

async function writeAtomically(file: string, content: string | Buffer) {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  await writeFile(temporary, content, { mode: 0o600 });
  await rename(temporary, file);
}

function domainOf(address: string): string {
  const match = /@([^\s<>@"]+?)>?\s*$/.exec(address);
  return match?.[1] ?? "reeltime.local";
}

/** smtp://user:***@host:port: for logs, never the password. */
function describeSmtpUrl(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    if (url.password) url.password = "***";
    url.search = "";
    return url.href;
  } catch {
    return "(invalid SMTP_URL)";
  }
}

function errorDetails(error: unknown): {
  code: string | undefined;
  responseCode: number | undefined;
  command: string | undefined;
  originalCode: string | undefined;
} {
  const record = error && typeof error === "object" ? (error as Record<string, unknown>) : {};
  return {
    code: typeof record.code === "string" ? record.code : undefined,
    responseCode: typeof record.responseCode === "number" ? record.responseCode : undefined,
    command: typeof record.command === "string" ? record.command : undefined,
    originalCode: typeof record.originalCode === "string" ? record.originalCode : undefined,
  };
}

function shortReason(code: string | undefined): string {
  switch (code) {
    case "EAUTH":
    case "ENOAUTH":
      return "The mail server refused the credentials";
    case "EENVELOPE":
      return "The mail server refused the sender or recipient";
    case "EMESSAGE":
      return "The mail server refused the message";
    case "ETIMEDOUT":
      return "The mail server did not answer in time";
    case "ECONNECTION":
    case "ESOCKET":
    case "EDNS":
    case "ETLS":
      return "Could not connect to the mail server";
    default:
      return "Could not send the e-mail";
  }
}

function isErrno(error: unknown, code: string): boolean {
  return Boolean(error && typeof error === "object" && "code" in error && error.code === code);
}
