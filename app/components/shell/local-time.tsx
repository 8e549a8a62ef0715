import { useEffect, useEffectEvent, useSyncExternalStore } from "react";
import { useIntl } from "react-intl";
import { useFetcher, useRouteLoaderData } from "react-router";
import { formatDateTime } from "../../lib/date-time.ts";

const noSubscription = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zone the profile keeps (the admin layout's data): null when none is kept yet, undefined outside the studio. */
function useStoredTimeZone(): string | null | undefined {
  const data: unknown = useRouteLoaderData("layouts/admin-layout");
  if (typeof data !== "object" || data === null || !("timeZone" in data)) return undefined;
  return typeof data.timeZone === "string" ? data.timeZone : null;
}

/**
 * The zone studio times are shown in: the one kept in the profile, so the server renders what the browser
 * will. Until one is kept (the first visit) the server renders UTC and the browser its own zone.
 */
export function useTimeZone(): string {
  const stored = useStoredTimeZone();
  const fallback = useSyncExternalStore(noSubscription, browserZone, () => "UTC");
  return stored ?? fallback;
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
    void fetcher.submit({ timeZone: browserZone() }, { method: "post", action: "/studio/session/time-zone" });
  });
  useEffect(() => {
    if (stored === null) keep();
  }, [stored]);
  return null;
}
