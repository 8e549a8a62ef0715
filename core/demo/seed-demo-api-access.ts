// First start of a demo database: the demo client gets the countries that have cinemas, the
// development hosts as domains, and one secret and one publishable key, returned once for the
// start-up log (never stored in the clear, never in production: the caller decides).
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { apiKeys, countryAccess, domains } from "../../db/schema/access.ts";
import { clients } from "../../db/schema/tenancy.ts";
import { utcDay } from "../access/country-access.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { queryRows } from "../shared/db-rows.ts";
import { DEVELOPMENT_HOSTS } from "../domains/hostname.ts";
import { RATE_LIMIT_DEFAULT } from "../api-keys/api-key-schemas.ts";
import { generateApiKey } from "../key-directory/key-format.ts";

export type DemoApiAccess = {
  countries: string[];
  domains: string[];
  /** the full keys, for the one log line that shows them */
  secretKey: string;
  publishableKey: string;
};

export async function seedDemoApiAccess(
  db: Database,
  input: { clientSlug: string; now: Date },
): Promise<DemoApiAccess | null> {
  const [client] = await db
    .select({ id: clients.uuid })
    .from(clients)
    .where(eq(clients.slug, input.clientSlug));
  if (!client) return null;
  const withCinemas = await queryRows<{ code: string }>(
    db,
    sql`select distinct c.code from countries c join cinemas ci on ci.country_code = c.code where c.enabled order by c.code`,
  );
  const countries = withCinemas.map((r) => r.code);
  const secret = generateApiKey("secret");
  const publishable = generateApiKey("publishable");
  await db.transaction(async (tx) => {
    if (countries.length > 0)
      await tx.insert(countryAccess).values(
        countries.map((countryCode) => ({
          clientId: client.id,
          countryCode,
          validFrom: utcDay(input.now),
        })),
      );
    await tx
      .insert(domains)
      .values(DEVELOPMENT_HOSTS.map((hostname) => ({ clientId: client.id, hostname })))
      .onConflictDoNothing();
    const keys = await tx
      .insert(apiKeys)
      .values(
        [
          { name: "Demo server key", generated: secret, kind: "secret" as const },
          { name: "Demo widget key", generated: publishable, kind: "publishable" as const },
        ].map(({ name, generated, kind }) => ({
          clientId: client.id,
          name,
          kind,
          prefix: generated.prefix,
          hash: generated.hash,
          rateLimitPerMinute: RATE_LIMIT_DEFAULT,
        })),
      )
      .returning({ id: apiKeys.id, prefix: apiKeys.prefix, kind: apiKeys.kind });
    await writeAuditLog(tx, null, {
      action: "demo.api_access_seed",
      entityType: "client",
      entityId: client.id,
      clientId: client.id,
      after: { countries, domains: DEVELOPMENT_HOSTS, keys },
    });
  });
  return {
    countries,
    domains: [...DEVELOPMENT_HOSTS],
    secretKey: secret.key,
    publishableKey: publishable.key,
  };
}
