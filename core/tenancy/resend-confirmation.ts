// Super admins send a user's address-confirmation e-mail again (/studio/config/user-profiles): only to
// an account that exists and still waits for its confirmation. The e-mail goes through the one entry
// point for confirmations (core/auth/confirmation.ts); the resend is audited.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema/auth.ts";
import { profiles } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { sendConfirmation } from "../auth/confirmation.ts";
import { AppError } from "../errors.ts";
import { LOCALE_COOKIE } from "../i18n/locales.ts";
import type { AppServices } from "../services.ts";
import { emailSchema, parseInput } from "./input.ts";

const inputSchema = z.object({ email: emailSchema });

export type ResendConfirmationInput = z.input<typeof inputSchema> & {
  /** the super admin's request headers: only the locale cookie is passed on (the e-mail's language) */
  headers?: Headers;
};

/**
 * The headers the confirmation is sent with: the request's, without the super admin's own session
 * (with it, the auth library would only resend to the signed-in user's address). The locale cookie stays.
 */
function withoutSession(headers: Headers | undefined): Headers {
  const result = new Headers(headers);
  const locale = (headers?.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LOCALE_COOKIE}=`));
  result.delete("cookie");
  result.delete("authorization");
  if (locale) result.set("cookie", locale);
  return result;
}

export async function resendConfirmation(
  services: { db: Database } & Pick<AppServices, "auth" | "logger">,
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
  await sendConfirmation(services, { email: user.email, headers: withoutSession(input.headers) });
  await writeAuditLog(services.db, actor, {
    action: "user.confirmation_resend",
    entityType: "profile",
    entityId: user.profileId ?? user.id,
    after: { email: user.email },
  });
  return { email: user.email };
}
