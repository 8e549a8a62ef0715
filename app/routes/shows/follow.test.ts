// "Tell me when showtimes appear" through the real app (production build) and real SMTP: the form on the
// show page, the follow page's POST (neutral answer, field errors, nothing written on bad input), the
// confirmation link (GET shows a button, POST confirms), an alert with List-Unsubscribe whose one-click POST
// (RFC 8058: no Origin, form body "List-Unsubscribe=One-Click") unsubscribes at once.
import { and, asc, count, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendShowtimeAlerts } from "../../../core/alerts/send-showtime-alerts.ts";
import { showtimeAlerts } from "../../../db/schema/alerts.ts";
import { cinemas, movies } from "../../../db/schema/catalog.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { startSmtpCapture, type SmtpCapture } from "../../../tests/helpers/smtp-capture.ts";
import { createTestApp, seedSmallDemo } from "../../../tests/helpers/test-app.ts";
// Not a React hook (the hooks lint rule runs on app/): a fresh database per test file.
import { useTestDatabase as freshTestDatabase } from "../../../tests/helpers/test-db.ts";

const NOW = new Date("2026-11-22T11:00:00Z");
const database = freshTestDatabase();
let smtp: SmtpCapture;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
const film = { id: "", slug: "", title: "" };
let showId = "";

beforeAll(async () => {
  smtp = await startSmtpCapture();
  await seedSmallDemo(database(), NOW);
  testApp = await createTestApp(database(), { now: () => NOW, env: { SMTP_URL: smtp.url } });
  const [row] = await database()
    .db.select({ id: showtimes.id, movieId: movies.id, slug: movies.slug, title: movies.title })
    .from(showtimes)
    .innerJoin(movies, eq(movies.id, showtimes.movieId))
    .innerJoin(cinemas, eq(cinemas.id, showtimes.cinemaId))
    .where(and(eq(cinemas.city, "Amsterdam"), gte(showtimes.startsAt, new Date("2026-11-22T18:00:00Z"))))
    .orderBy(asc(showtimes.startsAt), asc(showtimes.id))
    .limit(1);
  Object.assign(film, { id: row!.movieId, slug: row!.slug, title: row!.title });
  showId = row!.id;
});

afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  testApp.app.request(path, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
const alertRows = async () => (await database().db.select({ n: count() }).from(showtimeAlerts))[0]!.n;

describe("following a film", () => {
  it("offers the form on the show page, posting to the film's follow address", async () => {
    const html = await (await testApp.app.request(`/shows/${showId}?lang=en`)).text();
    expect(html).toContain("Tell me when showtimes appear");
    expect(html).toContain(`action="/films/${film.slug}/follow"`);
    expect(html).toMatch(/<label for="follow-email"[^>]*>E-mail address<\/label>/);
    expect(html).toContain('value="Amsterdam"');
  });

  it("refuses bad input with a clear message beside the field and writes nothing", async () => {
    const res = await post(`/films/${film.slug}/follow?lang=en`, {
      email: "nope",
      city: "Atlantis",
      format: "4d",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Enter a valid e-mail address, such as name@example.com.");
    expect(html).toContain('aria-describedby="follow-email-error"');
    expect(await alertRows()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
    expect(
      (await post("/films/no-such-film/follow", { email: "a@example.com", city: "Amsterdam" })).status,
    ).toBe(404);
  });

  it("confirms by e-mail, alerts with a one-click unsubscribe, and the POST unsubscribes", async () => {
    const res = await post(`/films/${film.slug}/follow?lang=en`, {
      email: "viewer@example.com",
      city: "Amsterdam",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Check your inbox.");
    const confirmation = await smtp.waitFor((mail) => mail.to.includes("viewer@example.com"));
    const confirmUrl = new URL(
      /(http:\/\/localhost:3000\/alerts\/confirm\?token=\S+)/.exec(confirmation.text!)![1]!,
    );
    const path = `${confirmUrl.pathname}${confirmUrl.search}`;

    // Following the link (as a mail scanner would) confirms nothing; the button does.
    const page = await testApp.app.request(`${path}&lang=en`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(">Confirm</button>");
    expect((await database().db.select().from(showtimeAlerts))[0]!.status).toBe("pending");
    const confirmed = await post(`${path}&lang=en`, {});
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Confirmed. We will e-mail you when new showtimes appear.");
    expect((await post(`${path}&lang=en`, {})).status).toBe(400);

    // A new matching show appears (as an import inserts it), and the job runs.
    const [template] = await database().db.select().from(showtimes).where(eq(showtimes.id, showId));
    const { id: _id, firstSeenAt: _seen, ...copy } = template!;
    await database()
      .db.insert(showtimes)
      .values({ ...copy, sourceRef: "new-show", startsAt: new Date("2026-11-23T19:30:00Z") });
    expect(await sendShowtimeAlerts(testApp.services)).toEqual({ sent: 1, failed: 0 });
    const alert = await smtp.waitFor(
      (mail) => mail.to.includes("viewer@example.com") && mail !== confirmation,
    );
    expect(alert.subject).toBe(`New showtimes of ${film.title} in Amsterdam`);
    expect(alert.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = new URL(/^<(.+)>$/.exec(alert.headers["list-unsubscribe"]!)![1]!);

    // The mail provider's one-click POST: no Origin, no cookies, the RFC 8058 body.
    const done = await post(`${unsubscribe.pathname}${unsubscribe.search}`, {
      "List-Unsubscribe": "One-Click",
    });
    expect(done.status).toBe(200);
    expect(await alertRows()).toBe(0);
    expect((await post("/alerts/unsubscribe?token=forged", { "List-Unsubscribe": "One-Click" })).status).toBe(
      400,
    );
  });
});
