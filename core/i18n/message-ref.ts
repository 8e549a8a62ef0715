// A message reference: a message key of locales/en.json plus the values its ICU text needs, carried
// as one string ("validation.tooLong|{"max":200}"). zod schemas use references as their error
// messages, so one schema serves the browser (Conform) and the server, and whoever shows the error
// translates it in the reader's language. Nothing user-visible travels as English text.
import { IntlMessageFormat } from "intl-messageformat";
import type en from "../../locales/en.json";

export type MessageKey = keyof typeof en;
export type MessageValues = Record<string, string | number>;
/** `key` or `key|{json values}` */
export type MessageRef = string;

const SEPARATOR = "|";

export function messageRef(key: MessageKey, values?: MessageValues): MessageRef {
  return values && Object.keys(values).length > 0 ? `${key}${SEPARATOR}${JSON.stringify(values)}` : key;
}

/** The key and values of a reference; a malformed one is returned as its own key (and shows as such). */
export function parseMessageRef(ref: MessageRef): { key: string; values: MessageValues | undefined } {
  const at = ref.indexOf(SEPARATOR);
  if (at < 0) return { key: ref, values: undefined };
  try {
    const values: unknown = JSON.parse(ref.slice(at + 1));
    if (typeof values === "object" && values !== null && !Array.isArray(values))
      return { key: ref.slice(0, at), values: values as MessageValues };
  } catch {
    // fall through: not a reference with values
  }
  return { key: ref, values: undefined };
}

/** Formats a reference with a catalog (server side: e-mails, logs, tests). Unknown keys show the key. */
export function formatMessageRef(messages: Record<string, string>, ref: MessageRef, locale = "en"): string {
  const { key, values } = parseMessageRef(ref);
  const source = messages[key];
  if (source === undefined) return key;
  return String(new IntlMessageFormat(source, locale, undefined, { ignoreTag: true }).format(values));
}
