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
  // the site header's language picker on the sign-in pages submits (without JavaScript) with the studio's button,
  // and is a combobox with JavaScript (the default layout serves public pages too, so its texts ship here)
  "studio.switch",
  "ui.combobox.",
] as const;

/**
 * Namespaces only some public pages use, by the path those pages start with: the other pages do not
 * carry them. The root's data (which holds the messages) is revalidated when a navigation crosses from
 * one scope to another (root.tsx).
 */
export const PAGE_MESSAGE_SCOPES = {
  // the film page links to its "follow" form (/films/{slug}/follow), which shares the scope
  films: { path: "/films/", prefixes: ["film.", "follow."] },
  // the cinema page's day picker is the film page's
  cinemas: { path: "/cinemas/", prefixes: ["film.", "cinema."] },
  // a show's page (issue 25 point 6): its own texts and the "follow this film" form
  shows: { path: "/shows/", prefixes: ["show.", "follow."] },
  // the alert e-mails' confirm and unsubscribe pages
  alerts: { path: "/alerts/", prefixes: ["follow."] },
} as const satisfies Record<string, { path: string; prefixes: readonly string[] }>;

/** Which public messages a page carries: the site's, or the site's and its own page's. */
export type PublicScope = keyof typeof PAGE_MESSAGE_SCOPES | "site";

export function publicScopeOf(pathname: string): PublicScope {
  for (const [scope, page] of Object.entries(PAGE_MESSAGE_SCOPES))
    if (pathname.startsWith(page.path)) return scope as keyof typeof PAGE_MESSAGE_SCOPES;
  return "site";
}

const matches = (key: string, prefix: string) =>
  prefix.endsWith(".") ? key.startsWith(prefix) : key === prefix;

export function isPublicMessageKey(key: string, scope: PublicScope = "site"): boolean {
  if (PUBLIC_MESSAGE_PREFIXES.some((prefix) => matches(key, prefix))) return true;
  return scope !== "site" && PAGE_MESSAGE_SCOPES[scope].prefixes.some((prefix) => matches(key, prefix));
}

export function publicMessages(messages: Messages, scope: PublicScope = "site"): Messages {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => isPublicMessageKey(key, scope)));
}
