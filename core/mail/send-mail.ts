// The product's e-mails, rendered in the recipient's locale and sent: what auth and tenancy call.
// Structurally matches core/auth's `AuthMail` (verifyEmail, resetPassword, emailChange).
// Failures reject with MailDeliveryError (from the mailer); the caller decides what the user sees.
import type { MessageCatalog } from "../i18n/message-catalog.ts";
import type { Locale } from "../i18n/locales.ts";
import type { Mailer } from "./mailer.ts";
import { type ClientRole, mailTemplates } from "./templates.ts";

type Recipient = { to: string; locale: Locale };

export type MailSender = {
  verifyEmail(input: Recipient & { name: string; url: string }): Promise<void>;
  resetPassword(input: Recipient & { name: string; url: string }): Promise<void>;
  emailChange(input: Recipient & { name: string; url: string; newEmail: string }): Promise<void>;
  invitation(
    input: Recipient & { inviterName: string; clientName: string; role: ClientRole; url: string },
  ): Promise<void>;
  passwordChanged(input: Recipient & { name: string; resetUrl?: string }): Promise<void>;
};

export function createMailSender(deps: {
  mailer: Pick<Mailer, "send">;
  catalog: MessageCatalog;
}): MailSender {
  const { mailer, catalog } = deps;
  return {
    async verifyEmail({ to, locale, ...params }) {
      await mailer.send({ to, ...mailTemplates(catalog, locale).verifyEmail(params) });
    },
    async resetPassword({ to, locale, ...params }) {
      await mailer.send({ to, ...mailTemplates(catalog, locale).resetPassword(params) });
    },
    async emailChange({ to, locale, ...params }) {
      await mailer.send({ to, ...mailTemplates(catalog, locale).emailChange(params) });
    },
    async invitation({ to, locale, ...params }) {
      await mailer.send({ to, ...mailTemplates(catalog, locale).invitation(params) });
    },
    async passwordChanged({ to, locale, ...params }) {
      await mailer.send({ to, ...mailTemplates(catalog, locale).passwordChanged(params) });
    },
  };
}
