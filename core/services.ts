// What the server hands to every loader and action (through the router context).
import type { Logger } from "pino";
import type { Database } from "../db/client.ts";
import type { Auth } from "./auth/create-auth.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { MailSender } from "./mail/send-mail.ts";
import type { MessageCatalog } from "./i18n/message-catalog.ts";

export type PublicConfig = {
  baseUrl: string;
  gtmId: string | undefined;
  production: boolean;
};

export type AppServices = {
  db: Database;
  auth: Auth;
  mailer: Mailer;
  /** the product's e-mails, localized */
  mail: MailSender;
  i18n: MessageCatalog;
  config: PublicConfig;
  logger: Logger;
  /** injectable clock, so tests and the seed agree on "today" */
  now: () => Date;
};

/** Per request: set by the server's middleware. */
export type RequestInfo = {
  requestId: string;
  /** CSP nonce for the inline scripts of this response */
  nonce: string;
};
