// "Tell me when showtimes appear" end to end in core, on a real database, with real imports and real SMTP
// (tests/helpers/smtp-capture.ts): subscribe → confirmation mail → confirm → an import adds a matching show
// → exactly one alert with a one-click unsubscribe → another import the same day → none (the next day's
// alert lists it) → unsubscribe → import → none. Bad input changes nothing; the answer never tells whether
// an address already follows; the limits bite.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { showtimeAlerts } from "../../db/schema/alerts.ts";
import { startSmtpCapture, type SmtpCapture } from "../../tests/helpers/smtp-capture.ts";
import { createAuthLimits } from "../auth/limits.ts";
import { isAppError } from "../errors.ts";
import { loadMessageCatalog } from "../i18n/message-catalog.ts";
import { runImport } from "../ingest/run-import.ts";
import { feedRow, nativeFeed, useImportTestWorld } from "../ingest/run-import-test-fixtures.ts";
import { createMailer, type Mailer } from "../mail/mailer.ts";
import { confirmAlert } from "./confirm-alert.ts";
import { sendShowtimeAlerts } from "./send-showtime-alerts.ts";
import { subscribeToAlert, type AlertServices } from "./subscribe-alert.ts";
import { unsubscribeAlert } from "./unsubscribe-alert.ts";

const world = useImportTestWorld();
let smtp: SmtpCapture;
let mailer: Mailer;
let clock = new Date("2030-03-01T12:00:00Z");
const services = {} as AlertServices & Parameters<typeof sendShowtimeAlerts>[0];
const visitor = { clientAddress: "203.0.113.7", locale: "en" };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  const logger = pino({ level: "silent" });
  mailer = createMailer({
    smtpUrl: smtp.url,
    from: "Reeltime <no-reply@reeltime.test>",
    outboxDir: await mkdtemp(path.join(tmpdir(), "alerts-outbox-")),
    logger,
  });
  Object.assign(services, {
    db: world.database().db,
    mailer,
    i18n: await loadMessageCatalog(path.resolve(import.meta.dirname, "../../locales")),
    config: { baseUrl: "https://reeltime.test", gtmId: undefined, production: false },
    accounts: { limits: createAuthLimits(), superAdminEmails: [], close: async () => {} },
    logger,
    feeds: world.services.feeds,
    now: () => clock,
  });
  world.services.now = () => clock;
});

afterAll(async () => {
  await mailer.close();
  await smtp.close();
});

const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.to.includes(address));
const alertCount = async () => (await world.database().db.select({ n: count() }).from(showtimeAlerts))[0]!.n;

async function importRows(sourceId: string, rows: unknown[]) {
  const run = await runImport(world.services, { sourceId, input: nativeFeed(rows) });
  expect(run.status).toBe("succeeded");
  return run;
}

function tokenIn(text: string | undefined, pathName: string): string {
  const match = new RegExp(`https://reeltime\\.test${pathName}\\?token=([A-Za-z0-9_.-]+)`).exec(text ?? "");
  expect(match, text).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

describe("following a film", () => {
  it("confirms by e-mail, sends one alert per day for new matching shows, and stops after unsubscribe", async () => {
    const email = "fan@example.com";
    const input = {
      email: " Fan@Example.com ",
      city: "amsterdam",
      format: "3d" as const,
      movieSlug: "dune-part-two",
    };
    expect(await subscribeToAlert(services, visitor, input)).toEqual({ accepted: true });
    const confirmation = await smtp.waitFor((mail) => mail.to.includes(email));
    expect(confirmation.subject).toBe("Confirm your showtime alert for Dune: Part Two");
    expect(confirmation.text).toContain("Amsterdam (3D)");
    const token = tokenIn(confirmation.text, "/alerts/confirm");
    // Only the token's hash is stored.
    const [stored] = await world.database().db.select().from(showtimeAlerts);
    expect(stored).toMatchObject({
      email,
      city: "Amsterdam",
      countryCode: "NL",
      format: "3d",
      status: "pending",
    });
    expect(stored!.confirmTokenHash).not.toBe(token);

    // Nothing is sent before the confirmation.
    const sourceId = await world.source();
    await importRows(sourceId, [feedRow(1)]);
    expect(await sendShowtimeAlerts(services)).toEqual({ sent: 0, failed: 0 });

    expect(await confirmAlert(services, { token })).toEqual({ confirmed: true });
    await expect(confirmAlert(services, { token })).rejects.toMatchObject({ code: "not_found" });

    // An import adds a matching show (3D, Amsterdam): exactly one alert.
    await importRows(sourceId, [feedRow(1), feedRow(3)]);
    expect(await sendShowtimeAlerts(services)).toEqual({ sent: 1, failed: 0 });
    const alerts = mailsTo(email).filter((mail) => mail.subject.startsWith("New showtimes"));
    expect(alerts).toHaveLength(1);
    const [alert] = alerts;
    expect(alert!.subject).toBe("New showtimes of Dune: Part Two in Amsterdam (3D)");
    expect(alert!.text).toContain("Kriterion");
    expect(alert!.text).toContain("https://reeltime.test/films/dune-part-two?city=Amsterdam");
    const unsubscribeUrl = /^<(https:\/\/reeltime\.test\/alerts\/unsubscribe\?token=[^>]+)>$/.exec(
      alert!.headers["list-unsubscribe"]!,
    );
    expect(unsubscribeUrl).not.toBeNull();
    expect(alert!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    // Another import the same day: nothing now; the next day one e-mail with what was added since.
    await importRows(sourceId, [feedRow(1), feedRow(3), feedRow(5)]);
    expect(await sendShowtimeAlerts(services)).toEqual({ sent: 0, failed: 0 });
    clock = new Date(clock.getTime() + 25 * 60 * 60 * 1000);
    expect(await sendShowtimeAlerts(services)).toEqual({ sent: 1, failed: 0 });
    expect(await sendShowtimeAlerts(services)).toEqual({ sent: 0, failed: 0 });
    const second = mailsTo(email).filter((mail) => mail.subject.startsWith("New showtimes"));
    expect(second).toHaveLength(2);
    expect(second[1]!.text).toMatch(/Kriterion/);

    // Unsubscribed: nothing more, whatever is imported; a second click answers the same.
    const unsubscribeToken = new URL(unsubscribeUrl![1]!).searchParams.get("token")!;
    expect(await unsubscribeAlert(services, { token: unsubscribeToken })).toEqual({ unsubscribed: true });
    expect(await unsubscribeAlert(services, { token: unsubscribeToken })).toEqual({ unsubscribed: true });
    await importRows(sourceId, [feedRow(1), feedRow(3), feedRow(5), feedRow(7)]);
    clock = new Date(clock.getTime() + 25 * 60 * 60 * 1000);
    expect(await sendShowtimeAlerts(services)).toEqual({ sent: 0, failed: 0 });
    expect(mailsTo(email).filter((mail) => mail.subject.startsWith("New showtimes"))).toHaveLength(2);
    expect(await alertCount()).toBe(0);
  });

  it("answers the same whether the address is new, pending or confirmed", async () => {
    const input = {
      email: "same@example.com",
      city: "Amsterdam",
      format: "" as const,
      movieSlug: "dune-part-two",
    };
    const first = await subscribeToAlert(services, { ...visitor, clientAddress: "203.0.113.20" }, input);
    const mail = await smtp.waitFor((m) => m.to.includes("same@example.com"));
    const pending = await subscribeToAlert(services, { ...visitor, clientAddress: "203.0.113.21" }, input);
    // The pending one got a fresh link, which replaces the first.
    const fresh = await smtp.waitFor((m) => m.to.includes("same@example.com") && m !== mail);
    await expect(
      confirmAlert(services, { token: tokenIn(mail.text, "/alerts/confirm") }),
    ).rejects.toMatchObject({ code: "not_found" });
    await confirmAlert(services, { token: tokenIn(fresh.text, "/alerts/confirm") });
    const confirmed = await subscribeToAlert(services, { ...visitor, clientAddress: "203.0.113.22" }, input);
    expect([first, pending, confirmed]).toEqual([{ accepted: true }, { accepted: true }, { accepted: true }]);
    // The confirmed one got nothing more.
    expect(mailsTo("same@example.com")).toHaveLength(2);
  });

  it("refuses bad input with a clear error per field and writes nothing", async () => {
    const before = await alertCount();
    const sent = smtp.messages.length;
    const cases = [
      [
        { email: "not-an-address", city: "Amsterdam", movieSlug: "dune-part-two" },
        { email: "follow.error.email" },
      ],
      [
        { email: "a@example.com", city: "Atlantis", movieSlug: "dune-part-two" },
        { city: "follow.error.city" },
      ],
      [{ email: "a@example.com", city: "", movieSlug: "dune-part-two" }, { city: "follow.error.city" }],
      [
        { email: "a@example.com", city: "Amsterdam", format: "4d", movieSlug: "dune-part-two" },
        { format: "follow.error.format" },
      ],
      [
        { email: "a@example.com", city: "Amsterdam", movieSlug: "no-such-film" },
        { movieSlug: "follow.error.film" },
      ],
    ] as const;
    for (const [input, fieldErrors] of cases) {
      const error = await subscribeToAlert(
        services,
        { ...visitor, clientAddress: "203.0.113.30" },
        input as Parameters<typeof subscribeToAlert>[2],
      ).catch((e: unknown) => e);
      expect(isAppError(error) && error.code).toBe("invalid_input");
      expect(isAppError(error) && error.fieldErrors).toEqual(fieldErrors);
    }
    await expect(confirmAlert(services, { token: "x".repeat(43) })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(unsubscribeAlert(services, { token: "forged" })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await alertCount()).toBe(before);
    expect(smtp.messages.length).toBe(sent);
  });

  it("limits forms per client address, and mails per e-mail address without saying so", async () => {
    const input = { email: "limited@example.com", city: "Amsterdam", movieSlug: "dune-part-two" };
    const from = { ...visitor, clientAddress: "203.0.113.40" };
    for (let n = 0; n < 3; n += 1)
      await subscribeToAlert(services, { ...from, clientAddress: `198.51.100.${n}` }, input);
    // The fourth to the same address answers alike but sends nothing.
    expect(await subscribeToAlert(services, from, input)).toEqual({ accepted: true });
    await smtp.waitFor(
      (m) => mailsTo("limited@example.com").length === 3 && m.to.includes("limited@example.com"),
    );
    expect(mailsTo("limited@example.com")).toHaveLength(3);
    for (let n = 0; n < 9; n += 1) {
      await subscribeToAlert(services, from, { ...input, email: `other${n}@example.com` });
    }
    await expect(
      subscribeToAlert(services, from, { ...input, email: "eleventh@example.com" }),
    ).rejects.toMatchObject({
      code: "rate_limited",
    });
  });
});
