// What a film or cinema page's loader starts from: the clock, the language and its messages, the
// listing's lookups through the public pages' one cache (core/showtimes/listing-cache.ts), and the moment
// before which today's shows have dropped off.
import { toLanguageTag, type Locale } from "../../core/i18n/locales.ts";
import { formatMessageRef, messageRef } from "../../core/i18n/message-ref.ts";
import type { AppServices } from "../../core/services.ts";
import { type ListingCacheServices, listingLookups } from "../../core/showtimes/listing-cache.ts";
import { notBeforeOf } from "../../core/showtimes/public-listing.ts";

export function publicPageContext(
  services: ListingCacheServices & Pick<AppServices, "i18n" | "now">,
  locale: Locale,
) {
  const now = services.now();
  const messages = services.i18n.messagesFor(locale);
  const format = (key: Parameters<typeof messageRef>[0], values?: Record<string, string | number>) =>
    formatMessageRef(messages, messageRef(key, values), locale);
  return {
    now,
    lang: toLanguageTag(locale),
    messages,
    format,
    lookups: listingLookups(services),
    notBefore: notBeforeOf(now),
  };
}

export type PublicPageContext = ReturnType<typeof publicPageContext>;
