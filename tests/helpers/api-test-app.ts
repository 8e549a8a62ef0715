// The whole app (server/app.ts over the production build) with what the public API needs: the API
// fixtures' catalogue (the Netherlands and Copenhagen), a client granted some countries, its domains,
// a secret and a publishable key, and credits. Keys and credits are the real implementations.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { insertApiKey, addDomains, grantCountries } from "../../core/api-keys/api-key-test-fixtures.ts";
import { appendLedgerEntry } from "../../core/credits/ledger.ts";
import { queryRows } from "../../core/shared/db-rows.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { API_FIXTURE_NOW, seedApiFixtures } from "./api-fixtures.ts";
import { apiRequest, loadContract, type OpenApiContract } from "./openapi-contract.ts";
import { createTestApp } from "./test-app.ts";
import { useTestDatabase } from "./test-db.ts";

export const SITE_ORIGIN = "https://www.example-news.nl";

export type ApiTestClient = {
  clientId: string;
  secret: string;
  publishable: string;
  secretKeyId: string;
  publishableKeyId: string;
};

/** A client with the given countries, domain example-news.nl (+ subdomains), two keys and `credits`. */
export async function createApiClient(
  database: DatabaseHandle,
  options: { countries?: string[]; credits?: number; name?: string; rateLimitPerMinute?: number } = {},
): Promise<ApiTestClient> {
  const db = database.db;
  const name = options.name ?? `API client ${Math.random().toString(36).slice(2, 8)}`;
  const [client] = await queryRows<{ uuid: string }>(
    db,
    sql`insert into clients (name, slug) values (${name}, ${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}) returning uuid`,
  );
  const clientId = client!.uuid;
  if (options.countries?.length !== 0) await grantCountries(db, clientId, options.countries ?? ["NL"]);
  await addDomains(db, clientId, ["example-news.nl", "*.example-news.nl"]);
  const secret = await insertApiKey(db, clientId, {
    kind: "secret",
    rateLimitPerMinute: options.rateLimitPerMinute ?? 1000,
  });
  const publishable = await insertApiKey(db, clientId, {
    kind: "publishable",
    rateLimitPerMinute: options.rateLimitPerMinute ?? 1000,
  });
  const credits = options.credits ?? 10_000;
  if (credits !== 0) {
    await db.transaction((tx) =>
      appendLedgerEntry(tx, { clientId, delta: credits, kind: "purchase", reason: "test credits" }),
    );
  }
  return {
    clientId,
    secret: secret.key,
    publishable: publishable.key,
    secretKeyId: secret.id,
    publishableKeyId: publishable.id,
  };
}

/** The app over a seeded database, its contract, and a client with NL only. */
export async function startApiApp(
  database: DatabaseHandle,
  options: { seed?: boolean; days?: number; env?: Record<string, string>; now?: () => Date } = {},
) {
  if (options.seed !== false) await seedApiFixtures(database, API_FIXTURE_NOW, options.days ?? 2);
  const test = await createTestApp(database, {
    env: options.env,
    now: options.now ?? (() => API_FIXTURE_NOW),
  });
  const contract: OpenApiContract = await loadContract(test.app);
  return { ...test, contract };
}

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/**
 * For a test file: the app over a seeded database and a client (NL unless told), opened in beforeAll and
 * closed in afterAll. `get` sends a GET with the client's secret key (or the headers given) and checks the
 * answer against the contract.
 */
export function useApiApp(options: { countries?: string[]; days?: number } = {}) {
  const database = useTestDatabase();
  let api: Awaited<ReturnType<typeof startApiApp>> | undefined;
  let client: ApiTestClient | undefined;
  beforeAll(async () => {
    api = await startApiApp(database(), { days: options.days ?? 1 });
    client = await createApiClient(database(), { countries: options.countries ?? ["NL"] });
  });
  afterAll(async () => {
    await api?.close();
  });
  const ready = () => {
    if (!api || !client) throw new Error("useApiApp(): only inside tests and hooks");
    return { api, client, database: database() };
  };
  return {
    ready,
    get: <Body>(path: string, headers?: Record<string, string>) => {
      const { api: app, client: caller } = ready();
      return apiRequest<Body>(app.app, app.contract, path, { headers: headers ?? bearer(caller.secret) });
    },
  };
}
