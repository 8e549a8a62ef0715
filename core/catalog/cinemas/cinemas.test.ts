// Cinemas: create, edit, close and reopen, list with search and filters, by super admins only.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../../db/schema/audit.ts";
import { cinemas } from "../../../db/schema/catalog.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { createApiResponseCache } from "../../cache/response-cache.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  createScenario,
  expectAppError,
  missingId,
  type Scenario,
} from "../../tenancy/tenancy-test-fixtures.ts";
import { isIanaTimeZone } from "./cinema-schemas.ts";
import { createChain } from "./create-chain.ts";
import { createCinema } from "./create-cinema.ts";
import { listCinemas } from "./list-cinema-rows.ts";
import { setCinemaStatus } from "./set-cinema-status.ts";
import { ensureCountry } from "../catalog-test-helpers.ts";
import type { CatalogServices } from "../catalog-services.ts";
import { updateCinema } from "./update-cinema.ts";

const base = {
  name: "Louis Hartlooper Complex",
  slug: "louis-hartlooper",
  city: "Utrecht",
  countryCode: "NL",
  timeZone: "Europe/Amsterdam",
};

describe("cinemas", () => {
  const database = useTestDatabase();
  let s: Scenario;
  let services: CatalogServices;

  beforeAll(async () => {
    const { db } = database();
    services = { db, apiCache: createApiResponseCache() };
    s = await createScenario(db);
    await ensureCountry(db, "NL", "Netherlands");
    await ensureCountry(db, "BE", "Belgium");
  });

  it("creates a cinema, edits it and lists it with search, filters and sort", async () => {
    const admin = actorFor(s.superAdmin);
    const chain = await createChain(services, admin, { name: "Kinepolis", slug: "kinepolis-c" });
    const cinema = await createCinema(services, admin, {
      ...base,
      slug: " LHC-Utrecht ",
      latitude: "52.0907",
      longitude: "5.1214",
      address: "Tolsteegbrug 1",
      bookingUrlTemplate: "https://tickets.example.nl/show/{source_ref}?lang=nl",
    });
    expect(cinema).toMatchObject({
      slug: "lhc-utrecht",
      latitude: 52.0907,
      longitude: 5.1214,
      chainId: null,
      status: "open",
      postalCode: null,
    });
    const created = (await auditRowsFor(services.db, "catalog.cinema.create"))[0];
    expect(created).toMatchObject({
      entityId: cinema.id,
      after: expect.objectContaining({ slug: "lhc-utrecht" }),
    });

    const edited = await updateCinema(services, admin, {
      ...base,
      cinemaId: cinema.id,
      slug: "lhc",
      chainId: chain.id,
      countryCode: "be",
      timeZone: "Europe/Brussels",
      latitude: "",
      longitude: "",
      bookingUrlTemplate: "",
    });
    expect(edited).toMatchObject({
      slug: "lhc",
      chainId: chain.id,
      countryCode: "BE",
      latitude: null,
      longitude: null,
      bookingUrlTemplate: null,
    });
    expect((await auditRowsFor(services.db, "catalog.cinema.update"))[0]).toMatchObject({
      entityId: cinema.id,
      before: expect.objectContaining({ slug: "lhc-utrecht", countryCode: "NL" }),
      after: expect.objectContaining({ slug: "lhc", countryCode: "BE" }),
    });

    await createCinema(services, admin, { ...base, name: "Rembrandt", slug: "rembrandt-utrecht" });
    const byChain = await listCinemas(services, admin, { chain: chain.id, country: "be", search: "utrecht" });
    expect(byChain.rows).toEqual([
      expect.objectContaining({ id: cinema.id, chainName: "Kinepolis", countryName: "Belgium" }),
    ]);
    const bySlug = await listCinemas(services, admin, { search: "rembrandt-utr", status: "open" });
    expect(bySlug.rows.map((r) => r.name)).toEqual(["Rembrandt"]);
    const sorted = await listCinemas(services, admin, {
      search: "utrecht",
      sort: "-name",
      pageSize: 1,
      page: 2,
    });
    expect(sorted).toMatchObject({
      total: 2,
      rows: [expect.objectContaining({ name: "Louis Hartlooper Complex" })],
    });
  });

  it("moves a cinema's showtimes to its new country and marks them changed", async () => {
    const admin = actorFor(s.superAdmin);
    const cinema = await createCinema(services, admin, { ...base, slug: "moving-cinema" });
    const [show] = await services.db
      .insert(showtimes)
      .values({
        cinemaId: cinema.id,
        countryCode: "NL",
        feedTitle: "Flow",
        startsAt: new Date("2031-05-01T18:00:00Z"),
        updatedAt: new Date("2020-01-01T00:00:00Z"),
      })
      .returning();
    // a showtime in a country other than its cinema's is refused by the database itself
    await expect(
      services.db.insert(showtimes).values({
        cinemaId: cinema.id,
        countryCode: "BE",
        feedTitle: "Flow",
        startsAt: new Date("2031-05-01T20:00:00Z"),
      }),
    ).rejects.toThrow();
    await updateCinema(services, admin, {
      ...base,
      cinemaId: cinema.id,
      slug: "moving-cinema",
      countryCode: "BE",
      timeZone: "Europe/Brussels",
    });
    const [moved] = await services.db.select().from(showtimes).where(eq(showtimes.id, show!.id));
    expect(moved!.countryCode).toBe("BE");
    expect(moved!.updatedAt.getTime()).toBeGreaterThan(show!.updatedAt.getTime());
  });

  it("makes the API's cached answers and the public pages stale after an edit or a status change", async () => {
    const admin = actorFor(s.superAdmin);
    const { apiCache } = services;
    const cinema = await createCinema(services, admin, { ...base, slug: "stale-after-edit" });
    const before = await apiCache.dataVersion();
    await updateCinema(services, admin, {
      ...base,
      cinemaId: cinema.id,
      slug: "stale-after-edit",
      name: "Renamed",
    });
    const afterEdit = await apiCache.dataVersion();
    expect(afterEdit).toBeGreaterThan(before);
    await setCinemaStatus(services, admin, { cinemaId: cinema.id, status: "closed" });
    expect(await apiCache.dataVersion()).toBeGreaterThan(afterEdit);
  });

  it("refuses bad fields at their field and writes nothing", async () => {
    const admin = actorFor(s.superAdmin);
    await createCinema(services, admin, { ...base, slug: "taken-slug" });
    const rows = await countRows(services.db, cinemas);
    const audits = await countRows(services.db, auditLogs);

    const bad = await expectAppError(
      createCinema(services, admin, {
        name: " ",
        slug: "bad slug",
        city: "",
        countryCode: "NL",
        latitude: "123",
        longitude: "200",
        timeZone: "Mars/Base",
        bookingUrlTemplate: "https://tickets.example.nl/{film}/{source_ref}",
      }),
      "invalid_input",
    );
    expect(bad.fieldErrors).toMatchObject({
      name: "validation.nameRequired",
      slug: "validation.slugPattern",
      city: "studio.cinemas.validation.cityRequired",
      latitude: "studio.cinemas.validation.latitude",
      longitude: "studio.cinemas.validation.longitude",
      timeZone: "studio.cinemas.validation.timeZone",
    });
    expect(bad.fieldErrors.bookingUrlTemplate).toContain("studio.cinemas.validation.bookingPlaceholder");
    expect(bad.fieldErrors.bookingUrlTemplate).toContain('"placeholder":"{film}"');

    const details = await expectAppError(
      createCinema(services, admin, {
        ...base,
        slug: "details",
        phone: "call us",
        screens: "0",
        seats: "12.5",
        osmId: "way/abc",
      }),
      "invalid_input",
    );
    expect(details.fieldErrors).toMatchObject({
      phone: "studio.cinemas.validation.phone",
      osmId: "studio.cinemas.validation.osmId",
    });
    expect(details.fieldErrors.screens).toContain("studio.cinemas.validation.screens");
    expect(details.fieldErrors.seats).toContain("studio.cinemas.validation.seats");

    const relative = await expectAppError(
      createCinema(services, admin, { ...base, slug: "rel", bookingUrlTemplate: "/book/{source_ref}" }),
      "invalid_input",
    );
    expect(relative.fieldErrors.bookingUrlTemplate).toBe("studio.cinemas.validation.bookingUrl");
    // https only, and no placeholder where it could change the site.
    for (const [slug, template, reason] of [
      ["plain", "http://tickets.example.nl/{source_ref}", "studio.cinemas.validation.bookingUrl"],
      ["script", "javascript:alert('{source_ref}')", "studio.cinemas.validation.bookingUrl"],
      ["host", "https://{cinema_ref}.example.nl/{source_ref}", "studio.cinemas.validation.bookingHost"],
    ] as const) {
      const refused = await expectAppError(
        createCinema(services, admin, { ...base, slug, bookingUrlTemplate: template }),
        "invalid_input",
      );
      expect(refused.fieldErrors.bookingUrlTemplate, template).toBe(reason);
    }
    const half = await expectAppError(
      createCinema(services, admin, { ...base, slug: "half", latitude: "52.1" }),
      "invalid_input",
    );
    expect(half.fieldErrors.longitude).toBe("studio.cinemas.validation.coordinatesPair");

    const taken = await expectAppError(
      createCinema(services, admin, { ...base, slug: "taken-slug" }),
      "conflict",
      "cinemas.slugTaken",
    );
    expect(taken.fieldErrors.slug).toContain("studio.cinemas.validation.slugTaken");
    const unknown = await expectAppError(
      createCinema(services, admin, { ...base, slug: "nowhere", countryCode: "ZZ", chainId: missingId() }),
      "invalid_input",
    );
    expect(unknown.fieldErrors).toMatchObject({
      countryCode: "studio.cinemas.validation.countryRequired",
      chainId: "studio.cinemas.validation.chainUnknown",
    });
    await expectAppError(
      updateCinema(services, admin, { ...base, cinemaId: missingId(), slug: "ghost" }),
      "not_found",
      "cinemas.notFound",
    );
    expect(await countRows(services.db, cinemas)).toBe(rows);
    expect(await countRows(services.db, auditLogs)).toBe(audits);
  });

  it("keeps a cinema's phone, screens, seats and external ids, and clears them", async () => {
    const admin = actorFor(s.superAdmin);
    const cinema = await createCinema(services, admin, {
      ...base,
      slug: "with-details",
      phone: "+31 30 232 0000",
      screens: "4",
      seats: "600",
      osmId: "way/123456",
      nationalId: "NL-0042",
      posSiteId: "site-9",
    });
    expect(cinema).toMatchObject({
      phone: "+31 30 232 0000",
      screens: 4,
      seats: 600,
      osmId: "way/123456",
      nationalId: "NL-0042",
      posSiteId: "site-9",
    });
    const cleared = await updateCinema(services, admin, {
      ...base,
      cinemaId: cinema.id,
      slug: "with-details",
      phone: "",
      screens: "",
      seats: "",
    });
    expect(cleared).toMatchObject({ phone: null, screens: null, seats: null, osmId: null });
  });

  it("refuses everyone but super admins, writing nothing", async () => {
    const admin = actorFor(s.superAdmin);
    const cinema = await createCinema(services, admin, { ...base, slug: "staff-only" });
    const rows = await countRows(services.db, cinemas);
    const audits = await countRows(services.db, auditLogs);
    for (const who of [actorFor(s.adminA, s.clientA), actorFor(s.viewerA, s.clientA)]) {
      await expectAppError(createCinema(services, who, { ...base, slug: "mine" }), "forbidden");
      await expectAppError(
        updateCinema(services, who, { ...base, cinemaId: cinema.id, slug: "mine" }),
        "forbidden",
      );
      await expectAppError(
        setCinemaStatus(services, who, { cinemaId: cinema.id, status: "closed" }),
        "forbidden",
      );
      await expectAppError(listCinemas(services, who), "forbidden");
    }
    expect(await countRows(services.db, cinemas)).toBe(rows);
    expect(await countRows(services.db, auditLogs)).toBe(audits);
  });

  it("closes and reopens a cinema, auditing each change once", async () => {
    const admin = actorFor(s.superAdmin);
    const cinema = await createCinema(services, admin, { ...base, slug: "closing" });
    const closed = await setCinemaStatus(services, admin, { cinemaId: cinema.id, status: "closed" });
    expect(closed.status).toBe("closed");
    expect((await auditRowsFor(services.db, "catalog.cinema.status"))[0]).toMatchObject({
      entityId: cinema.id,
      before: { status: "open" },
      after: { status: "closed" },
    });
    const audits = await countRows(services.db, auditLogs);
    await setCinemaStatus(services, admin, { cinemaId: cinema.id, status: "closed" });
    expect(await countRows(services.db, auditLogs)).toBe(audits);
    expect((await listCinemas(services, admin, { search: "closing", status: "closed" })).total).toBe(1);

    const reopened = await setCinemaStatus(services, admin, { cinemaId: cinema.id, status: "open" });
    expect(reopened.status).toBe("open");
    await expectAppError(
      setCinemaStatus(services, admin, { cinemaId: missingId(), status: "open" }),
      "not_found",
    );
  });

  it("knows real time zones (booking templates: booking-template.test.ts)", () => {
    expect(isIanaTimeZone("Europe/Amsterdam")).toBe(true);
    expect(isIanaTimeZone("UTC")).toBe(true);
    expect(isIanaTimeZone("Mars/Base")).toBe(false);
    expect(isIanaTimeZone("+01:00")).toBe(false);
  });
});
