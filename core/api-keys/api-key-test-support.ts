// Shared set-up of the API key operation tests: the tenancy scenario, granted countries, and the
// services the operations take with a real key directory on a clock the test moves.
import type { Database } from "../../db/client.ts";
import { createScenario } from "../tenancy/tenancy-test-fixtures.ts";
import { createApiKeyDirectory, type ApiKeyDirectoryHandle } from "../key-directory/api-key-directory.ts";
import { ensureTestCountries, grantCountries } from "./api-key-test-fixtures.ts";

export const T0 = new Date("2026-04-01T12:00:00Z");

export async function keyScenario(db: Database) {
  await ensureTestCountries(db);
  const s = await createScenario(db);
  await grantCountries(db, s.clientA.id, ["NL", "BE"]);
  await grantCountries(db, s.clientB.id, ["DE"]);
  return s;
}

export function keyServices(db: Database, start = T0) {
  let current = start.getTime();
  const now = () => new Date(current);
  const apiKeys: ApiKeyDirectoryHandle = createApiKeyDirectory({ db, now });
  return {
    services: { db, apiKeys, now },
    advance: (ms: number) => {
      current += ms;
    },
  };
}
