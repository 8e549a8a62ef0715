import { useEffect, useEffectEvent, useSyncExternalStore } from "react";
import { useIntl } from "react-intl";
import { useFetcher, useRouteLoaderData } from "react-router";
import { isInformativeTimeZone } from "../../../core/account/time-zone.ts";
import { formatDateTime } from "../../lib/date-time.ts";

const noSubscription = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
/** The browser's zone when it says where its user is (not a server's or kiosk's UTC), else null. */
const informativeBrowserZone = () => {
  const zone = browserZone();
  return isInformativeTimeZone(zone) ? zone : null;
};
const noBrowserZone = () => null;

/** The admin layout's data, or null outside the studio. */
function useStudioLayoutData(): Record<string, unknown> | null {
  const data: unknown = useRouteLoaderData("layouts/admin-layout");
  return typeof data === "object" && data !== null && "timeZone" in data
    ? (data as Record<string, unknown>)
    : null;
}

/** The zone the profile keeps (the admin layout's data): null when none is kept yet, undefined outside the studio. */
function useStoredTimeZone(): string | null | undefined {
  const data = useStudioLayoutData();
  if (!data) return undefined;
  return typeof data.timeZone === "string" ? data.timeZone : null;
}

/**
 * The zone studio times are shown in: the one kept in the profile, so the server renders what the browser
 * will. Until one is kept (the first visit), the browser's own zone; on the server, and where the browser
 * reports only UTC, the client's country's zone (the admin layout's fallbackTimeZone); UTC, named, last.
 */
export function useTimeZone(): string {
  const stored = useStoredTimeZone();
  const data = useStudioLayoutData();
  const browser = useSyncExternalStore(noSubscription, informativeBrowserZone, noBrowserZone);
  const fallback = typeof data?.fallbackTimeZone === "string" ? data.fallbackTimeZone : null;
  return stored ?? browser ?? fallback ?? "UTC";
}

/** Formats a moment in the studio's one format: in `timeZone` (a cinema's) or the user's zone. */
export function useFormatDateTime(): (value: string | Date, timeZone?: string) => string {
  const intl = useIntl();
  const zone = useTimeZone();
  return (value, timeZone) => formatDateTime(intl.locale, value, timeZone ?? zone);
}

/** A moment as `<time>`: date, time and the zone's name ("Nov 25, 2026, 2:05 PM GMT+1"). */
export function LocalTime({ iso, timeZone }: { iso: string; timeZone?: string }) {
  const format = useFormatDateTime();
  return <time dateTime={iso}>{format(iso, timeZone)}</time>;
}

/** Keeps the browser's zone in the profile when it keeps none yet (mount once in the studio frame). */
export function TimeZoneSync(): null {
  const stored = useStoredTimeZone();
  const fetcher = useFetcher({ key: "time-zone" });
  const keep = useEffectEvent(() => {
    if (fetcher.state !== "idle" || fetcher.data !== undefined) return;
    // A browser that reports only UTC says nothing of where its user is: the client's country stands in.
    const zone = informativeBrowserZone();
    if (!zone) return;
    void fetcher.submit({ timeZone: zone }, { method: "post", action: "/studio/session/time-zone" });
  });
  useEffect(() => {
    if (stored === null) keep();
  }, [stored]);
  return null;
}
