// Browser-safe helpers shared by the /studio/config list pages.

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
