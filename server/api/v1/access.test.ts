// Every operation × key kind × situation, with the answer each must get. One table: a mismatch shows
// as a diff of the whole matrix.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_OPERATIONS, API_OPERATION_IDS, type ApiOperationId } from "../../../core/api/operations.ts";
import { insertApiKey } from "../../../core/api-keys/api-key-test-fixtures.ts";
import { queryRows } from "../../../core/shared/db-rows.ts";
import {
  SITE_ORIGIN,
  bearer,
  createApiClient,
  startApiApp,
  type ApiTestClient,
} from "../../../tests/helpers/api-test-app.ts";
import { apiRequest } from "../../../tests/helpers/openapi-contract.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import type { ProblemBody } from "./problem.ts";

const SITUATIONS = [
  "own country",
  "other country",
  "no credits",
  "revoked",
  "expired",
  "wrong origin",
] as const;
type Situation = (typeof SITUATIONS)[number];
type Kind = "secret" | "publishable";

describe("API access: every operation × key kind × situation", () => {
  const database = useTestDatabase();
  let api: Awaited<ReturnType<typeof startApiApp>>;
  let own: ApiTestClient;
  let broke: ApiTestClient;
  const keys: Record<"revoked" | "expired", Record<Kind, string>> = {
    revoked: { secret: "", publishable: "" },
    expired: { secret: "", publishable: "" },
  };
  const paths = {} as Record<ApiOperationId, { own: string; other: string | null }>;

  beforeAll(async () => {
    api = await startApiApp(database(), { days: 1 });
    own = await createApiClient(database(), { countries: ["NL"], name: "Own" });
    broke = await createApiClient(database(), { countries: ["NL"], credits: 0, name: "Broke" });
    for (const kind of ["secret", "publishable"] as const) {
      keys.revoked[kind] = (
        await insertApiKey(database().db, own.clientId, { kind, revokedAt: new Date("2026-11-01") })
      ).key;
      keys.expired[kind] = (
        await insertApiKey(database().db, own.clientId, { kind, expiresAt: new Date("2026-11-01") })
      ).key;
    }
    const one = async (query: ReturnType<typeof sql>) =>
      (await queryRows<{ id: string }>(database().db, query))[0]!.id;
    const nlCinema = await one(sql`select id from cinemas where country_code = 'NL' limit 1`);
    const dkCinema = await one(sql`select id from cinemas where country_code = 'DK' limit 1`);
    const nlShow = await one(sql`select id from showtimes where country_code = 'NL' limit 1`);
    const dkShow = await one(sql`select id from showtimes where country_code = 'DK' limit 1`);
    const movie = await one(sql`select movie_id as id from showtimes where movie_id is not null limit 1`);
    Object.assign(paths, {
      listCountries: { own: "/api/v1/countries", other: null },
      listCities: { own: "/api/v1/cities?country=NL", other: "/api/v1/cities?country=DK" },
      listChains: { own: "/api/v1/chains?country=NL", other: "/api/v1/chains?country=DK" },
      listCinemas: {
        own: "/api/v1/cinemas?city=Amsterdam",
        other: `/api/v1/cinemas?city=${encodeURIComponent("København")}`,
      },
      getCinema: { own: `/api/v1/cinemas/${nlCinema}`, other: `/api/v1/cinemas/${dkCinema}` },
      listMovies: { own: "/api/v1/movies?country=NL", other: "/api/v1/movies?country=DK" },
      getMovie: { own: `/api/v1/movies/${movie}`, other: null },
      listShowtimes: {
        own: "/api/v1/showtimes?country=NL&limit=2",
        other: `/api/v1/showtimes?cinema=${dkCinema}`,
      },
      getShowtime: { own: `/api/v1/showtimes/${nlShow}`, other: `/api/v1/showtimes/${dkShow}` },
      listAttributes: { own: "/api/v1/attributes", other: null },
      listChanges: {
        own: "/api/v1/changes?since=2026-01-01T00:00:00Z&country=NL&limit=2",
        other: "/api/v1/changes?since=2026-01-01T00:00:00Z&country=DK",
      },
      getUsage: { own: "/api/v1/usage", other: null },
    } satisfies Record<ApiOperationId, { own: string; other: string | null }>);
  });
  afterAll(async () => {
    await api?.close();
  });

  /** What each combination must answer: status and problem type ("n/a" when the operation names no country). */
  function expected(operation: ApiOperationId, kind: Kind, situation: Situation): string {
    const widget = API_OPERATIONS[operation].publishable;
    const free = API_OPERATIONS[operation].defaultCost === 0;
    if (situation === "other country" && !paths[operation].other) return "n/a";
    if (situation === "revoked" || situation === "expired") return "401 invalid-api-key";
    if (kind === "publishable" && situation === "wrong origin") return "403 origin-not-allowed";
    if (kind === "publishable" && !widget) return "403 operation-not-allowed";
    if (situation === "other country") return "403 country-not-granted";
    if (situation === "no credits") return free ? "200" : "402 insufficient-credits";
    return "200";
  }

  async function actual(operation: ApiOperationId, kind: Kind, situation: Situation): Promise<string> {
    const path = situation === "other country" ? paths[operation].other : paths[operation].own;
    if (!path) return "n/a";
    const caller = situation === "no credits" ? broke : own;
    const key =
      situation === "revoked" || situation === "expired"
        ? keys[situation][kind]
        : kind === "secret"
          ? caller.secret
          : caller.publishable;
    const origin = situation === "wrong origin" ? "https://not-registered.example" : SITE_ORIGIN;
    const answer = await apiRequest<ProblemBody | null>(api.app, api.contract, path, {
      headers: { ...bearer(key), Origin: origin },
    });
    // Secret keys never get CORS headers; publishable ones only for their client's origins.
    const cors = answer.headers.get("access-control-allow-origin");
    if (kind === "secret" && answer.status !== 401 && cors !== null)
      return `${answer.status} with CORS for a secret key`;
    if (kind === "publishable" && answer.status === 200 && cors !== SITE_ORIGIN) return "200 without CORS";
    if (answer.status === 200) return "200";
    const type = answer.body?.type.split("/").pop();
    return `${answer.status} ${type}`;
  }

  it("answers each combination as it must", async () => {
    const want: Record<string, string> = {};
    const got: Record<string, string> = {};
    for (const operation of API_OPERATION_IDS) {
      for (const kind of ["secret", "publishable"] as const) {
        for (const situation of SITUATIONS) {
          const label = `${operation} · ${kind} · ${situation}`;
          want[label] = expected(operation, kind, situation);
          got[label] = await actual(operation, kind, situation);
        }
      }
    }
    expect(Object.keys(got)).toHaveLength(API_OPERATION_IDS.length * 2 * SITUATIONS.length);
    expect(got).toEqual(want);
  });
});
