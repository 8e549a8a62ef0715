// /studio/config/user-profiles (super admin): every user with confirmed address, super admin flag,
// memberships (client names and roles), last sign-in and disabled state; searched, filtered, paged.
// Users the auth library created before their profile existed are listed too (profileId null).
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../db/schema/auth.ts";
import { clientMembers, clients, profiles } from "../../db/schema/tenancy.ts";
import type { Actor, ClientRole } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../shared/input.ts";
import type { Page } from "../shared/page.ts";
import type { AppServices } from "../services.ts";

export const USER_PROFILE_FILTERS = ["confirmed", "unconfirmed", "super-admins", "disabled"] as const;
export const USER_PROFILE_SORTS = [
  "email",
  "-email",
  "name",
  "-name",
  "createdAt",
  "-createdAt",
  "lastSignInAt",
  "-lastSignInAt",
] as const;

const inputSchema = z.object({
  search: searchSchema,
  filter: z.enum(USER_PROFILE_FILTERS, { error: "validation.choiceInvalid" }).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
  sort: z.enum(USER_PROFILE_SORTS, { error: "validation.choiceInvalid" }).default("email"),
});

export type ListUserProfilesInput = z.input<typeof inputSchema>;

export type UserProfileRow = {
  userId: string;
  profileId: string | null;
  name: string;
  email: string;
  confirmed: boolean;
  isSuperAdmin: boolean;
  disabledAt: Date | null;
  lastSignInAt: Date | null;
  createdAt: Date;
  memberships: { clientId: string; clientName: string; clientSlug: string; role: ClientRole }[];
};

export async function listUserProfiles(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: ListUserProfilesInput = {},
): Promise<Page<UserProfileRow>> {
  requireSuperAdmin(actor);
  const { search, filter, page, pageSize, sort } = parseInput(inputSchema, input);

  const name = sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${users.name})`;
  const conditions: SQL[] = [];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(ilike(users.email, pattern), ilike(users.name, pattern), ilike(profiles.displayName, pattern))!,
    );
  }
  if (filter === "confirmed") conditions.push(eq(users.emailVerified, true));
  if (filter === "unconfirmed") conditions.push(eq(users.emailVerified, false));
  if (filter === "super-admins") conditions.push(eq(profiles.isSuperAdmin, true));
  if (filter === "disabled") conditions.push(isNotNull(profiles.disabledAt));
  const where = conditions.length ? and(...conditions) : undefined;

  const key = sort.replace(/^-/, "");
  const direction = sort.startsWith("-") ? desc : asc;
  const primary =
    key === "name"
      ? sql`lower(${name})`
      : key === "createdAt"
        ? users.createdAt
        : key === "lastSignInAt"
          ? sql`${profiles.lastSignInAt} ${sort.startsWith("-") ? sql`desc` : sql`asc`} nulls last`
          : users.email;
  const order = key === "lastSignInAt" ? [primary, asc(users.email)] : [direction(primary), asc(users.email)];

  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: users.id,
        profileId: profiles.id,
        name,
        email: users.email,
        confirmed: users.emailVerified,
        isSuperAdmin: sql<boolean>`coalesce(${profiles.isSuperAdmin}, false)`,
        disabledAt: profiles.disabledAt,
        lastSignInAt: profiles.lastSignInAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(where),
  ]);

  const profileIds = rows.flatMap((row) => (row.profileId ? [row.profileId] : []));
  const memberships = profileIds.length
    ? await db
        .select({
          profileId: clientMembers.profileId,
          clientId: clients.uuid,
          clientName: clients.name,
          clientSlug: sql<string>`coalesce(${clients.slug}, '')`,
          role: clientMembers.role,
        })
        .from(clientMembers)
        .innerJoin(clients, eq(clients.uuid, clientMembers.clientId))
        .where(inArray(clientMembers.profileId, profileIds))
        .orderBy(asc(sql`lower(${clients.name})`), asc(clients.uuid))
    : [];
  const byProfile = new Map<string, UserProfileRow["memberships"]>();
  for (const { profileId, ...membership } of memberships) {
    const list = byProfile.get(profileId) ?? [];
    list.push(membership);
    byProfile.set(profileId, list);
  }
  return {
    rows: rows.map((row) => ({
      ...row,
      isSuperAdmin: Boolean(row.isSuperAdmin),
      memberships: row.profileId ? (byProfile.get(row.profileId) ?? []) : [],
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
