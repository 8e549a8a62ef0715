// A real SMTP server on 127.0.0.1 that keeps what it receives, for tests: point SMTP_URL (or
// createMailer's smtpUrl) at `capture.url` and read `capture.messages` / `capture.waitFor(…)`.
//
// Plain Node (no Vitest), so a Playwright global setup can start it too. The specs run in other
// processes than the global setup: start it with `saveTo: dir` and read the mail there with
// `readCapturedMail(dir)` / `waitForCapturedMail(dir, …)`.
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { SMTPServer } from "smtp-server";

export type CapturedMail = {
  /** envelope recipients (RCPT TO), as sent */
  to: string[];
  /** envelope sender (MAIL FROM) */
  from: string;
  /** decoded Subject header */
  subject: string;
  /** the message as received (RFC 822, CRLF line ends) */
  raw: string;
  /** decoded text/plain part */
  text?: string | undefined;
  /** decoded text/html part */
  html?: string | undefined;
  /** top-level headers, lower-case names, unfolded, encoded words decoded; repeated ones joined by ", " */
  headers: Record<string, string>;
  /** user name of the SMTP AUTH, when the client authenticated */
  authUser?: string | undefined;
  /** ISO 8601 */
  receivedAt: string;
};

export type SmtpCapture = {
  /** smtp://127.0.0.1:PORT */
  url: string;
  port: number;
  /** in the order received */
  messages: CapturedMail[];
  /** The first message (already received or arriving within timeoutMs) that matches. */
  waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Forgets the messages received so far (not the saved files). */
  clear(): void;
  close(): Promise<void>;
};

export type SmtpCaptureOptions = {
  /** also write each message to this directory as `<n>.json` (+ `<n>.eml`) for other processes */
  saveTo?: string;
  /** default 0: a free port */
  port?: number;
  /** answers RCPT TO with 550 for these addresses (to test delivery failures) */
  rejectRecipient?: (address: string) => boolean;
};

const DEFAULT_WAIT_MS = 10_000;

export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<(mail: CapturedMail) => void>();
  let saved = 0;
  if (options.saveTo) await mkdir(options.saveTo, { recursive: true });

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    banner: "reeltime test capture",
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "anonymous" });
    },
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipient?.(address.address)) {
        const error = Object.assign(new Error(`<${address.address}>: recipient rejected`), {
          responseCode: 550,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (error: Error) => callback(error));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = parseMail(raw);
        const mail: CapturedMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          subject: parsed.headers.subject ?? "",
          raw,
          text: parsed.text,
          html: parsed.html,
          headers: parsed.headers,
          authUser: session.user,
          receivedAt: new Date().toISOString(),
        };
        const save = options.saveTo ? saveMail(options.saveTo, ++saved, mail) : Promise.resolve();
        save.then(
          () => {
            messages.push(mail);
            for (const waiter of [...waiters]) waiter(mail);
            callback(null, "Message captured");
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", onError);
      resolve();
    });
  });
  // Errors of single connections (a client hanging up) must not crash the test process.
  server.on("error", () => {});
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(predicate, timeoutMs = DEFAULT_WAIT_MS) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<CapturedMail>((resolve, reject) => {
        const waiter = (mail: CapturedMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms; received: ${describe(messages)}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    clear() {
      messages.length = 0;
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Messages saved by a capture started with `saveTo: dir`, in the order received. */
export async function readCapturedMail(dir: string): Promise<CapturedMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (error && typeof error === "object" && "code" in error && error.code === "ENOENT") return [];
    throw error;
  }
  const files = names.filter((n) => /^\d+\.json$/.test(n)).sort();
  return Promise.all(
    files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), "utf8")) as CapturedMail),
  );
}

/** Polls a `saveTo` directory (from another process) for the first matching message. */
export async function waitForCapturedMail(
  dir: string,
  predicate: (mail: CapturedMail) => boolean,
  timeoutMs = DEFAULT_WAIT_MS,
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await readCapturedMail(dir);
    const found = messages.find(predicate);
    if (found) return found;
    if (Date.now() >= deadline) {
      throw new Error(`no matching e-mail in ${dir} within ${timeoutMs} ms; received: ${describe(messages)}`);
    }
    await sleep(100);
  }
}

/** The http(s) links in a text (the text part of our e-mails has every link on its own line). */
export function linksIn(text: string | undefined): string[] {
  return [...(text ?? "").matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) => m[0]);
}

function describe(messages: CapturedMail[]): string {
  if (messages.length === 0) return "nothing";
  return messages.map((m) => `"${m.subject}" to ${m.to.join(", ")}`).join("; ");
}

async function saveMail(dir: string, n: number, mail: CapturedMail) {
  const name = String(n).padStart(6, "0");
  await writeFile(path.join(dir, `${name}.eml`), mail.raw);
  // Written under another name and renamed, so a reader never sees half a file.
  const temporary = path.join(dir, `.${name}.json.tmp`);
  await writeFile(temporary, JSON.stringify(mail, null, 2));
  await rename(temporary, path.join(dir, `${name}.json`));
}

// ---- a small MIME reader (enough for what nodemailer writes: multipart, base64, quoted-printable) ----

export type ParsedMail = {
  headers: Record<string, string>;
  text?: string | undefined;
  html?: string | undefined;
};

/** Headers, the first text/plain and the first text/html part (attachments skipped). */
export function parseMail(raw: string): ParsedMail {
  const entity = parseEntity(raw.replace(/\r\n/g, "\n"));
  const result: ParsedMail = { headers: entity.headers };
  const visit = (part: Entity) => {
    const type = contentType(part.headers["content-type"]);
    if (type.value.startsWith("multipart/")) {
      const boundary = type.params.boundary;
      if (boundary) for (const child of splitMultipart(part.body, boundary)) visit(parseEntity(child));
      return;
    }
    if ((part.headers["content-disposition"] ?? "").toLowerCase().startsWith("attachment")) return;
    const decoded = decodeBody(part.body, part.headers["content-transfer-encoding"], type.params.charset);
    if (type.value === "text/plain" && result.text === undefined) result.text = decoded;
    else if (type.value === "text/html" && result.html === undefined) result.html = decoded;
  };
  visit(entity);
  return result;
}

type Entity = { headers: Record<string, string>; body: string };

function parseEntity(source: string): Entity {
  const end = source.indexOf("\n\n");
  const head = end < 0 ? source : source.slice(0, end);
  const body = end < 0 ? "" : source.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = decodeWords(line.slice(colon + 1).trim());
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { headers, body };
}

function contentType(header: string | undefined): { value: string; params: Record<string, string> } {
  const [value = "text/plain", ...rest] = (header ?? "text/plain").split(";");
  const params: Record<string, string> = {};
  for (const param of rest) {
    const eq = param.indexOf("=");
    if (eq < 0) continue;
    params[param.slice(0, eq).trim().toLowerCase()] = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
  }
  return { value: value.trim().toLowerCase(), params };
}

function splitMultipart(body: string, boundary: string): string[] {
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of body.split("\n")) {
    if (line.trimEnd() === `--${boundary}--`) break;
    if (line.trimEnd() === `--${boundary}`) {
      if (current) parts.push(current.join("\n"));
      current = [];
    } else current?.push(line);
  }
  if (current) parts.push(current.join("\n"));
  return parts;
}

function decodeBody(body: string, encoding: string | undefined, charset = "utf-8"): string {
  const kind = (encoding ?? "7bit").trim().toLowerCase();
  let bytes: Buffer;
  if (kind === "base64") bytes = Buffer.from(body.replace(/\s+/g, ""), "base64");
  else if (kind === "quoted-printable") bytes = decodeQuotedPrintable(body);
  else return body;
  return new TextDecoder(charset).decode(bytes);
}

function decodeQuotedPrintable(body: string): Buffer {
  const text = body.replace(/[ \t]+$/gm, "").replace(/=\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const hex = c === "=" ? text.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=); adjacent words are joined first. */
function decodeWords(value: string): string {
  const word = /=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=/g;
  return value
    .replace(/(=\?[^?\s]+\?[bBqQ]\?[^?\s]*\?=)(?:\s+(?==\?[^?\s]+\?[bBqQ]\?[^?\s]*\?=))/g, "$1")
    .replace(/(?:=\?[^?\s]+\?[bBqQ]\?[^?\s]*\?=)+/g, (run) => {
      // Bytes of consecutive words are joined before decoding: a character may span two words.
      let charset = "utf-8";
      const chunks: Buffer[] = [];
      for (const [, cs = "utf-8", kind = "Q", data = ""] of run.matchAll(word)) {
        charset = cs.split("*")[0] ?? cs;
        chunks.push(
          kind.toUpperCase() === "B"
            ? Buffer.from(data, "base64")
            : decodeQuotedPrintable(data.replace(/_/g, " ")),
        );
      }
      return new TextDecoder(charset).decode(Buffer.concat(chunks));
    });
}
