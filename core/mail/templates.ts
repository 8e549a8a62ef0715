// The product's e-mails, localized from the message catalog (keys under `mail.`), each with a plain
// text part and a simple, accessible HTML part. Interpolated values are escaped in the HTML.
import { IntlMessageFormat } from "intl-messageformat";
import type { MessageCatalog } from "../i18n/message-catalog.ts";
import { DEFAULT_LOCALE, textDirection, toLanguageTag, type Locale } from "../i18n/locales.ts";

/** What a template renders: ready for `mailer.send({ to, ...mail })`. */
export type RenderedMail = { subject: string; text: string; html: string };

export type { ClientRole } from "../access/actor.ts";
import type { ClientRole } from "../access/actor.ts";

export type MailTemplates = {
  /** Locale the e-mail is written in: the recipient's, or en when its catalogue is not finished. */
  locale: Locale;
  verifyEmail(params: { name: string; url: string }): RenderedMail;
  resetPassword(params: { name: string; url: string }): RenderedMail;
  invitation(params: {
    inviterName: string;
    clientName: string;
    role: ClientRole;
    url: string;
  }): RenderedMail;
  emailChange(params: { name: string; url: string; newEmail: string }): RenderedMail;
  /** `resetUrl` (optional) adds a button to reset the password at once. */
  passwordChanged(params: { name: string; resetUrl?: string }): RenderedMail;
};

/**
 * The recipient's locale when the catalogue offers it (a finished file: every key, the `mail.*` texts
 * included, translated; locales/README.md), else English with an English `lang`.
 */
export function mailLocaleFor(catalog: Pick<MessageCatalog, "offered">, locale: Locale | undefined): Locale {
  return locale && catalog.offered.includes(locale) ? locale : DEFAULT_LOCALE;
}

const PRODUCT = "Reeltime";

/** Compiled messages per catalog entry (the catalog keeps one messages object per locale). */
const formatCache = new WeakMap<object, Map<string, IntlMessageFormat>>();

function compiled(messages: Record<string, string>, key: string, languageTag: string): IntlMessageFormat {
  let byKey = formatCache.get(messages);
  if (!byKey) {
    byKey = new Map();
    formatCache.set(messages, byKey);
  }
  let format = byKey.get(key);
  if (!format) {
    const source = messages[key];
    if (source === undefined) throw new Error(`mail templates: message "${key}" is missing from the catalog`);
    // ignoreTag: "<" in a message is text, never markup; values are plain strings.
    format = new IntlMessageFormat(source, languageTag, undefined, { ignoreTag: true });
    byKey.set(key, format);
  }
  return format;
}

/** The templates for one recipient's locale (falls back to English, see mailLocaleFor). */
export function mailTemplates(catalog: MessageCatalog, locale?: Locale): MailTemplates {
  const mailLocale = mailLocaleFor(catalog, locale);
  const messages = catalog.messagesFor(mailLocale);
  const languageTag = toLanguageTag(mailLocale);

  const t = (key: string, values: Record<string, string> = {}): string => {
    const result = compiled(messages, key, languageTag).format(values);
    return typeof result === "string" ? result : [result].flat().join("");
  };

  const greeting = (name: string) => {
    const clean = singleLine(name);
    return clean ? t("mail.common.greeting", { name: clean }) : t("mail.common.greetingAnonymous");
  };

  const render = (layout: Layout): RenderedMail => {
    const subject = singleLine(layout.subject);
    return {
      subject,
      text: renderText(layout, t),
      html: renderHtml({ ...layout, subject }, t, { lang: languageTag, dir: textDirection(mailLocale) }),
    };
  };

  return {
    locale: mailLocale,

    verifyEmail: ({ name, url }) =>
      render({
        subject: t("mail.verifyEmail.subject"),
        greeting: greeting(name),
        paragraphs: [t("mail.verifyEmail.intro")],
        action: { label: t("mail.verifyEmail.action"), url: checkedUrl(url) },
        afterAction: [t("mail.common.linkOnce")],
        footer: t("mail.verifyEmail.footer"),
      }),

    resetPassword: ({ name, url }) =>
      render({
        subject: t("mail.resetPassword.subject"),
        greeting: greeting(name),
        paragraphs: [t("mail.resetPassword.intro")],
        action: { label: t("mail.resetPassword.action"), url: checkedUrl(url) },
        afterAction: [t("mail.common.linkOnce")],
        footer: t("mail.resetPassword.footer"),
      }),

    invitation: ({ inviterName, clientName, role, url }) => {
      const values = {
        inviterName: singleLine(inviterName),
        clientName: singleLine(clientName),
        role: singleLine(role),
      };
      return render({
        subject: t("mail.invitation.subject", values),
        greeting: t("mail.common.greetingAnonymous"),
        paragraphs: [t("mail.invitation.intro", values)],
        action: { label: t("mail.invitation.action"), url: checkedUrl(url) },
        afterAction: [t("mail.common.linkOnce")],
        footer: t("mail.invitation.footer", values),
      });
    },

    emailChange: ({ name, url, newEmail }) =>
      render({
        subject: t("mail.emailChange.subject"),
        greeting: greeting(name),
        paragraphs: [t("mail.emailChange.intro", { newEmail: singleLine(newEmail) })],
        action: { label: t("mail.emailChange.action"), url: checkedUrl(url) },
        afterAction: [t("mail.common.linkOnce")],
        footer: t("mail.emailChange.footer"),
      }),

    passwordChanged: ({ name, resetUrl }) =>
      render({
        subject: t("mail.passwordChanged.subject"),
        greeting: greeting(name),
        paragraphs: [t("mail.passwordChanged.intro"), t("mail.passwordChanged.notYou")],
        action: resetUrl ? { label: t("mail.passwordChanged.action"), url: checkedUrl(resetUrl) } : undefined,
        afterAction: [],
        footer: t("mail.passwordChanged.footer"),
      }),
  };
}

type Layout = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string } | undefined;
  afterAction: string[];
  footer: string;
};

type Translate = (key: string, values?: Record<string, string>) => string;

function renderText(layout: Layout, t: Translate): string {
  const blocks = [layout.greeting, ...layout.paragraphs];
  if (layout.action) blocks.push(`${layout.action.label}:\n${layout.action.url}`);
  blocks.push(...layout.afterAction, t("mail.common.signature"), `-- \n${layout.footer}`);
  return `${blocks.join("\n\n")}\n`;
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";

function renderHtml(layout: Layout, t: Translate, page: { lang: string; dir: "ltr" | "rtl" }): string {
  const p = (text: string, style = "") => `<p style="margin:0 0 16px;${style}">${escapeHtml(text)}</p>`;
  const action = layout.action
    ? [
        `<p style="margin:24px 0;"><a href="${escapeHtml(layout.action.url)}" style="display:inline-block;background-color:#b91c1c;color:#ffffff;font-weight:600;font-size:16px;line-height:1.25;text-decoration:none;padding:12px 24px;border-radius:6px;">${escapeHtml(layout.action.label)}</a></p>`,
        `<p style="margin:0 0 16px;font-size:14px;color:#52525b;">${escapeHtml(t("mail.common.buttonFallback"))}<br><a href="${escapeHtml(layout.action.url)}" style="color:#1d4ed8;word-break:break-all;">${escapeHtml(layout.action.url)}</a></p>`,
      ].join("\n")
    : "";
  return `<!doctype html>
<html lang="${escapeHtml(page.lang)}" dir="${page.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(layout.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f4f5;">
<div role="article" aria-roledescription="email" aria-label="${escapeHtml(layout.subject)}" lang="${escapeHtml(page.lang)}" dir="${page.dir}" style="${FONT}background-color:#f4f4f5;padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;margin:0 auto;background-color:#ffffff;border-radius:8px;border:1px solid #e4e4e7;">
<tr><td style="${FONT}padding:24px 32px 0;font-size:22px;font-weight:700;color:#b91c1c;">${PRODUCT}</td></tr>
<tr><td style="${FONT}padding:16px 32px 16px;font-size:16px;line-height:1.5;color:#27272a;">
${p(layout.greeting)}
${layout.paragraphs.map((text) => p(text)).join("\n")}
${action}
${layout.afterAction.map((text) => p(text, "font-size:14px;color:#52525b;")).join("\n")}
${p(t("mail.common.signature"))}
</td></tr>
</table>
<p style="${FONT}max-width:560px;margin:16px auto 0;font-size:13px;line-height:1.5;color:#52525b;text-align:center;">${escapeHtml(layout.footer)}</p>
</div>
</body>
</html>
`;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Names and subjects stay on one line: no control characters, collapsed whitespace. */
function singleLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029\s]+/g, " ").trim();
}

/** Links in our e-mails are absolute http(s) addresses built by the server; anything else is a bug. */
function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new TypeError(`mail templates: not an absolute URL: ${url}`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new TypeError(`mail templates: only http(s) links are allowed, got ${parsed.protocol}`);
  }
  return url.trim();
}

/**
 * Another domain's e-mail (core/alerts) in the same layout: `build` gets the translator and returns the
 * subject, paragraphs, action and footer; names and links are checked as for the product's own e-mails.
 */
export function renderMailLayout(
  catalog: MessageCatalog,
  locale: Locale | undefined,
  build: (t: (key: string, values?: Record<string, string>) => string) => {
    subject: string;
    paragraphs: string[];
    action?: { label: string; url: string };
    afterAction?: string[];
    footer: string;
  },
): RenderedMail {
  const mailLocale = mailLocaleFor(catalog, locale);
  const messages = catalog.messagesFor(mailLocale);
  const languageTag = toLanguageTag(mailLocale);
  const t = (key: string, values: Record<string, string> = {}): string => {
    const result = compiled(messages, key, languageTag).format(values);
    return typeof result === "string" ? result : [result].flat().join("");
  };
  const layout = build(t);
  const subject = singleLine(layout.subject);
  const full: Layout = {
    subject,
    greeting: t("mail.common.greetingAnonymous"),
    paragraphs: layout.paragraphs,
    action: layout.action ? { label: layout.action.label, url: checkedUrl(layout.action.url) } : undefined,
    afterAction: layout.afterAction ?? [],
    footer: layout.footer,
  };
  return {
    subject,
    text: renderText(full, t),
    html: renderHtml(full, t, { lang: languageTag, dir: textDirection(mailLocale) }),
  };
}
