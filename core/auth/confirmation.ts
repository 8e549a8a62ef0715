// Registration and address confirmation. Registering asks no password: the account starts with a random,
// unknown one, and the confirmation link ends with choosing the password. So whoever registered an
// address first gains nothing — the owner of the mailbox sets the password — and the link signs in no
// one. One live link per account: registering again or resending replaces it. No privilege (super admin
// bootstrap, invitations) comes before the confirmation.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { users, verifications } from "../../db/schema/auth.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { requestMeta } from "../request-meta.ts";
import type { AppServices } from "../services.ts";
import { ensureProfile } from "../tenancy/ensure-profile.ts";
import { confirmUrl } from "../mail/confirm-url.ts";
import { headersLocale, VERIFICATION_TTL_SECONDS } from "./auth-email-flows.ts";
import { accountKey, clearAccountLimits, consumeIpAndAccount, consumeLimit, withinLimit } from "./limits.ts";
import { passwordIssue } from "./password-rule.ts";

type Services = Pick<AppServices, "db" | "auth" | "mail" | "logger" | "accounts" | "config">;

const TOKEN_PREFIX = "confirm-email:";
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const randomSecret = () => randomBytes(32).toString("base64url");

async function findUser(services: Services, email: string) {
  const [user] = await services.db
    .select({ id: users.id, name: users.name, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, accountKey(email)))
    .limit(1);
  return user;
}

/** A fresh link for an unconfirmed account (earlier links stop working) and the e-mail with it. */
async function issueLink(
  services: Services,
  user: { id: string; name: string; email: string },
  headers: Headers | undefined,
) {
  // At most a few confirmation e-mails per address an hour; beyond that none is sent (same answer),
  // and the last link keeps working.
  if (!(await withinLimit(services.accounts.limits, "mailPerAddress", `confirm:${user.email}`))) return;
  const token = randomSecret();
  await services.db.transaction(async (tx) => {
    await tx
      .delete(verifications)
      .where(and(eq(verifications.value, user.id), like(verifications.identifier, `${TOKEN_PREFIX}%`)));
    await tx.insert(verifications).values({
      identifier: `${TOKEN_PREFIX}${hashToken(token)}`,
      value: user.id,
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_SECONDS * 1000),
    });
  });
  await services.mail
    .verifyEmail({
      to: user.email,
      name: user.name,
      url: confirmUrl(services.config.baseUrl, "email", token),
      locale: headersLocale(headers),
    })
    .catch((error: unknown) => services.logger.warn({ err: error }, "confirmation e-mail not sent"));
}

/**
 * Registers `email` (or, for an address still waiting for confirmation, takes the new name and sends a
 * new link). An address that is already confirmed changes nothing: the answer is the same either way.
 */
export async function register(
  services: Services,
  input: { name: string; email: string; headers?: Headers },
): Promise<void> {
  const email = accountKey(input.email);
  const headers = input.headers ?? new Headers();
  const { ip } = requestMeta(headers);
  await consumeIpAndAccount(
    services.accounts.limits,
    { ip: "signUpIp", account: "signUpAccount" },
    { ip, email },
  );
  const existing = await findUser(services, email);
  if (existing?.emailVerified) return;
  if (existing) {
    const context = await services.auth.$context;
    await context.internalAdapter.updateUser(existing.id, { name: input.name });
    await context.internalAdapter.updatePassword(existing.id, await context.password.hash(randomSecret()));
    await context.internalAdapter.deleteUserSessions(existing.id);
    await issueLink(services, { ...existing, name: input.name }, headers);
    return;
  }
  try {
    await services.auth.api.signUpEmail({
      body: { name: input.name, email, password: randomSecret() },
      headers,
    });
  } catch (error) {
    // Registered concurrently: the same answer.
    services.logger.warn({ err: error }, "sign-up failed");
    return;
  }
  const created = await findUser(services, email);
  if (created && !created.emailVerified) await issueLink(services, created, headers);
}

/** "Send the confirmation e-mail again": a new link for an address waiting for confirmation, else nothing. */
export async function sendConfirmation(
  services: Services,
  input: { email: string; headers?: Headers },
): Promise<void> {
  const email = accountKey(input.email);
  const { ip } = requestMeta(input.headers);
  await consumeIpAndAccount(
    services.accounts.limits,
    { ip: "resendIp", account: "resendAccount" },
    { ip, email },
  );
  const user = await findUser(services, email);
  if (user && !user.emailVerified) await issueLink(services, user, input.headers);
}

async function pendingLink(services: Services, token: string) {
  const [row] = await services.db
    .select({ userId: verifications.value, expiresAt: verifications.expiresAt, email: users.email })
    .from(verifications)
    .innerJoin(users, eq(sql`${users.id}::text`, verifications.value))
    .where(eq(verifications.identifier, `${TOKEN_PREFIX}${hashToken(token)}`))
    .limit(1);
  if (!row) throw new AppError("invalid_input", "auth.confirmInvalid");
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError("invalid_input", "auth.confirmExpired");
  return row;
}

/** What a confirmation link is for (GET: no side effect): the address that chooses its password. */
export async function getConfirmation(services: Services, token: string): Promise<{ email: string }> {
  const { email } = await pendingLink(services, token);
  return { email };
}

/**
 * Completes a confirmation: sets the chosen password, marks the address confirmed, ends every session
 * of the account and every other link, and signs in no one — the user signs in next.
 */
export async function confirmEmail(
  services: Services,
  input: { token: string; password: string; headers?: Headers },
): Promise<{ email: string }> {
  const { ip, requestId } = requestMeta(input.headers);
  if (ip) await consumeLimit(services.accounts.limits, "confirmIp", ip);
  const link = await pendingLink(services, input.token);
  const issue = passwordIssue(input.password, link.email);
  if (issue) throw new AppError("invalid_input", "form.invalid", { fieldErrors: { password: issue } });
  // Single use: only the request that deletes the row goes on.
  const [consumed] = await services.db
    .delete(verifications)
    .where(eq(verifications.identifier, `${TOKEN_PREFIX}${hashToken(input.token)}`))
    .returning({ userId: verifications.value });
  if (!consumed) throw new AppError("invalid_input", "auth.confirmInvalid");
  const context = await services.auth.$context;
  const hash = await context.password.hash(input.password);
  const credential = await context.internalAdapter.findCredentialAccount(link.userId);
  if (credential) await context.internalAdapter.updatePassword(link.userId, hash);
  else
    await context.internalAdapter.createAccount({
      userId: link.userId,
      providerId: "credential",
      accountId: link.userId,
      password: hash,
    });
  await context.internalAdapter.updateUser(link.userId, { emailVerified: true });
  await context.internalAdapter.deleteUserSessions(link.userId);
  await services.db
    .delete(verifications)
    .where(and(eq(verifications.value, link.userId), like(verifications.identifier, `${TOKEN_PREFIX}%`)));
  const profile = await ensureProfile(services.db, {
    userId: link.userId,
    email: link.email,
    superAdminEmails: [...services.accounts.superAdminEmails],
    confirmed: true,
    requestId,
    ip,
  });
  await writeAuditLog(services.db, null, {
    action: "auth.email_confirmed",
    entityType: "user",
    entityId: link.userId,
    actorProfileId: profile.id,
    clientId: null,
    requestId,
    ip,
  });
  await clearAccountLimits(services.accounts.limits, link.email);
  return { email: link.email };
}
