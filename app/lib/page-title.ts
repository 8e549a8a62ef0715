// Page titles "{page} · Reeltime" in the visitor's language: meta() runs where hooks do not, so the
// messages come from the root loader's data among the route matches.
import type { MetaDescriptor } from "react-router";
import type { MessageKey } from "./i18n.tsx";

function rootMessages(matches: readonly unknown[]): Record<string, string> | undefined {
  for (const match of matches) {
    if (typeof match !== "object" || match === null || !("id" in match) || match.id !== "root") continue;
    const data = "loaderData" in match ? match.loaderData : undefined;
    if (typeof data === "object" && data !== null && "messages" in data)
      return data.messages as Record<string, string> | undefined;
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
