// Page titles "{page} · Reeltime" in the visitor's language: meta() runs where hooks do not, so the
// messages come from the root loader's data among the route matches.
import type { MessageKey } from "./i18n.tsx";

export function titleFrom(matches: readonly unknown[], key: MessageKey, fallback: string): string {
  for (const match of matches) {
    if (typeof match !== "object" || match === null || !("id" in match) || match.id !== "root") continue;
    const data = "loaderData" in match ? match.loaderData : undefined;
    if (typeof data === "object" && data !== null && "messages" in data) {
      const messages = data.messages as Record<string, string> | undefined;
      return `${messages?.[key] ?? fallback} · Reeltime`;
    }
  }
  return `${fallback} · Reeltime`;
}
