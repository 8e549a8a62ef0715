// API requests, credits and errors per key over a period, busiest first: the key's name and visible
// prefix (never more of it), whether it is revoked, and its client (for the platform view). Usage of a
// deleted key stays, with no key (apiKeyId null).
import { asc, desc, eq, sql } from "drizzle-orm";
import { apiKeys } from "../../db/schema/access.ts";
import { creditUsage } from "../../db/schema/credits.ts";
import { clients } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { apiUsageConditions, total } from "./api-usage-conditions.ts";
import { parseApiUsageQuery, type ApiUsageQuery } from "./usage-query.ts";
import { usageWindow } from "./usage-range.ts";
import { usageScope } from "./usage-scope.ts";
import type { ApiUsageCounts } from "./usage-totals.ts";
import type { AppServices } from "../services.ts";

export type ApiUsageByKey = ApiUsageCounts & {
  apiKeyId: string | null;
  name: string | null;
  prefix: string | null;
  kind: "secret" | "publishable" | null;
  revoked: boolean;
  clientId: string;
  clientName: string;
};

export async function listApiUsageByKey(
  { db, now }: Pick<AppServices, "db" | "now">,
  actor: Actor,
  query: ApiUsageQuery = {},
): Promise<ApiUsageByKey[]> {
  const filter = parseApiUsageQuery(query);
  const scope = usageScope(actor);
  const window = usageWindow(now(), filter.days);
  const requests = total(creditUsage.requests);
  return (
    db
      .select({
        apiKeyId: creditUsage.apiKeyId,
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        kind: apiKeys.kind,
        revoked: sql<boolean>`${apiKeys.revokedAt} is not null`.mapWith(Boolean),
        clientId: creditUsage.clientId,
        clientName: clients.name,
        requests,
        credits: total(creditUsage.credits),
        errors: total(creditUsage.errors),
      })
      .from(creditUsage)
      .innerJoin(clients, eq(clients.uuid, creditUsage.clientId))
      // a key of the same client only: usage rows and keys agree on the client, checked all the same
      .leftJoin(
        apiKeys,
        sql`${apiKeys.id} = ${creditUsage.apiKeyId} and ${apiKeys.clientId} = ${creditUsage.clientId}`,
      )
      .where(apiUsageConditions(scope, window, filter))
      .groupBy(
        creditUsage.apiKeyId,
        apiKeys.name,
        apiKeys.prefix,
        apiKeys.kind,
        apiKeys.revokedAt,
        creditUsage.clientId,
        clients.name,
      )
      .orderBy(desc(requests), asc(clients.name), asc(apiKeys.name))
  );
}
