// Test fixtures for API keys: a key row straight in the database (the raw key returned), and the
// country catalogue and grants a principal is computed from.
import { countryAccess, apiKeys, domains } from "../../db/schema/access.ts";
import { countries } from "../../db/schema/catalog.ts";
import type { Database } from "../../db/client.ts";
import { generateApiKey } from "../key-directory/key-format.ts";
import type { ApiKeyKind } from "../key-directory/key-directory-types.ts";

export async function insertApiKey(
  db: Database,
  clientId: string,
  options: {
    kind?: ApiKeyKind;
    name?: string;
    allowedCountries?: string[];
    rateLimitPerMinute?: number;
    expiresAt?: Date | null;
    revokedAt?: Date | null;
  } = {},
) {
  const generated = generateApiKey(options.kind ?? "secret");
  const [row] = await db
    .insert(apiKeys)
    .values({
      clientId,
      name: options.name ?? "Test key",
      kind: options.kind ?? "secret",
      prefix: generated.prefix,
      hash: generated.hash,
      allowedCountries: options.allowedCountries ?? [],
      rateLimitPerMinute: options.rateLimitPerMinute ?? 60,
      expiresAt: options.expiresAt ?? null,
      revokedAt: options.revokedAt ?? null,
    })
    .returning({ id: apiKeys.id });
  return { id: row!.id, key: generated.key, prefix: generated.prefix };
}

/** Enabled countries NL, BE, DE, FR and a disabled LU (idempotent). */
export async function ensureTestCountries(db: Database) {
  await db
    .insert(countries)
    .values(
      [
        ["NL", true],
        ["BE", true],
        ["DE", true],
        ["FR", true],
        ["LU", false],
      ].map(([code, enabled]) => ({
        code: code as string,
        name: code as string,
        enabled: enabled as boolean,
        defaultLocale: "en",
        timeZone: "Europe/Amsterdam",
        currency: "EUR",
      })),
    )
    .onConflictDoNothing();
}

export async function grantCountries(
  db: Database,
  clientId: string,
  codes: string[],
  validFrom = "2000-01-01",
) {
  await db.insert(countryAccess).values(codes.map((countryCode) => ({ clientId, countryCode, validFrom })));
}

export async function addDomains(db: Database, clientId: string, hostnames: string[]) {
  await db.insert(domains).values(hostnames.map((hostname) => ({ clientId, hostname })));
}
