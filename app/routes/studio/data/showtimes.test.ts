// /studio/data/showtimes through the real app, signed in as the demo accounts: the super admin lists with
// filters and the default days, exports CSV, picks cinemas, adds, cancels and re-attributes; client users
// are refused the page, its data, its CSV, the cinema options and its posts.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../../../db/schema/audit.ts";
import { cinemas, movies } from "../../../../db/schema/catalog.ts";
import { showtimes } from "../../../../db/schema/showtimes.ts";
import { ensureCountry } from "../../../../core/catalog/catalog-test-helpers.ts";
import {
  csvRows,
  dataPath,
  get,
  postForm,
  setUpStudio,
  type App,
  type Who,
} from "../../../../tests/helpers/studio-test-app.ts";

const { database, studio } = setUpStudio();
let app: App;
let cookies: Record<Who, string>;

const SHOWTIMES = "/studio/data/showtimes";
const OPTIONS = "/studio/data/cinemas/options";
const rowsOf = async (table: typeof showtimes | typeof auditLogs) =>
  (await database().db.select({ n: count() }).from(table))[0]!.n;
const ids = { cinema: "", other: "", movie: "", second: "" };
const DAY = "2031-02-14";

beforeAll(async () => {
  ({ app, cookies } = studio());
  const { db } = database();
  await ensureCountry(db, "NL", "Netherlands");
  const [cinema, other] = await db
    .insert(cinemas)
    .values([
      {
        name: "Filmhuis Zuidstad",
        slug: "zuidstad",
        city: "Zuidstad",
        countryCode: "NL",
        timeZone: "Europe/Amsterdam",
      },
      {
        name: "Noordkino",
        slug: "noordkino",
        city: "Noordstad",
        countryCode: "NL",
        timeZone: "Europe/Amsterdam",
      },
    ])
    .returning({ id: cinemas.id });
  const [movie, second] = await db
    .insert(movies)
    .values([
      { title: "Valentijn", slug: "valentijn-test" },
      { title: "Tweede Film", slug: "tweede-film-test" },
    ])
    .returning({ id: movies.id });
  Object.assign(ids, { cinema: cinema!.id, other: other!.id, movie: movie!.id, second: second!.id });
  await db.insert(showtimes).values([
    {
      cinemaId: ids.cinema,
      countryCode: "NL",
      feedTitle: "Valentijn",
      movieId: ids.movie,
      startsAt: new Date(`${DAY}T19:00:00Z`),
    },
    {
      cinemaId: ids.other,
      countryCode: "NL",
      feedTitle: "Mystery Night",
      startsAt: new Date(`${DAY}T20:00:00Z`),
    },
  ]);
});

describe("reading", () => {
  it("lists the chosen days, filters by cinema, exports CSV and offers cinemas", async () => {
    const page = await get(app, `${SHOWTIMES}?from=${DAY}&to=${DAY}`, cookies.superAdmin);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Filmhuis Zuidstad");
    expect(html).toContain("Mystery Night");
    // the cinema's own clock with its zone named, in the reader's language (24-hour in English too)
    expect(html).toContain("Feb 14, 2031, 20:00 GMT+1");
    const dutch = await (
      await get(app, `${SHOWTIMES}?from=${DAY}&to=${DAY}`, `${cookies.superAdmin}; reeltime-locale=nl`)
    ).text();
    expect(dutch).toContain("14 feb 2031, 20:00 CET");

    const filtered = await (
      await get(app, dataPath(`${SHOWTIMES}?from=${DAY}&to=${DAY}&cinema=${ids.other}`), cookies.superAdmin)
    ).text();
    expect(filtered).toContain("Mystery Night");
    expect(filtered).not.toContain('Filmhuis Zuidstad"');

    // The default days (today and the seven after) do not reach 2031.
    expect(await (await get(app, SHOWTIMES, cookies.superAdmin)).text()).not.toContain("Mystery Night");
    // A reversed range says why and lists the default days rather than failing.
    const reversed = await get(app, `${SHOWTIMES}?from=${DAY}&to=2031-02-01`, cookies.superAdmin);
    expect(reversed.status).toBe(200);
    expect(await reversed.text()).toContain("The last day cannot be before the first.");

    const csv = csvRows(
      await (await get(app, `${SHOWTIMES}?from=${DAY}&to=${DAY}&format=csv`, cookies.superAdmin)).text(),
    );
    expect(csv[0]!.slice(0, 3)).toEqual(["Id", "Starts (local time)", "Starts (UTC)"]);
    expect(csv.slice(1).map((r) => r[1])).toEqual(["2031-02-14T20:00:00+01:00", "2031-02-14T21:00:00+01:00"]);

    const options = await get(app, `${OPTIONS}?q=zuid`, cookies.superAdmin);
    expect(options.status).toBe(200);
    expect(await options.json()).toEqual({
      options: [{ value: ids.cinema, label: "Filmhuis Zuidstad", hint: "Zuidstad, NL" }],
    });
  });

  it.each(["viewer", "editor", "admin"] as const)(
    "refuses a client %s the page, data, CSV and cinema options",
    async (who) => {
      expect((await get(app, SHOWTIMES, cookies[who])).status).toBe(403);
      expect((await get(app, dataPath(SHOWTIMES), cookies[who])).status).toBe(403);
      expect((await get(app, `${SHOWTIMES}?format=csv`, cookies[who])).status).toBe(403);
      expect((await get(app, `${OPTIONS}?q=zuid`, cookies[who])).status).toBe(403);
    },
  );
});

describe("writing", () => {
  const add = {
    intent: "add",
    cinemaId: "",
    movieId: "",
    date: DAY,
    time: "21:30",
    priceMin: "9.50",
    currency: "EUR",
  };

  it.each(["viewer", "editor", "admin"] as const)(
    "refuses a client %s's POSTs, writing nothing",
    async (who) => {
      const before = [await rowsOf(showtimes), await rowsOf(auditLogs)];
      const fields = { ...add, cinemaId: ids.cinema, movieId: ids.movie };
      expect((await postForm(app, dataPath(SHOWTIMES), fields, cookies[who])).status).toBe(403);
      const [any] = await database().db.select({ id: showtimes.id }).from(showtimes).limit(1);
      expect(
        (await postForm(app, dataPath(SHOWTIMES), { intent: "cancel", ids: any!.id }, cookies[who])).status,
      ).toBe(403);
      expect([await rowsOf(showtimes), await rowsOf(auditLogs)]).toEqual(before);
    },
  );

  it("refuses bad values at their fields, then adds, re-attributes and cancels", async () => {
    const before = await rowsOf(showtimes);
    const bad = await postForm(
      app,
      dataPath(SHOWTIMES),
      {
        ...add,
        cinemaId: ids.cinema,
        movieId: ids.movie,
        time: "24:10",
        bookingUrl: "http://x.nl",
        currency: "",
      },
      cookies.superAdmin,
    );
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).toContain("studio.dataShowtimes.validation.time");
    expect(text).toContain("studio.dataShowtimes.validation.bookingUrl");
    expect(text).toContain("studio.dataShowtimes.validation.currencyRequired");
    expect(await rowsOf(showtimes)).toBe(before);

    const ok = await postForm(
      app,
      dataPath(SHOWTIMES),
      { ...add, cinemaId: ids.cinema, movieId: ids.movie },
      cookies.superAdmin,
    );
    expect(ok.status).toBe(200);
    const [created] = await database()
      .db.select()
      .from(showtimes)
      .where(eq(showtimes.startsAt, new Date(`${DAY}T20:30:00Z`)));
    expect(created).toMatchObject({ cinemaId: ids.cinema, priceMin: 950, currency: "EUR", sourceId: null });

    const moved = await postForm(
      app,
      dataPath(SHOWTIMES),
      { intent: "reattribute", ids: created!.id, movieId: ids.second },
      cookies.superAdmin,
    );
    expect(moved.status).toBe(200);
    const cancelled = await postForm(
      app,
      dataPath(SHOWTIMES),
      { intent: "cancel", ids: created!.id },
      cookies.superAdmin,
    );
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain("studio.dataShowtimes.toast.cancelled");
    const [after] = await database().db.select().from(showtimes).where(eq(showtimes.id, created!.id));
    expect(after).toMatchObject({ movieId: ids.second, status: "cancelled" });
    const audits = await database()
      .db.select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, created!.id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      "catalog.showtime.cancel",
      "catalog.showtime.create",
      "catalog.showtime.reattribute",
    ]);
  });
});
