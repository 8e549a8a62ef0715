// The alerts' two e-mails, in the follower's language: the confirmation (double opt-in) and the alert
// listing the new showtimes. Every alert carries a one-click unsubscribe (RFC 8058): List-Unsubscribe with
// the HTTPS link and List-Unsubscribe-Post, so the mail provider's button unsubscribes with one POST.
import type { MessageCatalog } from "../i18n/message-catalog.ts";
import { isLocale, toLanguageTag, type Locale } from "../i18n/locales.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { renderMailLayout } from "../mail/templates.ts";
import type { AlertFormat } from "./alert-schemas.ts";

/** Shows listed in one alert; the rest are counted ("And 4 more."). */
export const ALERT_LISTED_SHOWS = 10;

const FORMAT_KEYS: Record<Exclude<AlertFormat, "">, string> = {
  imax: "follow.formatImax",
  "3d": "follow.format3d",
  ov: "follow.formatOv",
};

type Translate = (key: string, values?: Record<string, string>) => string;

function placeOf(t: Translate, city: string, format: string): string {
  const key = FORMAT_KEYS[format as Exclude<AlertFormat, "">];
  return key ? `${city} (${t(key)})` : city;
}

const localeOf = (locale: string): Locale | undefined => (isLocale(locale) ? locale : undefined);

export function confirmationMail(
  catalog: MessageCatalog,
  input: { to: string; locale: string; film: string; city: string; format: string; confirmUrl: string },
): MailMessage {
  const mail = renderMailLayout(catalog, localeOf(input.locale), (t) => ({
    subject: t("mail.alertConfirm.subject", { film: input.film }),
    paragraphs: [
      t("mail.alertConfirm.intro", { film: input.film, place: placeOf(t, input.city, input.format) }),
    ],
    action: { label: t("mail.alertConfirm.action"), url: input.confirmUrl },
    afterAction: [t("mail.common.linkOnce")],
    footer: t("mail.alertConfirm.footer"),
  }));
  return { to: input.to, ...mail };
}

export type AlertShow = { startsAt: Date; cinema: string; timeZone: string };

export function alertMail(
  catalog: MessageCatalog,
  input: {
    to: string;
    locale: string;
    film: string;
    city: string;
    format: string;
    shows: readonly AlertShow[];
    total: number;
    filmUrl: string;
    unsubscribeUrl: string;
  },
): MailMessage {
  const locale = localeOf(input.locale);
  const tag = toLanguageTag(locale ?? "en");
  const line = (show: AlertShow) =>
    `${new Intl.DateTimeFormat(tag, {
      weekday: "short",
      day: "numeric",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: show.timeZone,
    }).format(show.startsAt)}, ${show.cinema}`;
  const mail = renderMailLayout(catalog, locale, (t) => {
    const place = placeOf(t, input.city, input.format);
    const listed = input.shows.slice(0, ALERT_LISTED_SHOWS);
    const more = input.total - listed.length;
    return {
      subject: t("mail.alert.subject", { film: input.film, place }),
      paragraphs: [
        t("mail.alert.intro", { film: input.film, place }),
        ...listed.map(line),
        ...(more > 0 ? [t("mail.alert.more", { count: String(more) })] : []),
      ],
      action: { label: t("mail.alert.action"), url: input.filmUrl },
      footer: t("mail.alert.footer", { url: input.unsubscribeUrl }),
    };
  });
  return {
    to: input.to,
    ...mail,
    headers: {
      "List-Unsubscribe": `<${input.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
