// Composes the services every request uses: database, auth, mail, translations, clock.
import path from "node:path";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import { createAuth } from "../core/auth/create-auth.ts";
import { recordSignIn, recordSignInFailure } from "../core/auth/record-auth-event.ts";
import { createAuthLimits } from "../core/auth/limits.ts";
import type { MessageCatalog } from "../core/i18n/message-catalog.ts";
import { createMailer } from "../core/mail/mailer.ts";
import { createMailSender } from "../core/mail/send-mail.ts";
import { requestMeta } from "../core/request-meta.ts";
import type { AppServices } from "../core/services.ts";
import { ensureProfile } from "../core/tenancy/ensure-profile.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { Config } from "./config.ts";

export function createServices(input: {
  config: Config;
  database: DatabaseHandle;
  i18n: MessageCatalog;
  logger: Logger;
  now?: () => Date;
  /** distinguishes these rate-limit counters in a shared Redis (tests) */
  limitsKeyPrefix?: string;
}): AppServices {
  const { config, database, i18n, logger } = input;
  const db = database.db;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.resolve(config.DATA_DIR, "outbox"),
    logger,
  });
  const mail = createMailSender({ mailer, catalog: i18n });
  // Rate-limit counters: shared through Redis when REDIS_URL is set, else in this process.
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true })
    : undefined;
  redis?.on("error", (error: unknown) => logger.warn({ err: error }, "redis error"));
  const limits = createAuthLimits({ redis, keyPrefix: input.limitsKeyPrefix ?? "reeltime:auth" });
  const auth = createAuth({
    db,
    baseUrl: config.baseUrl,
    secret: config.authSecret,
    mail,
    limits,
    logger,
    events: {
      userCreated: async (user) => {
        await ensureProfile(db, {
          userId: user.id,
          email: user.email,
          // Not confirmed yet: no privilege (the bootstrap waits for the confirmation).
          confirmed: false,
        });
      },
      signedIn: async ({ userId, sessionId, headers }) => {
        await recordSignIn(db, {
          userId,
          sessionId,
          superAdminEmails: config.SUPER_ADMIN_EMAILS,
          ...requestMeta(headers),
        });
      },
      signInFailed: async ({ email, reason, request, headers }) => {
        await recordSignInFailure(db, { email, reason, ...requestMeta(headers ?? request) });
      },
    },
  });
  return {
    db,
    auth,
    accounts: {
      limits,
      superAdminEmails: config.SUPER_ADMIN_EMAILS,
      close: async () => {
        if (redis) await redis.quit().catch(() => redis.disconnect());
      },
    },
    mailer,
    mail,
    i18n,
    logger,
    config: {
      baseUrl: config.baseUrl,
      gtmId: config.GTM_ID,
      production: config.NODE_ENV === "production",
    },
    now: input.now ?? (() => new Date()),
  };
}
