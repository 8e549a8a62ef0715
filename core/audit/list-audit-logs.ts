// The audit trail: super admins see every row (optionally one client's); a client admin sees only the
// rows of their effective client. Newest first, paged, with the actor's name and e-mail.
import { and, count, desc, eq, like, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { auditLogs } from "../../db/schema/audit.ts";
import { users } from "../../db/schema/auth.ts";
import { clients, profiles } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { AppError } from "../errors.ts";
import { invalidInput } from "../tenancy/input.ts";

const inputSchema = z.object({
  clientId: z.uuid({ error: "validation.idInvalid" }).optional(),
  /** exact action ("member.remove"), or every action of a kind when it ends with a dot ("member.") */
  action: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9_.]*$/, { error: "validation.choiceInvalid" })
    .optional()
    .transform((value) => value || undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export type ListAuditLogsInput = z.input<typeof inputSchema>;

export type AuditLogRow = {
  id: string;
  at: Date;
  action: string;
  entityType: string | null;
  entityId: string | null;
  before: unknown;
  after: unknown;
  impersonating: boolean;
  actorProfileId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  clientId: string | null;
  clientName: string | null;
  requestId: string | null;
  /** only for super admins (null for client admins) */
  ip: string | null;
};

export async function listAuditLogs(
  db: Database,
  actor: Actor,
  input: ListAuditLogsInput = {},
): Promise<{ rows: AuditLogRow[]; total: number; page: number; pageSize: number }> {
  let scope: string | undefined;
  if (actor.isSuperAdmin) {
    scope = undefined;
  } else if (actor.effectiveClientId && actor.role === "admin") {
    scope = actor.effectiveClientId;
  } else {
    throw new AppError("forbidden", "access.forbidden");
  }
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) {
    throw invalidInput(parsed.error);
  }
  const { clientId, action, page, pageSize } = parsed.data;
  if (scope && clientId && clientId !== scope) throw new AppError("forbidden", "access.forbidden");

  const conditions: SQL[] = [];
  const client = scope ?? clientId;
  if (client) conditions.push(eq(auditLogs.effectiveClientId, client));
  if (action)
    conditions.push(
      action.endsWith(".")
        ? like(auditLogs.action, `${action.replace(/_/g, "\\_")}%`)
        : eq(auditLogs.action, action),
    );
  const where = conditions.length ? and(...conditions) : undefined;

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLogs.id,
        at: auditLogs.at,
        action: auditLogs.action,
        entityType: auditLogs.entityType,
        entityId: auditLogs.entityId,
        before: auditLogs.before,
        after: auditLogs.after,
        impersonating: auditLogs.impersonating,
        actorProfileId: auditLogs.actorProfileId,
        actorName: sql<string | null>`coalesce(nullif(${profiles.displayName}, ''), ${users.name})`,
        actorEmail: users.email,
        clientId: auditLogs.effectiveClientId,
        clientName: clients.name,
        requestId: auditLogs.requestId,
        ip: auditLogs.ip,
      })
      .from(auditLogs)
      .leftJoin(profiles, eq(profiles.id, auditLogs.actorProfileId))
      .leftJoin(users, eq(users.id, profiles.userId))
      .leftJoin(clients, eq(clients.uuid, auditLogs.effectiveClientId))
      .where(where)
      .orderBy(desc(auditLogs.at), desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditLogs).where(where),
  ]);
  return {
    rows: actor.isSuperAdmin ? rows : rows.map((row) => ({ ...row, ip: null })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
