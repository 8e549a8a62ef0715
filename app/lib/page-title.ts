// Page titles "{page} · Reeltime" in the visitor's language: meta() runs where hooks do not, so the
// messages come from the root loader's data among the route matches: inline on public pages, by the
// catalogue's URL in the studio (app/lib/message-catalogues.ts).
import type { MetaDescriptor } from "react-router";
import type { MessageKey } from "./i18n.tsx";
import { catalogueOrLast, type Messages } from "./message-catalogues.ts";

function rootMessages(matches: readonly unknown[]): Messages | undefined {
  for (const match of matches) {
    if (typeof match !== "object" || match === null || !("id" in match) || match.id !== "root") continue;
    const data = "loaderData" in match ? match.loaderData : undefined;
    if (typeof data !== "object" || data === null) return undefined;
    if ("messages" in data && data.messages) return data.messages as Messages;
    if ("messagesUrl" in data && typeof data.messagesUrl === "string")
      return catalogueOrLast(data.messagesUrl);
  }
  return undefined;
}

export function titleFrom(matches: readonly unknown[], key: MessageKey, fallback: string): string {
  return `${rootMessages(matches)?.[key] ?? fallback} · Reeltime`;
}

/** A page's meta description (and its Open Graph twin) in the visitor's language; none without messages. */
export function descriptionFrom(matches: readonly unknown[], key: MessageKey): MetaDescriptor[] {
  const description = rootMessages(matches)?.[key];
  if (!description) return [];
  return [
    { name: "description", content: description },
    { property: "og:description", content: description },
  ];
}
