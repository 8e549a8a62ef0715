// The signed-in user's own sessions (/studio/user/profile → active sessions). Read from our table,
// always scoped to the actor's user; tokens stay on the server (only revoking needs one).
import { and, desc, eq, gt, ne } from "drizzle-orm";
import { sessions } from "../../db/schema/auth.ts";
import type { Actor } from "../access/actor.ts";
import { idSchema } from "../forms/fields.ts";
import type { AppServices } from "../services.ts";

export type OwnSession = {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  /** refreshed when the session is extended (at most daily) */
  lastActiveAt: Date;
  current: boolean;
};

/** The actor's unexpired sessions, the current one first, then the most recently active. */
export async function listOwnSessions(
  { db, now }: Pick<AppServices, "db" | "now">,
  actor: Actor,
  input: { currentSessionId: string },
): Promise<OwnSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.userId), gt(sessions.expiresAt, now())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
  return rows
    .map((row) => ({ ...row, current: row.id === input.currentSessionId }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** The token of one of the actor's sessions, or null (someone else's session looks like an ended one). */
export async function ownSessionToken(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  sessionId: string,
): Promise<string | null> {
  if (!idSchema.safeParse(sessionId).success) return null;
  const [row] = await db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.userId)))
    .limit(1);
  return row?.token ?? null;
}

/** How many unexpired sessions the actor has besides the current one. */
export async function countOtherSessions(
  { db, now }: Pick<AppServices, "db" | "now">,
  actor: Actor,
  input: { currentSessionId: string },
): Promise<number> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, actor.userId),
        gt(sessions.expiresAt, now()),
        ne(sessions.id, input.currentSessionId),
      ),
    );
  return rows.length;
}
