// Super admins send a user's address-confirmation e-mail again (/studio/config/user-profiles): only to
// an account that exists and still waits for its confirmation. The e-mail goes through the one entry
// point for confirmations (core/auth/confirmation.ts); the resend is audited.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../db/schema/auth.ts";
import { profiles } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { sendConfirmation } from "./confirmation.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { emailSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";

const inputSchema = z.object({ email: emailSchema });

export type ResendConfirmationInput = z.input<typeof inputSchema> & {
  /** the super admin's request headers: the e-mail's language and the limits' client address */
  headers?: Headers;
};

export async function resendConfirmation(
  services: Pick<AppServices, "db" | "auth" | "mail" | "logger" | "accounts" | "config">,
  actor: Actor,
  input: ResendConfirmationInput,
): Promise<{ email: string }> {
  requireSuperAdmin(actor);
  const { email } = parseInput(inputSchema, input);
  const [user] = await services.db
    .select({ id: users.id, email: users.email, confirmed: users.emailVerified, profileId: profiles.id })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  if (!user) throw new AppError("not_found", "tenancy.userNotFound");
  if (user.confirmed) throw new AppError("conflict", "tenancy.alreadyConfirmed");
  await sendConfirmation(services, { email: user.email, headers: input.headers });
  await writeAuditLog(services.db, actor, {
    action: "user.confirmation_resend",
    entityType: "profile",
    entityId: user.profileId ?? user.id,
    after: { email: user.email },
  });
  return { email: user.email };
}
