// Intl formatters are costly to build (tens of microseconds each) and a listing formats hundreds of
// times and prices: build each (language, options) pair once per process.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function dateTimeFormat(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, options);
    dateFormats.set(key, format);
  }
  return format;
}

export function numberFormat(lang: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * An instant as local date-time with the zone's offset, "2025-03-14T20:30:00+01:00": what schema.org
 * dates want, readable as the cinema's own time.
 */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  const format = dateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    timeZoneName: "longOffset",
  });
  for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  // "GMT+01:00", or plain "GMT" at offset zero.
  const offset = (parts.timeZoneName ?? "GMT").replace("GMT", "") || "+00:00";
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's name in a language ("NL" → "Nederland"), or the code itself when Intl has none. */
export function regionName(lang: string, code: string): string {
  let names = regionNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames(lang, { type: "region", fallback: "code" });
    regionNames.set(lang, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code; // not a well-formed region code
  }
}
