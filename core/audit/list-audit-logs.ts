// The audit trail: super admins see every row (optionally one client's); a client admin sees only the
// rows of their effective client. Searched (action, entity id, actor name or e-mail, request id),
// filtered (client, action or kind, entity type, actor, days from/to, changes vs auth events),
// sorted by time (newest first by default) and paged, with the actor's name and e-mail.
import { and, asc, count, desc, eq, gte, ilike, like, lt, not, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { integerFromText } from "../forms/numbers.ts";
import { auditLogs } from "../../db/schema/audit.ts";
import { users } from "../../db/schema/auth.ts";
import { clients, profiles } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { AppError } from "../errors.ts";
import { invalidInput, likePattern, searchSchema } from "../shared/input.ts";
import type { AppServices } from "../services.ts";

export const AUDIT_SORTS = ["-at", "at"] as const;
/** "auth": sign-ins and other auth events plus impersonation; "changes": every other row. */
export const AUDIT_GROUPS = ["changes", "auth"] as const;
/** The action prefixes of the "auth" group. */
export const AUTH_ACTION_PREFIXES = ["auth.", "impersonation."] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "studio.logs.validation.date" })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: "studio.logs.validation.date" });

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
  search: searchSchema,
  entityType: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9_.-]*$/, { error: "validation.choiceInvalid" })
    .optional()
    .transform((value) => value || undefined),
  actorProfileId: z.uuid({ error: "validation.idInvalid" }).optional(),
  group: z.enum(AUDIT_GROUPS, { error: "validation.choiceInvalid" }).optional(),
  /** first day included (UTC) */
  from: day.optional(),
  /** last day included (UTC) */
  to: day.optional(),
  sort: z.enum(AUDIT_SORTS, { error: "validation.choiceInvalid" }).default("-at"),
  page: integerFromText(z.number().int().min(1).max(100_000)).default(1),
  pageSize: integerFromText(z.number().int().min(1).max(200)).default(50),
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

/** The client a listing is limited to (a client admin's own), or undefined for a super admin. */
function auditScope(actor: Actor): string | undefined {
  if (actor.isSuperAdmin) return undefined;
  if (actor.effectiveClientId && actor.role === "admin") return actor.effectiveClientId;
  throw new AppError("forbidden", "access.forbidden");
}

const prefixLike = (prefix: string) => like(auditLogs.action, `${prefix.replace(/_/g, "\\_")}%`);
const authGroup = () => or(...AUTH_ACTION_PREFIXES.map(prefixLike))!;
const actorName = sql<string | null>`coalesce(nullif(${profiles.displayName}, ''), ${users.name})`;

export async function listAuditLogs(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: ListAuditLogsInput = {},
): Promise<{ rows: AuditLogRow[]; total: number; page: number; pageSize: number }> {
  const scope = auditScope(actor);
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) {
    throw invalidInput(parsed.error);
  }
  const { clientId, action, search, entityType, actorProfileId, group, from, to, sort, page, pageSize } =
    parsed.data;
  if (scope && clientId && clientId !== scope) throw new AppError("forbidden", "access.forbidden");

  const conditions: SQL[] = [];
  const client = scope ?? clientId;
  if (client) conditions.push(eq(auditLogs.effectiveClientId, client));
  if (action) conditions.push(action.endsWith(".") ? prefixLike(action) : eq(auditLogs.action, action));
  if (group === "auth") conditions.push(authGroup());
  if (group === "changes") conditions.push(not(authGroup()));
  if (entityType) conditions.push(eq(auditLogs.entityType, entityType));
  if (actorProfileId) conditions.push(eq(auditLogs.actorProfileId, actorProfileId));
  if (from) conditions.push(gte(auditLogs.at, new Date(`${from}T00:00:00Z`)));
  if (to) conditions.push(lt(auditLogs.at, new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000)));
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(
        ilike(auditLogs.action, pattern),
        ilike(auditLogs.entityId, pattern),
        ilike(auditLogs.requestId, pattern),
        ilike(profiles.displayName, pattern),
        ilike(users.name, pattern),
        ilike(users.email, pattern),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = sort === "at" ? asc : desc;

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
        actorName,
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
      .orderBy(direction(auditLogs.at), direction(auditLogs.createdAt), direction(auditLogs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(auditLogs)
      .leftJoin(profiles, eq(profiles.id, auditLogs.actorProfileId))
      .leftJoin(users, eq(users.id, profiles.userId))
      .where(where),
  ]);
  return {
    rows: actor.isSuperAdmin ? rows : rows.map((row) => ({ ...row, ip: null })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}

export type AuditFilterChoices = {
  /** the kinds of action that occur ("client.", "credits."), sorted */
  kinds: string[];
  entityTypes: string[];
  actors: { id: string; name: string; email: string | null }[];
};

/** What the audit trail's filters can offer: the kinds, entity types and actors in the visible rows. */
export async function listAuditFilterChoices(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
): Promise<AuditFilterChoices> {
  const scope = auditScope(actor);
  const where = scope ? eq(auditLogs.effectiveClientId, scope) : undefined;
  const kind = sql<string>`split_part(${auditLogs.action}, '.', 1) || '.'`;
  const [kinds, entityTypes, actors] = await Promise.all([
    db.selectDistinct({ kind }).from(auditLogs).where(where).orderBy(kind),
    db
      .selectDistinct({ entityType: auditLogs.entityType })
      .from(auditLogs)
      .where(where)
      .orderBy(auditLogs.entityType),
    db
      .selectDistinct({ id: profiles.id, name: actorName, email: users.email })
      .from(auditLogs)
      .innerJoin(profiles, eq(profiles.id, auditLogs.actorProfileId))
      .leftJoin(users, eq(users.id, profiles.userId))
      .where(where)
      .orderBy(actorName, profiles.id)
      .limit(200),
  ]);
  return {
    kinds: kinds.map((k) => k.kind),
    entityTypes: entityTypes.flatMap((e) => (e.entityType ? [e.entityType] : [])),
    actors: actors.map((a) => ({ id: a.id, name: a.name ?? a.email ?? a.id, email: a.email })),
  };
}
