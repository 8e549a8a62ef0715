// Composes the services every request uses: database, auth, mail, translations, clock.
import path from "node:path";
import type { Logger } from "pino";
import { createAuth } from "../core/auth/create-auth.ts";
import { recordSignIn, recordSignInFailure } from "../core/auth/record-auth-event.ts";
import { createMemorySignInThrottle } from "../core/auth/sign-in-throttle.ts";
import type { MessageCatalog } from "../core/i18n/message-catalog.ts";
import { createMailer } from "../core/mail/mailer.ts";
import { createMailSender } from "../core/mail/send-mail.ts";
import type { AppServices } from "../core/services.ts";
import { ensureProfile } from "../core/tenancy/ensure-profile.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { Config } from "./config.ts";

function requestMeta(request: Request | undefined) {
  return {
    requestId: request?.headers.get("x-request-id") ?? undefined,
    ip: request?.headers.get("x-forwarded-for")?.split(",")[0]?.trim(),
  };
}

export function createServices(input: {
  config: Config;
  database: DatabaseHandle;
  i18n: MessageCatalog;
  logger: Logger;
  now?: () => Date;
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
  const auth = createAuth({
    db,
    baseUrl: config.baseUrl,
    secret: config.authSecret,
    mail,
    throttle: createMemorySignInThrottle(),
    logger,
    events: {
      userCreated: async (user) => {
        await ensureProfile(db, {
          userId: user.id,
          email: user.email,
          superAdminEmails: config.SUPER_ADMIN_EMAILS,
        });
      },
      signedIn: async ({ userId, sessionId, request }) => {
        await recordSignIn(db, {
          userId,
          sessionId,
          superAdminEmails: config.SUPER_ADMIN_EMAILS,
          ...requestMeta(request),
        });
      },
      signInFailed: async ({ email, reason, request }) => {
        await recordSignInFailure(db, { email, reason, ...requestMeta(request) });
      },
    },
  });
  return {
    db,
    auth,
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
