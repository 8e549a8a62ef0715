// Which messages a page ships. Public pages (everything outside /studio) carry only the texts they use:
// the whole catalogue is ~140 KB and would otherwise be serialised into every public page's HTML.
// The studio keeps the full catalogue (its pages, forms and errors use nearly all of it).
import type { Messages } from "./message-catalog.ts";

/** Prefixes (namespaces or single keys) used by the public pages; message-scope.test.ts scans them. */
export const PUBLIC_MESSAGE_PREFIXES = [
  "app.",
  "attributeCategory.",
  "availability.",
  "colourMode.",
  "common.",
  "consent.",
  "cookies.",
  "error.backHome",
  "error.forbidden",
  "error.generic",
  "error.notFound",
  "error.title",
  "footer.",
  "home.",
  "locale.",
  // the cookie statement lists the API console's stored queries with the studio's own wording
  "studio.apiLookup.storagePurpose",
] as const;

export function isPublicMessageKey(key: string): boolean {
  return PUBLIC_MESSAGE_PREFIXES.some((prefix) =>
    prefix.endsWith(".") ? key.startsWith(prefix) : key === prefix,
  );
}

export function publicMessages(messages: Messages): Messages {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => isPublicMessageKey(key)));
}
