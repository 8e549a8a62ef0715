// Veezi API v1 JSON: a sessions or web-sessions array, one session, a films array, or a combined
// { "films": [...], "sessions": [...] } document whose films add hints to the sessions.
import { type FeedAdapter, FeedParseError, type ParsedFeed } from "../feed.ts";
import { isRecord, parseJsonText } from "./parse-json-text.ts";
import { readVeeziDocument, type VeeziDocument } from "./veezi-document.ts";

const isSession = (item: unknown) =>
  isRecord(item) && ("FeatureStartTime" in item || "PreShowStartTime" in item || "FilmId" in item);
const isFilm = (item: unknown) => isRecord(item) && ("OpeningDate" in item || "Duration" in item);

/** the first array among the keys, whatever their casing */
function listAt(document: Record<string, unknown>, keys: string[]): unknown[] | undefined {
  const lower = new Map(Object.entries(document).map(([key, value]) => [key.toLowerCase(), value]));
  const found = keys.map((key) => lower.get(key.toLowerCase())).find(Array.isArray);
  return found as unknown[] | undefined;
}

function documentOf(json: unknown): VeeziDocument {
  if (Array.isArray(json)) {
    if (json.length === 0 || isSession(json[0])) return { sessions: json, films: [] };
    if (isFilm(json[0])) return { sessions: [], films: json };
  } else if (isRecord(json)) {
    const sessions = listAt(json, ["sessions", "webSessions", "web_sessions"]);
    const films = listAt(json, ["films"]);
    if (sessions || films) return { sessions: sessions ?? [], films: films ?? [] };
    if (isSession(json)) return { sessions: [json], films: [] };
    if (isFilm(json)) return { sessions: [], films: [json] };
  }
  throw new FeedParseError("ingest.problem.unexpectedShape", { format: "Veezi" });
}

function parse(input: string): ParsedFeed {
  return readVeeziDocument(documentOf(parseJsonText(input)));
}

export const veeziJsonAdapter: FeedAdapter = { format: "veezi-json", parse };
