// The keys the stats page can filter by: a client's keys (revoked ones too, their usage stays), or,
// for the platform, the keys that were used in the period.
import { and, asc, between, eq, exists, isNotNull, sql } from "drizzle-orm";
import { apiKeys } from "../../db/schema/access.ts";
import { creditUsage } from "../../db/schema/credits.ts";
import { clients } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { parseApiUsageQuery, type ApiUsageQuery } from "./usage-query.ts";
import { usageWindow } from "./usage-range.ts";
import { usageScope } from "./usage-scope.ts";
import type { AppServices } from "../services.ts";

export type UsageKey = {
  id: string;
  name: string;
  prefix: string;
  kind: "secret" | "publishable";
  revoked: boolean;
  clientName: string;
};

export async function listUsageKeys(
  { db, now }: Pick<AppServices, "db" | "now">,
  actor: Actor,
  query: Pick<ApiUsageQuery, "days"> = {},
): Promise<UsageKey[]> {
  const { days } = parseApiUsageQuery({ days: query.days });
  const scope = usageScope(actor);
  const window = usageWindow(now(), days);
  const usedInPeriod = exists(
    db
      .select({ one: sql`1` })
      .from(creditUsage)
      .where(
        and(
          eq(creditUsage.apiKeyId, apiKeys.id),
          isNotNull(creditUsage.apiKeyId),
          between(creditUsage.day, window.from, window.to),
        ),
      ),
  );
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      kind: apiKeys.kind,
      revoked: sql<boolean>`${apiKeys.revokedAt} is not null`.mapWith(Boolean),
      clientName: clients.name,
    })
    .from(apiKeys)
    .innerJoin(clients, eq(clients.uuid, apiKeys.clientId))
    .where(scope.clientId ? eq(apiKeys.clientId, scope.clientId) : usedInPeriod)
    .orderBy(asc(clients.name), asc(apiKeys.name), asc(apiKeys.prefix));
}
