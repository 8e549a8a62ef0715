import { useSyncExternalStore } from "react";
import { useIntl } from "react-intl";

const noSubscription = () => () => {};

/**
 * A date and time in the reader's own time zone. The server does not know it, so it renders UTC (marked
 * as such); right after hydration the browser's zone takes over, without a hydration mismatch.
 */
export function LocalTime({ iso, style = "medium" }: { iso: string; style?: "short" | "medium" }) {
  const intl = useIntl();
  const timeZone = useSyncExternalStore(
    noSubscription,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => "UTC",
  );
  const text = intl.formatDate(iso, { dateStyle: style, timeStyle: "short", timeZone });
  return <time dateTime={iso}>{timeZone === "UTC" ? `${text} UTC` : text}</time>;
}
