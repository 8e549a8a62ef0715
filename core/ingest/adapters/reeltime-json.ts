// Reeltime's native JSON feed: { "showtimes": [...] } or a bare array (docs/feeds/reeltime-native.md).
// The community scraper shape {title, url, cinema, date} reads as native rows through the aliases.
import { type FeedAdapter, FeedParseError, type ParsedFeed } from "../feed.ts";
import { FeedCollector } from "./feed-collector.ts";
import { readNativeRow } from "./native-row.ts";
import { isRecord, parseJsonText } from "./parse-json-text.ts";

/** The document's rows and where they sit ("showtimes[3]" or "[3]"). */
function rowsOf(input: string): { rows: unknown[]; prefix: string } {
  const document = parseJsonText(input);
  const rows = Array.isArray(document) ? document : isRecord(document) ? document.showtimes : undefined;
  if (!Array.isArray(rows))
    throw new FeedParseError("ingest.problem.unexpectedShape", { format: "Reeltime JSON" });
  return { rows, prefix: Array.isArray(document) ? "" : "showtimes" };
}

function readRow(feed: FeedCollector, raw: unknown, where: string) {
  const { showtime, problems } = readNativeRow(raw, where);
  if (showtime) feed.showtime(showtime);
  feed.problem(...problems);
}

function parse(input: string): ParsedFeed {
  const { rows, prefix } = rowsOf(input);
  const feed = new FeedCollector();
  rows.forEach((raw, index) => readRow(feed, raw, `${prefix}[${index}]`));
  return feed.result();
}

/** JSON is parsed whole (natively, fast); its rows are checked a part at a time. */
async function* parts(input: string, size: number): AsyncGenerator<ParsedFeed> {
  const { rows, prefix } = rowsOf(input);
  const feed = new FeedCollector();
  for (let index = 0; index < rows.length; index += 1) {
    readRow(feed, rows[index], `${prefix}[${index}]`);
    if (feed.size >= size) yield feed.take();
  }
  yield feed.take();
}

export const reeltimeJsonAdapter: FeedAdapter = { format: "reeltime-json", parse, parts };
