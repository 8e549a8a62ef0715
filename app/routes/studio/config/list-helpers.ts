// Browser-safe helpers shared by the /studio/config list pages.
import type { MessageKey } from "../../../lib/i18n.tsx";

export const CLIENTS_PATH = "/studio/config/clients";
export const USER_PROFILES_PATH = "/studio/config/user-profiles";
/** The client list's parameter naming the client just deleted on its own page (for the toast). */
export const DELETED_PARAM = "deleted";

/** The list's own query string without paging (an export has every row that matches). */
export function exportHref(search: URLSearchParams): string {
  const params = new URLSearchParams(search);
  for (const name of ["page", "pageSize", "format"]) params.delete(name);
  params.set("format", "csv");
  return `?${params.toString()}`;
}

/** The page title "{page} · Reeltime" in the visitor's language (root loader's messages). */
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
