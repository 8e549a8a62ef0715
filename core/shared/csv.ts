// The one CSV writer of every export (studio list downloads and the data-tools export job): RFC 4180
// quoting, and the formula guard (OWASP "CSV injection"): text a spreadsheet would run as a formula gets a
// leading apostrophe, so a feed title like "=HYPERLINK(…)" or "@SUM(…)" stays text.

export type CsvValue = unknown;

/** Text that starts like a formula: =, +, -, @, tab or carriage return first. A plain number is not one. */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export type CsvOptions = {
  /** How booleans read: "yes"/"no" for people (list downloads), "true"/"false" for data dumps. */
  booleans?: "words" | "literals";
};

/** One CSV field: dates as ISO 8601, objects and arrays as JSON, quoted when needed, formulas defused. */
export function csvField(value: CsvValue, options: CsvOptions = {}): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === "boolean")
    text = options.booleans === "literals" ? String(value) : value ? "yes" : "no";
  else if (typeof value === "object") text = JSON.stringify(value);
  else text = String(value);
  if (typeof value !== "number" && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  const needsQuotes = /[",\r\n]/.test(text) || text.trim() !== text;
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its CRLF line end. */
export function csvRecord(values: readonly CsvValue[], options: CsvOptions = {}): string {
  return `${values.map((value) => csvField(value, options)).join(",")}\r\n`;
}

/** A CSV document: header row, then the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => csvRecord(row)).join("");
}
