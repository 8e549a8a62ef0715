// Issue 25 point 6 in Chromium without JavaScript: a cinema's calendar feed names its shows; a show's page
// offers "Add to calendar" (the downloaded .ics parses with ical.js, in the cinema's time zone, with an end)
// and "Tell me when showtimes appear", confirmed through the e-mail received over SMTP.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import ICAL from "ical.js";
import { waitForCapturedMail } from "../../helpers/smtp-capture.ts";

function parse(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const zone of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return root.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
}

test.use({ javaScriptEnabled: false });

test("add a show to the calendar and follow its film, confirmed by e-mail", async ({ page, request }) => {
  await page.goto("/?lang=en");
  const cinemaPath = await page.locator('a[href^="/cinemas/"]').first().getAttribute("href");
  const slug = new URL(cinemaPath!, "http://x").pathname.split("/")[2]!;

  // The cinema's feed: its upcoming shows, each named by a stable UID that holds the show's id.
  const feed = await request.get(`/cinemas/${slug}/calendar.ics?lang=en`);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const events = parse(await feed.text());
  expect(events.length).toBeGreaterThan(0);
  const showId = /^show-([0-9a-f-]{36})@/.exec(events[0]!.uid)![1]!;

  await page.goto(`/shows/${showId}?lang=en`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(events[0]!.summary);
  const booking = page.getByRole("link", { name: /^Book at / });
  const boxOffice = page.getByText("Tickets at the box office");
  expect((await booking.count()) + (await boxOffice.count())).toBeGreaterThan(0);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Calendar file (.ics)" }).click(),
  ]);
  const [event] = parse(await readFile((await download.path())!, "utf8"));
  expect(event!.component.getFirstProperty("dtstart")!.getParameter("tzid")).toMatch(/^[A-Za-z_]+\/[A-Za-z_]+/);
  expect(event!.startDate.zone?.tzid).toBe(event!.component.getFirstProperty("dtstart")!.getParameter("tzid"));
  expect(event!.endDate.toJSDate().getTime()).toBeGreaterThan(event!.startDate.toJSDate().getTime());
  expect(event!.uid).toBe(events[0]!.uid);
  const google = await page.getByRole("link", { name: "Google Calendar" }).getAttribute("href");
  expect(new URL(google!).searchParams.get("ctz")).toBe(event!.startDate.zone?.tzid);

  const email = `follower-${Date.now()}@example.com`;
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Follow this film" }).click();
  await expect(page.getByRole("status")).toContainText("Check your inbox.");

  const mail = await waitForCapturedMail(process.env.E2E_MAIL_DIR!, (m) => m.to.includes(email));
  const confirmUrl = /(https?:\/\/\S+\/alerts\/confirm\?token=\S+)/.exec(mail.text!)![1]!;
  const confirm = new URL(confirmUrl);
  await page.goto(`${confirm.pathname}${confirm.search}&lang=en`);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status")).toHaveText("Confirmed. We will e-mail you when new showtimes appear.");
});
