// Issue 25 point 2 (booking honesty) and point 5 (the widget names attributes): every showtime the API
// gives says whether it can be booked online (`bookable`: a link and seats to sell, as the public site's
// chips) and names its attributes in the asked locale (`attribute_names`), both documented in the
// OpenAPI document the answers are checked against.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Page } from "../../../../core/api/api-page.ts";
import type { ApiShowtime } from "../../../../core/api/showtimes/showtime-row.ts";
import { queryRows } from "../../../../core/shared/db-rows.ts";
import { useApiApp } from "../../../../tests/helpers/api-test-app.ts";

type SchemaObject = { required?: string[]; properties?: Record<string, { type?: string | string[] }> };

describe("the showtime's booking flag and attribute names", () => {
  const { get, ready } = useApiApp();
  const DAY = "city=amsterdam&from=2026-11-24&to=2026-11-24&limit=200";

  it("documents `bookable` and `attribute_names` as required fields of every Showtime", () => {
    const { api } = ready();
    const document = api.contract.document as unknown as {
      components: { schemas: Record<string, SchemaObject> };
    };
    const showtime = document.components.schemas.Showtime!;
    expect(showtime.required).toEqual(expect.arrayContaining(["bookable", "attribute_names", "booking_url"]));
    expect(showtime.properties?.bookable?.type).toBe("boolean");
    expect(showtime.properties?.attribute_names?.type).toBe("object");
  });

  it("marks shows without a link, sold out or cancelled as not bookable, the others as bookable", async () => {
    const { database } = ready();
    const [cinema] = await queryRows<{ id: string; slug: string }>(
      database.db,
      sql`select c.id, c.slug from cinemas c where c.city = 'Amsterdam' and c.website is not null
          order by c.slug limit 1`,
    );
    // A cinema with nothing to book through: no site, no template, no show links.
    await database.db.execute(sql`update cinemas set website = null, booking_url_template = null
      where id = ${cinema!.id}::uuid`);
    await database.db.execute(
      sql`update showtimes set booking_url = null where cinema_id = ${cinema!.id}::uuid`,
    );
    const [soldOut] = await queryRows<{ id: string }>(
      database.db,
      sql`update showtimes set availability = 'sold-out' where id = (
            select s.id from showtimes s join cinemas c on c.id = s.cinema_id
            where c.city = 'Amsterdam' and c.id <> ${cinema!.id}::uuid and s.status = 'scheduled'
              and s.starts_at >= '2026-11-24T02:00:00Z' and s.starts_at < '2026-11-25T02:00:00Z'
            order by s.starts_at, s.id limit 1)
          returning id`,
    );

    const answer = await get<Page<ApiShowtime>>(`/api/v1/showtimes?${DAY}`);
    expect(answer.status).toBe(200);
    const shows = answer.body.data;
    const atBoxOffice = shows.filter((show) => show.cinema.id === cinema!.id);
    expect(atBoxOffice.length).toBeGreaterThan(0);
    for (const show of atBoxOffice) expect(show).toMatchObject({ booking_url: null, bookable: false });
    const sold = shows.find((show) => show.id === soldOut!.id);
    expect(sold?.booking_url).toMatch(/^https?:\/\//);
    expect(sold?.bookable).toBe(false);
    const others = shows.filter((show) => show.cinema.id !== cinema!.id && show.id !== soldOut!.id);
    expect(others.length).toBeGreaterThan(0);
    for (const show of others)
      expect(show.bookable, show.id).toBe(show.booking_url !== null && show.availability !== "sold-out");
    expect(others.some((show) => show.bookable)).toBe(true);

    // By id: the same flag.
    const one = await get<{ data: ApiShowtime }>(`/api/v1/showtimes/${sold!.id}`);
    expect(one.body.data.bookable).toBe(false);
  });

  it("names each attribute in the asked locale, English where it has no name in it", async () => {
    const { database } = ready();
    const english = await get<Page<ApiShowtime>>(`/api/v1/showtimes?${DAY}`);
    const dutch = await get<Page<ApiShowtime>>(`/api/v1/showtimes?${DAY}&locale=nl`);
    const withAttributes = english.body.data.filter((show) => show.attributes.length > 0);
    expect(withAttributes.length).toBeGreaterThan(0);
    for (const show of english.body.data)
      expect(Object.keys(show.attribute_names).sort()).toEqual([...show.attributes].sort());

    const names = await queryRows<{ code: string; names: Record<string, string> }>(
      database.db,
      sql`select code, names from attributes`,
    );
    const catalogue = new Map(names.map((row) => [row.code, row.names]));
    const byId = new Map(dutch.body.data.map((show) => [show.id, show]));
    let differs = false;
    for (const show of withAttributes) {
      for (const code of show.attributes) {
        expect(show.attribute_names[code]).toBe(catalogue.get(code)?.en);
        const nl = byId.get(show.id)?.attribute_names[code];
        expect(nl).toBe(catalogue.get(code)?.nl ?? catalogue.get(code)?.en);
        if (nl !== show.attribute_names[code]) differs = true;
      }
    }
    // The demo's attributes include some whose Dutch name differs (e.g. "Nederlands ondertiteld").
    expect(differs).toBe(true);

    // A Dutch name missing from the catalogue: the English one stands in.
    const code = withAttributes[0]!.attributes[0]!;
    await database.db.execute(sql`update attributes set names = names - 'nl' where code = ${code}`);
    // (another URL than before: no cached answer)
    const again = await get<Page<ApiShowtime>>(
      `/api/v1/showtimes?${DAY.replace("limit=200", "limit=199")}&locale=nl`,
    );
    const show = again.body.data.find((row) => row.attributes.includes(code));
    expect(show?.attribute_names[code]).toBe(catalogue.get(code)?.en);
  });
});
