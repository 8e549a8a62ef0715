// The studio's showtime operations on a real database: add (the cinema's time zone, every refusal at its
// field, nothing written), cancel and re-attribute (audited, API caches invalidated, the public listing
// leaves cancelled showtimes out), super admins only. The list: list-showtime-rows.test.ts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { showtimes } from "../../db/schema/showtimes.ts";
import { listShowtimes } from "../api/showtimes/list-showtimes.ts";
import { listCinemaOptions } from "../catalog/cinemas/list-cinema-options.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  expectAppError,
  missingId,
} from "../tenancy/tenancy-test-fixtures.ts";
import { addShowtime } from "./add-showtime.ts";
import { cancelShowtimes } from "./cancel-showtimes.ts";
import { findListing } from "./find-listing.ts";
import { exportShowtimeRows } from "./export-showtime-rows.ts";
import { listShowtimeRows } from "./list-showtime-rows.ts";
import { reattributeShowtimes } from "./reattribute-showtimes.ts";
import {
  add,
  admin,
  DAY,
  ids,
  s,
  services,
  setUpShowtimeScenario,
} from "../../tests/helpers/showtime-scenario.ts";

setUpShowtimeScenario();

describe("addShowtime", () => {
  it("reads the day and time in the cinema's zone, copies its country, audits and invalidates", async () => {
    const version = await services.apiCache.dataVersion();
    const added = await add({
      auditorium: " Zaal 1 ",
      attributes: "IMAX, ov",
      audioLanguage: "EN",
      subtitleLanguages: "nl",
      bookingUrl: "https://tickets.example.nl/1",
      priceMin: "9,50",
      priceMax: "12",
      currency: "eur",
      availability: "few-left",
    });
    // 20:15 in Amsterdam in January is 19:15 UTC.
    expect(added.startsAt.toISOString()).toBe("2030-01-10T19:15:00.000Z");
    const [row] = await services.db.select().from(showtimes).where(eq(showtimes.id, added.id));
    expect(row).toMatchObject({
      countryCode: "NL",
      feedTitle: "Dune",
      sourceId: null,
      auditorium: "Zaal 1",
      attributes: ["imax", "ov"],
      audioLanguage: "en",
      subtitleLanguages: ["nl"],
      priceMin: 950,
      priceMax: 1200,
      currency: "EUR",
      availability: "few-left",
      status: "scheduled",
    });
    expect((await auditRowsFor(services.db, "catalog.showtime.create"))[0]).toMatchObject({
      entityId: added.id,
      after: expect.objectContaining({ feedTitle: "Dune" }),
    });
    expect(await services.apiCache.dataVersion()).toBeGreaterThan(version);

    // Before 03:00 is the night after the listing day; Lisbon is an hour behind Amsterdam.
    const late = await add({ time: "00:30" });
    expect(late.startsAt.toISOString()).toBe("2030-01-10T23:30:00.000Z");
    const lisbon = await add({ cinemaId: ids.lisbon, time: "20:15" });
    expect(lisbon.startsAt.toISOString()).toBe("2030-01-10T20:15:00.000Z");
  });

  it("refuses a copy of a listed show (same film, minute, attributes and languages), in any order", async () => {
    const first = await add({ time: "14:05", attributes: "imax, ov", subtitleLanguages: "nl" });
    const rows = await countRows(services.db, showtimes);
    const copy = await expectAppError(
      add({ time: "14:05", attributes: "ov, imax", subtitleLanguages: "nl" }),
      "invalid_input",
    );
    expect(copy.fieldErrors).toEqual({ time: "studio.dataShowtimes.validation.alreadyListed" });
    expect(await countRows(services.db, showtimes)).toBe(rows);
    // Another version at the same minute is another show.
    const dubbed = await add({ time: "14:05", attributes: "imax", audioLanguage: "nl" });
    expect(dubbed.startsAt).toEqual(first.startsAt);
  });

  it("refuses every bad value at its field and writes nothing", async () => {
    const rows = await countRows(services.db, showtimes);
    const audits = await countRows(services.db, auditLogs);
    const bad = await expectAppError(
      // The form posts text: a value outside the choices is checked like any other.
      addShowtime(services, admin(), {
        cinemaId: "",
        movieId: "nope",
        date: "2030-02-30",
        time: "25:00",
        audioLanguage: "eng",
        subtitleLanguages: "nl, x1",
        bookingUrl: "http://tickets.example.nl/1",
        priceMin: "abc",
        priceMax: "1.999",
        currency: "euro",
        availability: "plenty" as "unknown",
      }),
      "invalid_input",
    );
    expect(bad.fieldErrors).toMatchObject({
      cinemaId: "studio.dataShowtimes.validation.cinemaRequired",
      movieId: "studio.dataShowtimes.validation.movieRequired",
      date: "studio.dataShowtimes.validation.date",
      time: "studio.dataShowtimes.validation.time",
      audioLanguage: 'validation.tooLong|{"max":2}',
      subtitleLanguages: "studio.dataShowtimes.validation.language",
      bookingUrl: "studio.dataShowtimes.validation.bookingUrl",
      priceMin: "studio.dataShowtimes.validation.price",
      priceMax: "studio.dataShowtimes.validation.price",
      availability: "validation.choiceInvalid",
    });
    const order = await expectAppError(add({ priceMin: "12", priceMax: "9" }), "invalid_input");
    expect(order.fieldErrors).toMatchObject({
      priceMax: "studio.dataShowtimes.validation.priceOrder",
      currency: "studio.dataShowtimes.validation.currencyRequired",
    });
    const closed = await expectAppError(add({ cinemaId: ids.closed }), "invalid_input");
    expect(closed.fieldErrors.cinemaId).toContain("studio.dataShowtimes.validation.cinemaClosed");
    expect(closed.fieldErrors.cinemaId).toContain("Abandoned Odeon");
    const gone = await expectAppError(add({ cinemaId: missingId() }), "invalid_input");
    expect(gone.fieldErrors.cinemaId).toBe("studio.dataShowtimes.validation.cinemaRequired");
    const hidden = await expectAppError(add({ movieId: ids.hidden }), "invalid_input");
    expect(hidden.fieldErrors.movieId).toBe("studio.dataShowtimes.validation.movieInactive");
    const attribute = await expectAppError(add({ attributes: "imax,4dx" }), "invalid_input");
    expect(attribute.fieldErrors.attributes).toContain('"codes":"4dx"');
    expect(await countRows(services.db, showtimes)).toBe(rows);
    expect(await countRows(services.db, auditLogs)).toBe(audits);
  });
});

describe("cancelShowtimes and reattributeShowtimes", () => {
  it("cancels, reports the already cancelled, audits each, and the public listing drops them", async () => {
    const listingDay = "2030-05-02";
    const one = await add({ date: listingDay, time: "19:00" });
    const two = await add({ date: listingDay, time: "21:00" });
    const listed = async () =>
      (
        await findListing(services.db, {
          place: { kind: "city", city: "Amsterdam", countryCode: "NL" },
          date: listingDay,
          attributes: [],
          locale: "en",
        })
      ).flatMap((m) => m.cinemas.flatMap((c) => c.showtimes.map((x) => x.id)));
    // The API's list too: the same listing day at that cinema, asked "now" before the shows.
    const fromApi = async () =>
      (
        await listShowtimes(
          { db: services.db, now: () => new Date("2030-05-01T00:00:00Z"), baseUrl: "https://reeltime.test" },
          { countries: ["NL"] },
          {
            cinema: ids.amsterdam,
            from: { kind: "date", date: listingDay },
            to: { kind: "date", date: listingDay },
          },
        )
      ).data.map((show) => show.id);
    expect((await listed()).sort()).toEqual([one.id, two.id].sort());
    expect((await fromApi()).sort()).toEqual([one.id, two.id].sort());

    const version = await services.apiCache.dataVersion();
    expect(await cancelShowtimes(services, admin(), { ids: one.id })).toEqual({
      cancelled: [one.id],
      alreadyCancelled: [],
      missing: [],
    });
    expect(await services.apiCache.dataVersion()).toBeGreaterThan(version);
    expect(await listed()).toEqual([two.id]);
    expect(await fromApi()).toEqual([two.id]);

    const ghost = missingId();
    const bulk = await cancelShowtimes(services, admin(), { ids: `${one.id},${two.id},${ghost}` });
    expect(bulk).toEqual({ cancelled: [two.id], alreadyCancelled: [one.id], missing: [ghost] });
    expect(await listed()).toEqual([]);
    const audits = await auditRowsFor(services.db, "catalog.showtime.cancel");
    expect(audits.filter((a) => a.entityId === one.id)).toHaveLength(1);
    expect(audits.find((a) => a.entityId === two.id)).toMatchObject({
      before: { status: "scheduled" },
      after: { status: "cancelled" },
    });
  });

  it("re-attributes to an active movie only, auditing the movie before and after", async () => {
    const one = await add({ time: "14:00" });
    const two = await add({ time: "16:00", movieId: ids.alien });
    const moved = await reattributeShowtimes(services, admin(), {
      ids: [one.id, two.id].join(","),
      movieId: ids.alien,
    });
    expect(moved).toMatchObject({ changed: [one.id], unchanged: [two.id], missing: [] });
    expect((await auditRowsFor(services.db, "catalog.showtime.reattribute"))[0]).toMatchObject({
      entityId: one.id,
      before: { movieId: ids.dune },
      after: { movieId: ids.alien },
    });
    const hidden = await expectAppError(
      reattributeShowtimes(services, admin(), { ids: one.id, movieId: ids.hidden }),
      "invalid_input",
    );
    expect(hidden.fieldErrors.movieId).toBe("studio.dataShowtimes.validation.movieInactive");
    const none = await expectAppError(cancelShowtimes(services, admin(), { ids: "" }), "invalid_input");
    expect(none.fieldErrors.ids).toBe("studio.dataShowtimes.validation.noneSelected");
  });
});

describe("access", () => {
  it("refuses everyone but super admins, writing nothing", async () => {
    const rows = await countRows(services.db, showtimes);
    const audits = await countRows(services.db, auditLogs);
    const [target] = await services.db.select({ id: showtimes.id }).from(showtimes).limit(1);
    for (const who of [actorFor(s.adminA, s.clientA), actorFor(s.viewerA, s.clientA)]) {
      await expectAppError(
        addShowtime(services, who, { cinemaId: ids.amsterdam, movieId: ids.dune, date: DAY, time: "10:00" }),
        "forbidden",
      );
      await expectAppError(cancelShowtimes(services, who, { ids: target!.id }), "forbidden");
      await expectAppError(
        reattributeShowtimes(services, who, { ids: target!.id, movieId: ids.dune }),
        "forbidden",
      );
      await expectAppError(listShowtimeRows(services, who, { from: DAY, to: DAY }), "forbidden");
      await expectAppError(exportShowtimeRows(services, who, { from: DAY, to: DAY }, 10), "forbidden");
      await expectAppError(listCinemaOptions(services, who, "studio"), "forbidden");
    }
    expect(await countRows(services.db, showtimes)).toBe(rows);
    expect(await countRows(services.db, auditLogs)).toBe(audits);
  });

  it("offers cinemas by name or city for the picker", async () => {
    expect(await listCinemaOptions(services, admin(), "utrecht")).toEqual([
      { value: ids.closed, label: "Abandoned Odeon", hint: "Utrecht, NL" },
      { value: ids.utrecht, label: "Louis Hartlooper", hint: "Utrecht, NL" },
    ]);
    const byName = await listCinemaOptions(services, admin(), "ideal");
    expect(byName.map((o) => o.label)).toEqual(["Cinema Ideal"]);
    expect((await listCinemaOptions(services, admin(), "%")).length).toBe(0);
  });
});
