// Loads locales/*.json once and serves each locale's messages with a content hash (for /_i18n URLs).
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "./locales.ts";
import { publicMessages, type PublicScope } from "./message-scope.ts";

export type Messages = Record<string, string>;

export type MessageCatalog = {
  /** Messages for a locale; keys the locale lacks fall back to English (a file not written yet). */
  messagesFor: (locale: Locale) => Messages;
  /** The part of messagesFor(locale) that public pages use, the site's or a page's (core/i18n/message-scope.ts). */
  publicMessagesFor: (locale: Locale, scope?: PublicScope) => Messages;
  /** Content hash of what messagesFor(locale) returns; changes whenever the messages do. */
  hashFor: (locale: Locale) => string;
  /** The locales that have a file of their own. */
  translated: ReadonlySet<Locale>;
  /**
   * The locales the interface offers: those whose file has every key of en.json (in LOCALES order).
   * A locale whose file is missing or unfinished is not offered, and requests for it fall back.
   */
  offered: readonly Locale[];
};

/** A locale file is finished when it has a non-empty text for every key of English. */
export function isComplete(messages: Messages, english: Messages): boolean {
  return Object.keys(english).every(
    (key) => typeof messages[key] === "string" && messages[key].trim() !== "",
  );
}

export async function loadMessageCatalog(directory: string): Promise<MessageCatalog> {
  const files = (await readdir(directory)).filter((f) => f.endsWith(".json"));
  const own = new Map<Locale, Messages>();
  for (const file of files) {
    const code = file.slice(0, -".json".length);
    if (!isLocale(code)) continue;
    const parsed: unknown = JSON.parse(await readFile(path.join(directory, file), "utf8"));
    own.set(code, parsed as Messages);
  }
  const english = own.get(DEFAULT_LOCALE);
  if (!english) throw new Error(`locales: ${DEFAULT_LOCALE}.json is missing in ${directory}`);

  const merged = new Map<
    Locale,
    { messages: Messages; publicOnly: Map<PublicScope, Messages>; hash: string }
  >();
  const entryFor = (locale: Locale) => {
    let entry = merged.get(locale);
    if (!entry) {
      const messages = { ...english, ...own.get(locale) };
      const hash = createHash("sha256").update(JSON.stringify(messages)).digest("hex").slice(0, 12);
      entry = { messages, publicOnly: new Map(), hash };
      merged.set(locale, entry);
    }
    return entry;
  };
  return {
    messagesFor: (locale) => entryFor(locale).messages,
    publicMessagesFor: (locale, scope = "site") => {
      const entry = entryFor(locale);
      let scoped = entry.publicOnly.get(scope);
      if (!scoped) {
        scoped = publicMessages(entry.messages, scope);
        entry.publicOnly.set(scope, scoped);
      }
      return scoped;
    },
    hashFor: (locale) => entryFor(locale).hash,
    translated: new Set(own.keys()),
    offered: LOCALES.filter((locale) => {
      const messages = own.get(locale);
      return messages !== undefined && isComplete(messages, english);
    }),
  };
}

export function messagesUrl(catalog: MessageCatalog, locale: Locale) {
  return `/_i18n/${catalog.hashFor(locale)}/${locale}/messages.json`;
}
