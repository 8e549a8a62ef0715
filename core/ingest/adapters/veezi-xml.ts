// Veezi API v1 XML: <ArrayOfSession>, one <Session>, <ArrayOfFilm>, or any wrapper element holding
// both. Entity declarations are refused before parsing (an entity bomb would blow up memory), and
// the parser never expands entities.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { type FeedAdapter, FeedParseError, type ParsedFeed } from "../feed.ts";
import { isRecord } from "./parse-json-text.ts";
import { readVeeziDocument } from "./veezi-document.ts";

const LISTED = new Set(["Session", "WebSession", "Film", "SalesChannel", "Attribute", "Person"]);
const CONTAINERS = new Set([
  "ArrayOfSession",
  "ArrayOfWebSession",
  "ArrayOfFilm",
  "Sessions",
  "WebSessions",
  "Films",
]);

const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * The five predefined entities and character references, decoded in one pass (the parser's own
 * entity processing is off): nothing a feed declares is ever expanded.
 */
export function decodeXmlText(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g, (entity, name: string) => {
    if (!name.startsWith("#")) return PREDEFINED[name] ?? entity;
    const code = name[1] === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => LISTED.has(name),
  tagValueProcessor: (_name, value) => decodeXmlText(value),
});

/** A DOCTYPE declaring entities is refused outright; indexOf keeps the check linear on any input. */
export function refuseEntityDeclarations(input: string) {
  const lower = input.toLowerCase();
  const doctype = lower.indexOf("<!doctype");
  if (doctype >= 0 && lower.indexOf("<!entity", doctype) >= 0) {
    throw new FeedParseError("ingest.problem.xmlEntities");
  }
}

/** The Session and Film elements of the document, at most a few levels down (wrappers). */
function collect(
  node: unknown,
  depth: number,
  found: { sessions: unknown[]; films: unknown[]; known: boolean },
) {
  if (!isRecord(node) || depth > 4) return;
  for (const [name, value] of Object.entries(node)) {
    if (name === "Session" || name === "WebSession") found.sessions.push(...(value as unknown[]));
    else if (name === "Film") found.films.push(...(value as unknown[]));
    else {
      if (CONTAINERS.has(name)) found.known = true;
      collect(value, depth + 1, found);
    }
  }
}

function parse(input: string): ParsedFeed {
  const text = input.replace(/^\uFEFF/, "");
  refuseEntityDeclarations(text);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new FeedParseError("ingest.problem.invalidXml", {}, valid.err.line ? `line ${valid.err.line}` : "");
  }
  const found = { sessions: [] as unknown[], films: [] as unknown[], known: false };
  let document: unknown;
  try {
    document = parser.parse(text);
  } catch {
    // the validator passed it, but the parser has limits of its own (nesting depth)
    throw new FeedParseError("ingest.problem.invalidXml");
  }
  collect(document, 0, found);
  if (!found.known && found.sessions.length === 0 && found.films.length === 0) {
    throw new FeedParseError("ingest.problem.unexpectedShape", { format: "Veezi" });
  }
  return readVeeziDocument(found);
}

export const veeziXmlAdapter: FeedAdapter = { format: "veezi-xml", parse };
