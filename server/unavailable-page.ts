// The page a browser gets when the database (or Redis) failed a request outside the pages' own error
// handling (the router renders its error page for the rest): 503 with Retry-After, in the reader's
// language, never a bare "500". Plain HTML with no script or style to load: nothing else may be up.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import {
  allowedLocalesForPath,
  LOCALE_COOKIE,
  resolveLocale,
  textDirection,
  toLanguageTag,
} from "../core/i18n/locales.ts";
import type { MessageCatalog } from "../core/i18n/message-catalog.ts";
import { escapeHtml } from "../core/mail/templates.ts";
import { RETRY_AFTER_SECONDS } from "../core/unavailable.ts";

export function unavailablePage(c: Context, i18n: MessageCatalog) {
  const locale = resolveLocale({
    cookie: getCookie(c, LOCALE_COOKIE),
    acceptLanguage: c.req.header("accept-language"),
    allowed: allowedLocalesForPath(c.req.path, i18n.offered),
  });
  const messages = i18n.messagesFor(locale);
  const text = (key: string) => escapeHtml(messages[key] ?? key);
  const headers = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  if (!(c.req.header("accept") ?? "").includes("text/html")) {
    return c.text("Service Unavailable", 503, headers);
  }
  return c.html(
    `<!DOCTYPE html><html lang="${toLanguageTag(locale)}" dir="${textDirection(locale)}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
      `<title>503 · ${text("error.title")}</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:15vh 1.5rem">` +
      `<p style="font-size:4rem;font-weight:700;margin:0">503</p><h1 style="font-size:1.25rem">${text("error.generic")}</h1>` +
      `<p><a href="/">${text("error.backHome")}</a></p></body></html>`,
    503,
    headers,
  );
}
