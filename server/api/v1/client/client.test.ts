// The typed client: openapi-typescript's types of the published document (committed beside this file,
// never stale) with openapi-fetch, over real HTTP against the app on a loopback port.
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { committedApiClientTypes, generateApiClientTypes } from "../../../../scripts/generate-api-client.ts";
import {
  bearer,
  createApiClient,
  startApiApp,
  type ApiTestClient,
} from "../../../../tests/helpers/api-test-app.ts";
import { checkAnswer } from "../../../../tests/helpers/openapi-contract.ts";
import { useTestDatabase } from "../../../../tests/helpers/test-db.ts";
import type { paths } from "./schema.d.ts";

describe("the generated client types", () => {
  it("match the document the server publishes (run `npm run api:client` after changing the API)", async () => {
    expect(await committedApiClientTypes()).toBe(await generateApiClientTypes());
  });
});

describe("openapi-fetch over HTTP", () => {
  const database = useTestDatabase();
  let api: Awaited<ReturnType<typeof startApiApp>>;
  let client: ApiTestClient;
  let server: ServerType;
  let baseUrl = "";

  beforeAll(async () => {
    api = await startApiApp(database());
    client = await createApiClient(database(), { countries: ["NL", "DK"] });
    server = await new Promise<ServerType>((resolve) => {
      const started = serve({ fetch: api.app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(started));
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await api?.close();
  });

  /** fetch that checks every answer against the contract on its way to the client */
  const checkedFetch = async (input: Request) => {
    const response = await fetch(input);
    const url = new URL(input.url);
    await checkAnswer(api.contract, input.method, url.pathname + url.search, response.clone());
    return response;
  };

  it("makes typed calls and gets typed answers", async () => {
    const reeltime = createClient<paths>({ baseUrl, headers: bearer(client.secret), fetch: checkedFetch });

    const cities = await reeltime.GET("/cities", { params: { query: { q: "amster" } } });
    expect(cities.response.status).toBe(200);
    const amsterdam = cities.data?.data[0];
    expect(amsterdam?.name).toBe("Amsterdam");

    const shows = await reeltime.GET("/showtimes", {
      params: { query: { city: amsterdam?.name, from: "2026-11-24", to: "2026-11-24", limit: 3 } },
    });
    expect(shows.response.headers.get("x-credits-cost")).toBe("1");
    const first = shows.data?.data[0];
    expect(first?.starts_at).toMatch(/\+01:00$/);
    expect(first?.time_zone).toBe("Europe/Amsterdam");

    const one = await reeltime.GET("/showtimes/{id}", {
      params: { path: { id: first!.id }, query: { locale: "nl" } },
    });
    expect(one.data?.data.id).toBe(first!.id);

    const cinema = await reeltime.GET("/cinemas/{id}", { params: { path: { id: first!.cinema.id } } });
    expect(cinema.data?.data.city).toBe("Amsterdam");

    const usage = await reeltime.GET("/usage");
    expect(usage.response.headers.get("x-credits-cost")).toBe("0");
    expect(typeof usage.data?.data.balance).toBe("number");
  });

  it("gets typed problems", async () => {
    const reeltime = createClient<paths>({ baseUrl, headers: bearer(client.secret), fetch: checkedFetch });
    const bad = await reeltime.GET("/cinemas", { params: { query: { radius: -1 } } });
    expect(bad.data).toBeUndefined();
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.invalid_params?.map((p) => p.name)).toContain("radius");

    const anonymous = createClient<paths>({ baseUrl, fetch: checkedFetch });
    const refused = await anonymous.GET("/countries");
    expect(refused.error?.title).toBe("API key required");
  });
});
