import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "../../../../core/api/api-page.ts";
import { queryRows } from "../../../../core/shared/db-rows.ts";
import type { ApiShowtime } from "../../../../core/api/showtimes/showtime-row.ts";
import {
  SITE_ORIGIN,
  bearer,
  createApiClient,
  startApiApp,
  type ApiTestClient,
} from "../../../../tests/helpers/api-test-app.ts";
import { apiRequest } from "../../../../tests/helpers/openapi-contract.ts";
import { useTestDatabase } from "../../../../tests/helpers/test-db.ts";
import type { ProblemBody } from "../problem.ts";

describe("GET /api/v1/showtimes", () => {
  const database = useTestDatabase();
  let api: Awaited<ReturnType<typeof startApiApp>>;
  let client: ApiTestClient;

  beforeAll(async () => {
    api = await startApiApp(database());
    client = await createApiClient(database(), { countries: ["NL"] });
  });
  afterAll(async () => {
    await api?.close();
  });

  const get = <Body>(path: string, headers: Record<string, string> = bearer(client.secret)) =>
    apiRequest<Body>(api.app, api.contract, path, { headers });

  it("lists a city's shows with booking links, offsets and the API's headers", async () => {
    const answer = await get<Page<ApiShowtime>>("/api/v1/showtimes?city=amsterdam&from=2026-11-24&limit=5");
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(5);
    for (const show of answer.body.data) {
      expect(show.cinema.city).toBe("Amsterdam");
      expect(show.starts_at).toMatch(/\+01:00$/);
      expect(show.booking_url).toMatch(/^https:\/\//);
    }
    expect(answer.body.pagination.next_cursor).toEqual(expect.any(String));
    expect(answer.headers.get("x-credits-cost")).toBe("1");
    expect(Number(answer.headers.get("x-credits-remaining"))).toBeLessThan(10_000);
    expect(answer.headers.get("ratelimit-limit")).toBe("1000");
    expect(answer.headers.get("ratelimit-remaining")).toEqual(expect.stringMatching(/^\d+$/));
    expect(answer.headers.get("ratelimit-reset")).toEqual(expect.stringMatching(/^\d+$/));
    expect(answer.headers.get("etag")).toMatch(/^".+"$/);
    expect(answer.headers.get("cache-control")).toBe("private, max-age=60");
    expect(answer.headers.get("x-request-id")).toBeTruthy();
    expect(answer.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("says what each booking link opens: the show itself (a cinema's template) or the cinema's site", async () => {
    const answer = await get<Page<ApiShowtime>>("/api/v1/showtimes?city=amsterdam&from=2026-11-25&limit=200");
    expect(answer.status).toBe(200);
    const kinds = new Map<string, Set<string | null>>();
    for (const show of answer.body.data) {
      kinds.set(show.cinema.slug, (kinds.get(show.cinema.slug) ?? new Set()).add(show.booking_url_kind));
      if (show.booking_url === null) expect(show.booking_url_kind).toBeNull();
      if (show.cinema.slug.startsWith("pathe-")) {
        // The demo's Pathé template: https://www.pathe.nl/tickets/start/{source_ref}
        expect(show.booking_url).toMatch(/^https:\/\/www\.pathe\.nl\/tickets\/start\/\d+$/);
        expect(show.booking_url_kind).toBe("showtime");
      } else if (show.booking_url !== null) {
        expect(show.booking_url_kind, show.cinema.slug).toBe("cinema");
      }
    }
    expect([...kinds.keys()].some((slug) => slug.startsWith("pathe-"))).toBe(true);
    expect([...kinds.values()].some((set) => set.has("cinema"))).toBe(true);
  });

  it("answers If-None-Match with a free 304", async () => {
    const first = await get("/api/v1/showtimes?city=utrecht");
    const etag = first.headers.get("etag")!;
    const again = await apiRequest(api.app, api.contract, "/api/v1/showtimes?city=utrecht", {
      headers: { ...bearer(client.secret), "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get("x-credits-cost")).toBe("0");
    expect(again.headers.get("etag")).toBe(etag);
  });

  it("refuses bad parameters with a problem naming each", async () => {
    const cases: [string, string][] = [
      ["radius=-1&near=52.37,4.89", "radius"],
      ["near=abc", "near"],
      ["from=2026-11-26&to=2026-11-25", "from"],
      ["limit=100000", "limit"],
      ["attributes=imax,smell-o-vision", "attributes"],
      ["city=" + encodeURIComponent("'; drop table x; --"), "city"],
      ["radius=5", "radius"],
      ["cinema=42", "cinema"],
      ["ctiy=amsterdam", "ctiy"],
      ["cursor=abc.def", "cursor"],
    ];
    for (const [query, name] of cases) {
      const answer = await get<ProblemBody>(`/api/v1/showtimes?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.contentType).toBe("application/problem+json");
      expect(answer.body.type).toMatch(/\/api\/problems\/invalid-parameter$/);
      expect(
        answer.body.invalid_params?.map((p) => p.name),
        query,
      ).toContain(name);
      expect(answer.body.instance).toBe(`urn:reeltime:request:${answer.headers.get("x-request-id")}`);
      expect(answer.headers.get("x-credits-cost")).toBe("0");
    }
  });

  it("refuses another country with 403 naming it", async () => {
    for (const query of ["country=DK", "city=K%C3%B8benhavn"]) {
      const answer = await get<ProblemBody>(`/api/v1/showtimes?${query}`);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ status: 403, country: "DK", title: "Country not granted" });
      expect(answer.body.detail).toContain("DK");
    }
  });

  it("serves a publishable key from the client's site with CORS, and refuses it elsewhere, readably", async () => {
    const fromSite = await get("/api/v1/showtimes?city=amsterdam&limit=1", {
      ...bearer(client.publishable),
      Origin: SITE_ORIGIN,
    });
    expect(fromSite.status).toBe(200);
    expect(fromSite.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
    expect(fromSite.headers.get("vary")).toContain("Origin");
    const elsewhere = await get<ProblemBody>("/api/v1/showtimes?city=amsterdam&limit=1", {
      ...bearer(client.publishable),
      Origin: "https://evil.example",
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.type).toMatch(/origin-not-allowed$/);
    // The refused page may read the refusal, so the widget can say what to fix.
    expect(elsewhere.headers.get("access-control-allow-origin")).toBe("https://evil.example");
  });

  describe("posters and the client's widget settings", () => {
    const DAY = "from=2026-11-25&to=2026-11-25&city=amsterdam";
    const HASH = "ab".repeat(32);
    let hidden: string;
    let featured: string;
    let ordinary: string;

    const widget = () => ({ ...bearer(client.publishable), Origin: SITE_ORIGIN });
    async function everyPage(query: string, headers: Record<string, string>) {
      const shows: ApiShowtime[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof get<Page<ApiShowtime>>>> = await get<Page<ApiShowtime>>(
          `/api/v1/showtimes?${query}&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
          headers,
        );
        expect(page.status).toBe(200);
        shows.push(...page.body.data);
        cursor = page.body.pagination.next_cursor;
      } while (cursor);
      return shows;
    }

    beforeAll(async () => {
      const { db } = database();
      // The three movies with the most shows that day in Amsterdam.
      const movies = await queryRows<{ id: string }>(
        db,
        sql`select s.movie_id as id from showtimes s join cinemas c on c.id = s.cinema_id
            where c.city = 'Amsterdam' and s.movie_id is not null and s.status = 'scheduled'
              and s.starts_at >= '2026-11-25T02:00:00Z' and s.starts_at < '2026-11-26T02:00:00Z'
            group by s.movie_id order by count(*) desc, s.movie_id limit 3`,
      );
      [hidden, featured, ordinary] = movies.map((m) => m.id) as [string, string, string];
      const [asset] = await queryRows<{ id: string }>(
        db,
        sql`insert into assets (kind, file_name, mime_type, bytes, width, height, storage_key, checksum)
            values ('poster', 'poster.jpg', 'image/jpeg', 10, 640, 960, ${HASH}, ${HASH}) returning id`,
      );
      await db.execute(sql`insert into asset_variants (asset_id, variant, mime_type, byte_size, width, height, content_hash, content)
        values (${asset!.id}, 'thumbnail', 'image/webp', 4, 213, 320, ${HASH}, decode('00000000', 'hex'))`);
      await db.execute(sql`update movies set poster_asset_id = ${asset!.id} where id = ${featured}::uuid`);
      await db.execute(sql`insert into client_movie_settings (client_id, movie_id, featured, hidden, position) values
        (${client.clientId}, ${hidden}::uuid, false, true, null),
        (${client.clientId}, ${featured}::uuid, true, false, 1)`);
    });

    it("gives each movie its poster as an absolute link, or null", async () => {
      const shows = await everyPage(DAY, bearer(client.secret));
      const withPoster = shows.filter((show) => show.movie?.id === featured);
      expect(withPoster.length).toBeGreaterThan(0);
      for (const show of withPoster)
        expect(show.movie?.poster_url).toMatch(new RegExp(`^https?://[^/]+/media/${HASH}\\.webp$`));
      expect(shows.find((show) => show.movie?.id === ordinary)?.movie?.poster_url).toBeNull();
    });

    it("leaves secret keys' answers as the data is: hidden movies included, nothing marked", async () => {
      const shows = await everyPage(DAY, bearer(client.secret));
      expect(shows.some((show) => show.movie?.id === hidden)).toBe(true);
      for (const show of shows) expect(show.movie ?? {}).not.toHaveProperty("featured");
    });

    it("leaves the client's hidden movies out of its widget's pages, exactly, and marks featured ones", async () => {
      const all = await everyPage(DAY, bearer(client.secret));
      const shown = await everyPage(DAY, widget());
      expect(shown.map((show) => show.id)).toEqual(
        all.filter((show) => show.movie?.id !== hidden).map((show) => show.id),
      );
      for (const show of shown) {
        if (!show.movie) continue;
        expect(show.movie).toMatchObject(
          show.movie.id === featured ? { featured: true, position: 1 } : { featured: false, position: null },
        );
      }
      // Another client's widget sees its own settings (none), not this client's.
      const other = await createApiClient(database(), { countries: ["NL"] });
      const theirs = await everyPage(DAY, { ...bearer(other.publishable), Origin: SITE_ORIGIN });
      expect(theirs).toHaveLength(all.length);
      expect(theirs.every((show) => !show.movie?.featured)).toBe(true);
    });

    it("answers a hidden movie's showtime by id with 404 to the widget only", async () => {
      const [show] = await queryRows<{ id: string }>(
        database().db,
        sql`select id from showtimes where movie_id = ${hidden}::uuid and status = 'scheduled' limit 1`,
      );
      const path = `/api/v1/showtimes/${show!.id}`;
      expect((await get(path, widget())).status).toBe(404);
      expect((await get(path, bearer(client.secret))).status).toBe(200);
    });
  });
});
