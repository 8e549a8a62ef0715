// Test fixtures for the usage queries: API keys, usage rows (credit_usage, widget_usage) and a fixed
// clock, on top of the tenancy fixtures' clients and people.
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../../db/client.ts";
import { apiKeys } from "../../db/schema/access.ts";
import { creditUsage, widgetUsage } from "../../db/schema/credits.ts";
import type { ApiOperationId } from "../api/operations.ts";

/** "Now" for every usage test: the window of 7 days ends 2026-03-15, of 30 days starts 2026-02-14. */
export const USAGE_NOW = new Date("2026-03-15T10:00:00Z");

export const usageServices = (db: Database, now: Date = USAGE_NOW) => ({ db, now: () => now });

export async function createTestApiKey(
  db: Database,
  clientId: string,
  options: { name?: string; kind?: "secret" | "publishable"; revokedAt?: Date | null } = {},
) {
  const kind = options.kind ?? "secret";
  const raw = `rt_${kind === "secret" ? "sk" : "pk"}_${randomBytes(24).toString("base64url").slice(0, 32)}`;
  const [key] = await db
    .insert(apiKeys)
    .values({
      clientId,
      name: options.name ?? `Key ${raw.slice(6, 10)}`,
      kind,
      prefix: raw.slice(0, 12),
      hash: createHash("sha256").update(raw).digest("hex"),
      revokedAt: options.revokedAt ?? null,
    })
    .returning();
  return key!;
}

export async function addApiUsage(
  db: Database,
  row: {
    day: string;
    clientId: string;
    apiKeyId: string | null;
    operation: ApiOperationId;
    requests: number;
    credits?: number;
    errors?: number;
  },
) {
  await db.insert(creditUsage).values({
    ...row,
    credits: row.credits ?? row.requests,
    errors: row.errors ?? 0,
  });
}

export async function addWidgetUsage(
  db: Database,
  row: { day: string; clientId: string; impressions: number; clicks: number },
) {
  await db.insert(widgetUsage).values(row);
}

/**
 * Two clients' keys and usage around USAGE_NOW: client A has three keys (one revoked) and a row of a
 * deleted key, client B one key with heavy usage that A must never see.
 */
export async function createUsageScenario(db: Database, clientA: string, clientB: string) {
  const website = await createTestApiKey(db, clientA, { name: "Website" });
  const widget = await createTestApiKey(db, clientA, { name: "Widget", kind: "publishable" });
  const old = await createTestApiKey(db, clientA, {
    name: "Old",
    revokedAt: new Date("2026-03-02T00:00:00Z"),
  });
  const other = await createTestApiKey(db, clientB, { name: "B key" });
  const a = { clientId: clientA };
  await addApiUsage(db, {
    ...a,
    day: "2026-03-15",
    apiKeyId: website.id,
    operation: "listShowtimes",
    requests: 10,
    errors: 1,
  });
  await addApiUsage(db, {
    ...a,
    day: "2026-03-15",
    apiKeyId: widget.id,
    operation: "getCinema",
    requests: 5,
  });
  await addApiUsage(db, {
    ...a,
    day: "2026-03-14",
    apiKeyId: null,
    operation: "getUsage",
    requests: 3,
    credits: 0,
  });
  await addApiUsage(db, {
    ...a,
    day: "2026-03-10",
    apiKeyId: website.id,
    operation: "listShowtimes",
    requests: 20,
    credits: 18,
    errors: 2,
  });
  await addApiUsage(db, {
    ...a,
    day: "2026-03-01",
    apiKeyId: old.id,
    operation: "listMovies",
    requests: 4,
    errors: 4,
  });
  // inside 90 days only, and outside every period
  await addApiUsage(db, {
    ...a,
    day: "2026-01-01",
    apiKeyId: website.id,
    operation: "listShowtimes",
    requests: 100,
  });
  await addApiUsage(db, {
    ...a,
    day: "2025-11-01",
    apiKeyId: website.id,
    operation: "listShowtimes",
    requests: 1000,
  });
  await addApiUsage(db, {
    clientId: clientB,
    day: "2026-03-15",
    apiKeyId: other.id,
    operation: "listShowtimes",
    requests: 500,
    errors: 50,
  });
  await addWidgetUsage(db, { clientId: clientA, day: "2026-03-15", impressions: 100, clicks: 7 });
  await addWidgetUsage(db, { clientId: clientA, day: "2026-03-12", impressions: 50, clicks: 3 });
  await addWidgetUsage(db, { clientId: clientA, day: "2026-01-20", impressions: 1, clicks: 1 });
  await addWidgetUsage(db, { clientId: clientB, day: "2026-03-15", impressions: 9999, clicks: 999 });
  return { website, widget, old, other };
}

export type UsageScenario = Awaited<ReturnType<typeof createUsageScenario>>;
