// The time zone the studio shows times in (profiles.time_zone): an IANA name such as "Europe/Amsterdam".
// Pure: the profile form checks it in the browser too.

/** The zone's canonical IANA name ("asia/tokyo" → "Asia/Tokyo"), or null when Intl does not know it. */
export function canonicalTimeZone(value: string): string | null {
  if (!value || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function isTimeZone(value: string): boolean {
  return canonicalTimeZone(value) !== null;
}

/** The zones a person can choose, by name (with UTC, which Intl's list leaves out). */
export function timeZoneChoices(): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes("UTC") ? zones : [...zones, "UTC"].sort();
}

/**
 * Whether a browser's zone says where its user is: "UTC" and "Etc/…" are what servers, containers and
 * kiosks report, so the studio then shows the client's country's zone rather than UTC.
 */
export function isInformativeTimeZone(zone: string): boolean {
  return zone !== "UTC" && zone !== "GMT" && !zone.startsWith("Etc/");
}
