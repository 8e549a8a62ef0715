// The studio's messages travel by URL (SPEC §7): /_i18n/{hash}/{locale}/messages.json, content-hashed,
// so a URL's messages never change. One registry keyed by that URL serves both sides: the server's
// render (the root loader registers the catalogue it names) and the browser (entry.client.tsx loads the
// document's catalogue before hydrating, the root's clientLoader any other one a navigation names).
import { isMessageRecord } from "../../core/i18n/locales.ts";
import type { Messages } from "../../core/i18n/message-catalog.ts";

export type { Messages };

/** The document's `<link rel="preload">` naming its catalogue, which the browser starts fetching at once. */
export const MESSAGES_PRELOAD_SELECTOR = "link[data-messages]";

const catalogues = new Map<string, Messages>();
// In the browser: the catalogue shown last, kept when another one cannot be loaded.
let lastLoaded: Messages | undefined;

export function registerCatalogue(url: string, messages: Messages) {
  catalogues.set(url, messages);
}

export function catalogueAt(url: string | null | undefined): Messages | undefined {
  return url ? catalogues.get(url) : undefined;
}

/** The catalogue at `url`, fetched once (the preload or the HTTP cache usually answers at once). */
export async function loadCatalogue(url: string): Promise<Messages> {
  const known = catalogues.get(url);
  if (known) return (lastLoaded = known);
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`messages ${url}: HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (!isMessageRecord(body)) throw new Error(`messages ${url}: not a catalogue`);
  catalogues.set(url, body);
  return (lastLoaded = body);
}

/**
 * The catalogue to render with: the one `url` names when it is here, else (in the browser, after a
 * failed load) the one shown last, so the page keeps its language's text rather than message ids.
 */
export function catalogueOrLast(url: string | null | undefined): Messages {
  return catalogueAt(url) ?? lastLoaded ?? {};
}

/** A failed load is a warning (SPEC §8), never an error the visitor sees: the text on screen stays. */
export function warnCatalogueFailed(url: string, error: unknown) {
  console.warn(`messages: ${url} could not be loaded; the page keeps the text it has`, error);
}
