// Browser-safe names shared by the logs page and its loader: the tabs and the date-range parameters.

export const LOGS_PATH = "/studio/data/logs";
export const LOGS_TABS = ["changes", "auth", "imports"] as const;
export type LogsTab = (typeof LOGS_TABS)[number];
export const TAB_PARAM = "tab";
export const FROM_PARAM = "from";
export const TO_PARAM = "to";
/** The import run whose problems the dialog shows. */
export const RUN_PARAM = "run";

/** The link to a tab: the changes tab is the page itself; another tab starts without filters. */
export function tabHref(tab: LogsTab): string {
  return tab === "changes" ? LOGS_PATH : `${LOGS_PATH}?${TAB_PARAM}=${tab}`;
}
