// Test fixtures for the tenancy operations: users (+ profiles), clients, memberships, sessions and
// the Actor a request of that user would carry. Every name and e-mail is unique, so tests sharing
// one database per file never collide.
import { randomBytes, randomUUID } from "node:crypto";
import { count, desc, eq, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { expect } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import type { Database } from "../../db/client.ts";
import { sessions, users } from "../../db/schema/auth.ts";
import { clientMembers, clients, profiles } from "../../db/schema/tenancy.ts";
import type { Actor, ClientRole } from "../access/actor.ts";
import type { AppError, ErrorCode } from "../errors.ts";
import type { InviteMemberServices } from "./invite-member.ts";

let sequence = 0;
const unique = () => `${++sequence}${randomBytes(3).toString("hex")}`;

export type TestPerson = {
  userId: string;
  profileId: string;
  name: string;
  email: string;
  isSuperAdmin: boolean;
  /** client id → role, kept in step by addMember() */
  roles: Record<string, ClientRole>;
};

export type TestClient = { id: string; name: string; slug: string };

export async function createPerson(
  db: Database,
  options: {
    name?: string;
    email?: string;
    emailVerified?: boolean;
    isSuperAdmin?: boolean;
    disabled?: boolean;
    lastSignInAt?: Date;
  } = {},
): Promise<TestPerson> {
  const tag = unique();
  const name = options.name ?? `Person ${tag}`;
  const email = options.email ?? `person-${tag}@example.test`;
  const [user] = await db
    .insert(users)
    .values({ name, email, emailVerified: options.emailVerified ?? true })
    .returning({ id: users.id });
  const [profile] = await db
    .insert(profiles)
    .values({
      userId: user!.id,
      isSuperAdmin: options.isSuperAdmin ?? false,
      disabledAt: options.disabled ? new Date() : null,
      lastSignInAt: options.lastSignInAt ?? null,
    })
    .returning({ id: profiles.id });
  return {
    userId: user!.id,
    profileId: profile!.id,
    name,
    email,
    isSuperAdmin: options.isSuperAdmin ?? false,
    roles: {},
  };
}

/** A user with no profile yet (as right after the auth library created it). */
export async function createUserOnly(
  db: Database,
  options: { name?: string; email?: string; emailVerified?: boolean } = {},
) {
  const tag = unique();
  const [user] = await db
    .insert(users)
    .values({
      name: options.name ?? `User ${tag}`,
      email: options.email ?? `user-${tag}@example.test`,
      emailVerified: options.emailVerified ?? false,
    })
    .returning();
  return user!;
}

export async function createTestClient(
  db: Database,
  options: { name?: string; slug?: string } = {},
): Promise<TestClient> {
  const tag = unique();
  const name = options.name ?? `Client ${tag}`;
  const slug = options.slug ?? `client-${tag}`;
  const [client] = await db.insert(clients).values({ name, slug }).returning({ id: clients.uuid });
  return { id: client!.id, name, slug };
}

export async function addMember(
  db: Database,
  client: TestClient | string,
  person: TestPerson,
  role: ClientRole,
  options: { acceptedAt?: Date | null } = {},
) {
  const clientId = typeof client === "string" ? client : client.id;
  await db.insert(clientMembers).values({
    clientId,
    profileId: person.profileId,
    role,
    acceptedAt: options.acceptedAt === undefined ? new Date() : options.acceptedAt,
  });
  person.roles[clientId] = role;
}

export async function createSession(
  db: Database,
  person: TestPerson,
  options: { impersonatedClientId?: string | null } = {},
) {
  const [session] = await db
    .insert(sessions)
    .values({
      userId: person.userId,
      token: randomBytes(24).toString("hex"),
      expiresAt: new Date(Date.now() + 86_400_000),
      impersonatedClientId: options.impersonatedClientId ?? null,
    })
    .returning({ id: sessions.id });
  return session!.id;
}

/**
 * The Actor of a request by `person` acting for `client` (none: no effective client).
 * Super admins act as admin; `impersonating` marks a super admin impersonating that client.
 */
export function actorFor(
  person: TestPerson,
  client?: TestClient | string | null,
  options: { impersonating?: boolean } = {},
): Actor {
  const clientId = client ? (typeof client === "string" ? client : client.id) : null;
  const role: ClientRole | null = clientId
    ? person.isSuperAdmin
      ? "admin"
      : (person.roles[clientId] ?? null)
    : null;
  return {
    userId: person.userId,
    profileId: person.profileId,
    isSuperAdmin: person.isSuperAdmin,
    effectiveClientId: clientId,
    role,
    impersonating: options.impersonating ?? false,
    requestId: `req-${unique()}`,
    ip: "127.0.0.1",
  };
}

/** The usual cast: two clients, a super admin, admin/editor/viewer of A, an admin of B, and a user without clients. */
export async function createScenario(db: Database) {
  const clientA = await createTestClient(db);
  const clientB = await createTestClient(db);
  const superAdmin = await createPerson(db, { isSuperAdmin: true });
  const adminA = await createPerson(db);
  const editorA = await createPerson(db);
  const viewerA = await createPerson(db);
  const adminB = await createPerson(db);
  const outsider = await createPerson(db);
  await addMember(db, clientA, adminA, "admin");
  await addMember(db, clientA, editorA, "editor");
  await addMember(db, clientA, viewerA, "viewer");
  await addMember(db, clientB, adminB, "admin");
  return { clientA, clientB, superAdmin, adminA, editorA, viewerA, adminB, outsider };
}

export type Scenario = Awaited<ReturnType<typeof createScenario>>;

/** Row count of a table, optionally filtered: to prove a refused operation changed nothing. */
export async function countRows(db: Database, table: PgTable, where?: SQL): Promise<number> {
  const query = db.select({ n: count() }).from(table);
  const [row] = await (where ? query.where(where) : query);
  return row?.n ?? 0;
}

export const missingId = () => randomUUID();

/**
 * Asserts that `promise` rejects with AppError `code` and, when given, that reason (a key under
 * `error.` in the locales) or that exact English message.
 */
export async function expectAppError(promise: Promise<unknown>, code: ErrorCode, expected?: string) {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, `expected AppError(${code})`).toBeDefined();
  expect(error).toMatchObject({ name: "AppError", code });
  if (expected !== undefined) {
    const { reason, message } = error as AppError;
    expect([reason, message], `reason or message of ${message}`).toContain(expected);
  }
  return error as AppError;
}

/** Audit rows of one action, newest first. */
export async function auditRowsFor(db: Database, action: string) {
  return db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.action, action))
    .orderBy(desc(auditLogs.at), desc(auditLogs.createdAt));
}

/** An invitation e-mail as inviteMember hands it to the mail sender. */
export type SentInvitation = Parameters<InviteMemberServices["mail"]["invitation"]>[0];

/** Inviting sends invitations only: any other e-mail from these tests is a mistake worth failing on. */
const notAnInvitation = () => Promise.reject(new Error("only invitation e-mails are expected here"));

/** What inviteMember needs, with a mail sender that records invitations instead of sending them. */
export function inviteServices(db: Database, sent: SentInvitation[] = []): InviteMemberServices {
  return {
    db,
    mail: {
      invitation: async (mail) => {
        sent.push(mail);
      },
      verifyEmail: notAnInvitation,
      resetPassword: notAnInvitation,
      emailChange: notAnInvitation,
      passwordChanged: notAnInvitation,
    },
    config: { baseUrl: "http://localhost:3000", gtmId: undefined, production: false },
  };
}
