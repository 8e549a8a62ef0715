// Browser-safe helpers shared by the /studio/config list pages.

export const CLIENTS_PATH = "/studio/config/clients";
export const USER_PROFILES_PATH = "/studio/config/user-profiles";
/** The client list's parameter naming the client just deleted on its own page (for the toast). */
export const DELETED_PARAM = "deleted";

// The CSV link of a list page: now with the list-page scaffold.
export { exportHref } from "../../../components/studio/list-page.tsx";
