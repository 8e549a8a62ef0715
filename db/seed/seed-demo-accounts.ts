// Demo accounts for a new embedded database: a super admin and one user per client role on a demo
// client, with random development passwords that the caller prints once (never in production).
import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Database } from "../client.ts";
import { accounts, users } from "../schema/auth.ts";
import { clientMembers, clients, profiles } from "../schema/tenancy.ts";

export type DemoAccount = {
  email: string;
  password: string;
  role: "super admin" | "admin" | "editor" | "viewer";
};

export const DEMO_CLIENT = { name: "Demo Cinema Guide", slug: "demo" } as const;

const PEOPLE = [
  { name: "Sam Super", email: "admin@reeltime.test", role: "super admin" },
  { name: "Alex Admin", email: "client-admin@reeltime.test", role: "admin" },
  { name: "Eva Editor", email: "editor@reeltime.test", role: "editor" },
  { name: "Victor Viewer", email: "viewer@reeltime.test", role: "viewer" },
] as const;

/** A password that satisfies the strength rule: 16 random base64url characters plus a digit. */
function developmentPassword() {
  return `${randomBytes(12).toString("base64url")}-7`;
}

export async function seedDemoAccounts(db: Database): Promise<DemoAccount[]> {
  const created: DemoAccount[] = [];
  await db.transaction(async (tx) => {
    const [client] = await tx
      .insert(clients)
      .values({ ...DEMO_CLIENT, contactEmail: "client-admin@reeltime.test" })
      .returning();
    for (const person of PEOPLE) {
      const password = developmentPassword();
      const [user] = await tx
        .insert(users)
        .values({ name: person.name, email: person.email, emailVerified: true })
        .returning();
      await tx.insert(accounts).values({
        userId: user!.id,
        accountId: user!.id,
        providerId: "credential",
        password: await hashPassword(password),
      });
      const [profile] = await tx
        .insert(profiles)
        .values({ userId: user!.id, isSuperAdmin: person.role === "super admin", displayName: person.name })
        .returning();
      if (person.role !== "super admin") {
        await tx.insert(clientMembers).values({
          clientId: client!.uuid,
          profileId: profile!.id,
          role: person.role,
          acceptedAt: new Date(),
        });
      }
      created.push({ email: person.email, password, role: person.role });
    }
  });
  return created;
}
