// Reeltime's native JSON feed: { "showtimes": [...] } or a bare array (docs/feeds/reeltime-native.md).
// The community scraper shape {title, url, cinema, date} reads as native rows through the aliases.
import { type FeedAdapter, FeedParseError, type ParsedFeed } from "../feed.ts";
import { FeedCollector } from "./feed-collector.ts";
import { readNativeRow } from "./native-row.ts";
import { isRecord, parseJsonText } from "./parse-json-text.ts";

function parse(input: string): ParsedFeed {
  const document = parseJsonText(input);
  const rows = Array.isArray(document) ? document : isRecord(document) ? document.showtimes : undefined;
  if (!Array.isArray(rows))
    throw new FeedParseError("ingest.problem.unexpectedShape", { format: "Reeltime JSON" });
  const prefix = Array.isArray(document) ? "" : "showtimes";
  const feed = new FeedCollector();
  rows.forEach((raw, index) => {
    const { showtime, problems } = readNativeRow(raw, `${prefix}[${index}]`);
    if (showtime) feed.showtime(showtime);
    feed.problem(...problems);
  });
  return feed.result();
}

export const reeltimeJsonAdapter: FeedAdapter = { format: "reeltime-json", parse };
