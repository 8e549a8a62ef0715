import { boolean, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, timestamps, tz } from "./columns.ts";
import { clients, profiles } from "./tenancy.ts";

export const auditLogs = pgTable(
  "audit_logs",
  {
    id: id(),
    at: tz().notNull().defaultNow(),
    actorProfileId: uuid().references(() => profiles.id, { onDelete: "set null" }),
    effectiveClientId: uuid().references(() => clients.uuid, { onDelete: "set null" }),
    impersonating: boolean().notNull().default(false),
    action: text().notNull(),
    entityType: text(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    requestId: text(),
    ip: text(),
    ...timestamps,
  },
  (t) => [index().on(t.at), index().on(t.effectiveClientId, t.at), index().on(t.action)],
);
