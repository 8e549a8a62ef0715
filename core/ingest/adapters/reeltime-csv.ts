// Reeltime's native CSV feed: a header row naming the columns (any order, unknown ones ignored),
// "," or ";" as the delimiter, a BOM tolerated. Each line reads into the native row, so the checks
// and the mapping are the JSON format's (docs/feeds/reeltime-native.md).
import { Readable } from "node:stream";
import { type Options, Parser } from "csv-parse";
import { parse as parseCsv } from "csv-parse/sync";
import { type FeedAdapter, FeedParseError, type ParsedFeed } from "../feed.ts";
import { FeedCollector } from "./feed-collector.ts";
import { readNativeRow } from "./native-row.ts";
import { type Read, RowCheck, readBoolean, readInt, readStringList, readText } from "./read-values.ts";

type Column = { path: string; read: (cell: string) => Read<unknown> };

const text: Column["read"] = readText;
const int: Column["read"] = readInt;
const list: Column["read"] = (cell) => readStringList(cell, "|");

/** CSV column → the native row's field (a dotted path) and how its text reads. */
const COLUMNS: Record<string, Column> = {
  id: { path: "id", read: text },
  cinema: { path: "cinema", read: text },
  cinema_id: { path: "cinemaId", read: text },
  title: { path: "title", read: text },
  starts_at: { path: "startsAt", read: text },
  feature_starts_at: { path: "featureStartsAt", read: text },
  ends_at: { path: "endsAt", read: text },
  auditorium: { path: "auditorium", read: text },
  attributes: { path: "attributes", read: list },
  audio_language: { path: "audioLanguage", read: text },
  subtitles: { path: "subtitles", read: list },
  booking_url: { path: "bookingUrl", read: text },
  price_min: { path: "price.min", read: int },
  price_max: { path: "price.max", read: int },
  currency: { path: "price.currency", read: text },
  seats_available: { path: "seatsAvailable", read: int },
  seats_total: { path: "seatsTotal", read: int },
  availability: { path: "availability", read: text },
  cancelled: { path: "cancelled", read: readBoolean },
  year: { path: "film.year", read: int },
  runtime_minutes: { path: "film.runtimeMinutes", read: int },
  language: { path: "film.language", read: text },
  imdb_id: { path: "film.imdbId", read: text },
  tmdb_id: { path: "film.tmdbId", read: int },
  wikidata_id: { path: "film.wikidataId", read: text },
};
const COLUMN_OF_PATH = new Map(Object.entries(COLUMNS).map(([column, { path }]) => [path, column]));
const REQUIRED = ["title", "starts_at"];

/** The delimiter the header line uses most, outside quotes. */
function delimiterOf(input: string): "," | ";" {
  const end = input.indexOf("\n");
  const header = end < 0 ? input : input.slice(0, end);
  const unquoted = header.replace(/"[^"]*"/g, "");
  return (unquoted.match(/;/g)?.length ?? 0) > (unquoted.match(/,/g)?.length ?? 0) ? ";" : ",";
}

/** Each path split once, not once per cell (a million-row feed has millions of cells). */
const PATH_PARTS = new Map(
  Object.values(COLUMNS).map(({ path }) => [path, path.split(".") as [string, string | undefined]]),
);

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const [head, tail] = PATH_PARTS.get(path) ?? (path.split(".") as [string, string | undefined]);
  if (tail === undefined) target[head] = value;
  else target[head] = { ...(target[head] as Record<string, unknown> | undefined), [tail]: value };
}

type CsvRecord = { record: string[]; info: { lines: number } };

function csvOptions(input: string, feed: FeedCollector): Options {
  return {
    bom: true,
    delimiter: delimiterOf(input.replace(/^\uFEFF/, "")),
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      const line = typeof error?.lines === "number" ? error.lines : 0;
      feed.problem({ where: `line ${line}`, field: "", message: "ingest.problem.csvRow", values: {} });
      return undefined;
    },
  };
}

/** A CSV error that ends the whole reading, as the run reports it. */
function unreadable(error: unknown): FeedParseError {
  const line = typeof error === "object" && error !== null && "lines" in error ? Number(error.lines) : 0;
  return new FeedParseError("ingest.problem.invalidCsv", {}, line ? `line ${line}` : "");
}

const fieldName = (path: string) => COLUMN_OF_PATH.get(path) ?? (path === "date" ? "starts_at" : path);

/** Reads the records in order into the collector: the first is the header, each next one a showtime. */
function recordReader(feed: FeedCollector): (record: CsvRecord) => void {
  let names: string[] | undefined;
  return ({ record, info }) => {
    if (!names) {
      names = record.map((name) => name.trim().toLowerCase());
      for (const column of REQUIRED) {
        if (!names.includes(column))
          throw new FeedParseError("ingest.problem.csvColumnMissing", { column }, "line 1");
      }
      return;
    }
    const check = new RowCheck(`line ${info.lines}`);
    const row: Record<string, unknown> = {};
    names.forEach((name, index) => {
      const column = COLUMNS[name];
      const cell = record[index];
      if (!column || cell === undefined || cell.trim() === "") return;
      const value = check.get(name, column.read(cell));
      if (value !== undefined) setPath(row, column.path, value);
    });
    const { showtime, problems } = readNativeRow(row, check.where, fieldName);
    // a cell that did not read (price "abc") is reported once, as the cell's own problem
    const own = new Set(check.problems.map((p) => p.field));
    feed.problem(...check.problems, ...problems.filter((p) => !own.has(p.field)));
    if (showtime && !check.failed) feed.showtime(showtime);
  };
}

function parse(input: string): ParsedFeed {
  const feed = new FeedCollector();
  const read = recordReader(feed);
  let records: CsvRecord[];
  try {
    // `info: true` wraps each record; the typings do not follow the option
    records = parseCsv(input, csvOptions(input, feed)) as unknown as CsvRecord[];
  } catch (error) {
    throw unreadable(error);
  }
  for (const record of records) read(record);
  return feed.result();
}

/** The input in slices of about a megabyte, each ending at a line break (never inside a character). */
function* slices(input: string): Generator<string> {
  for (let start = 0; start < input.length;) {
    const cut = input.indexOf("\n", start + 1_048_576);
    const end = cut < 0 ? input.length : cut + 1;
    yield input.slice(start, end);
    start = end;
  }
}

/** The streaming reading of parse(): csv-parse's stream fed a slice at a time. */
async function* parts(input: string, size: number): AsyncGenerator<ParsedFeed> {
  const feed = new FeedCollector();
  const read = recordReader(feed);
  const parser = Readable.from(slices(input)).pipe(new Parser(csvOptions(input, feed)));
  try {
    for await (const record of parser as AsyncIterable<CsvRecord>) {
      read(record);
      if (feed.size >= size) yield feed.take();
    }
  } catch (error) {
    throw error instanceof FeedParseError ? error : unreadable(error);
  } finally {
    parser.destroy();
  }
  yield feed.take();
}

export const reeltimeCsvAdapter: FeedAdapter = { format: "reeltime-csv", parse, parts };
