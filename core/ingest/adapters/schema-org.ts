// schema.org ScreeningEvent / Event JSON-LD: one object, an array, an @graph, or an HTML page carrying
// it in <script type="application/ld+json"> blocks. Other node types (Movie, MovieTheater) are read
// only where an event points at them.
import * as cheerio from "cheerio";
import type { FeedAdapter, FeedAvailability, FeedShowtime, ParsedFeed } from "../feed.ts";
import { FeedParseError } from "../feed.ts";
import { compact, FeedCollector } from "./feed-collector.ts";
import { isRecord, parseJsonText } from "./parse-json-text.ts";
import {
  dateOfTimestamp,
  RowCheck,
  readDateTime,
  readDecimalPrice,
  readIsoDurationMinutes,
  readText,
  readUrl,
  readYearOfDate,
} from "./read-values.ts";
import { stableRef } from "./stable-ref.ts";

type Node = Record<string, unknown>;

const EVENT_TYPES = new Set(["ScreeningEvent", "Event"]);
/** properties under which a node lists events of its own (a MovieTheater's programme, an ItemList) */
const NESTED = ["@graph", "event", "events", "subEvent", "subEvents", "itemListElement", "item"];

const typesOf = (node: Node) =>
  (Array.isArray(node["@type"]) ? node["@type"] : [node["@type"]])
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.replace(/^https?:\/\/schema\.org\//, ""));
const isEvent = (node: Node) => typesOf(node).some((t) => EVENT_TYPES.has(t));
const asList = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
const first = (value: unknown) => asList(value)[0];
/** the last segment of a schema.org enumeration URL: "https://schema.org/SoldOut" → "SoldOut" */
const enumName = (value: unknown) => (typeof value === "string" ? value.replace(/^.*[/#]/, "") : undefined);

/** Every node of a JSON-LD document in document order, events nested in others included. */
function nodesOf(document: unknown, depth = 0): Node[] {
  if (depth > 8) return [];
  if (Array.isArray(document)) return document.flatMap((item) => nodesOf(item, depth + 1));
  if (!isRecord(document)) return [];
  const nested = NESTED.flatMap((key) => nodesOf(document[key], depth + 1));
  return [document, ...nested];
}

/** "en", {"name": "English"}, {"alternateName": "en"} */
function languageName(value: unknown): string | undefined {
  if (isRecord(value)) return languageName(value.alternateName ?? value.name);
  const read = readText(value);
  return read.ok ? read.value : undefined;
}

/**
 * A booking link when it is an absolute http(s) address. Pages often give relative ones ("/tickets/12"),
 * which a pure adapter cannot resolve: the link is left out, the showtime still imports.
 */
function absoluteUrl(value: unknown): string | undefined {
  const read = readUrl(value);
  return read.ok ? read.value : undefined;
}

const AVAILABILITY: Record<string, FeedAvailability> = {
  InStock: "available",
  OnlineOnly: "available",
  InStoreOnly: "available",
  LimitedAvailability: "few-left",
  SoldOut: "sold-out",
  OutOfStock: "sold-out",
};

function readEvent(
  event: Node,
  where: string,
  byId: Map<string, Node>,
): { showtime?: FeedShowtime; check: RowCheck } {
  const check = new RowCheck(where);
  const resolve = (value: unknown): Node => {
    const node = first(value);
    if (!isRecord(node)) return typeof node === "string" ? { name: node } : {};
    const id = typeof node["@id"] === "string" ? node["@id"] : undefined;
    return id && byId.has(id) ? { ...byId.get(id), ...node } : node;
  };
  const movie = resolve(event.workPresented);
  const location = resolve(event.location);
  const offers = asList(event.offers).filter(isRecord);

  const title = check.require("name", readText(movie.name ?? event.name));
  const startsAt = check.require("startDate", readDateTime(event.startDate));
  const endsAt = check.get("endDate", readDateTime(event.endDate));
  const cinemaName = check.get("location.name", readText(location.name));
  const cinemaRef = check.get("location", readText(location["@id"] ?? location.url));

  const prices: number[] = [];
  let currency: string | undefined;
  let bookingUrl: string | undefined;
  let availability: FeedAvailability | undefined;
  offers.forEach((offer, index) => {
    const field = `offers[${index}]`;
    for (const key of ["price", "lowPrice", "highPrice"]) {
      const price = check.get(`${field}.${key}`, readDecimalPrice(offer[key]));
      if (price !== undefined) prices.push(price);
    }
    currency ??= check.get(`${field}.priceCurrency`, readText(offer.priceCurrency));
    bookingUrl ??= absoluteUrl(offer.url);
    availability ??= AVAILABILITY[enumName(offer.availability) ?? ""];
  });
  bookingUrl ??= absoluteUrl(event.url);

  const runtimeMinutes = check.get("workPresented.duration", readIsoDurationMinutes(movie.duration));
  const year = check.get(
    "workPresented.dateCreated",
    readYearOfDate(movie.dateCreated ?? movie.datePublished),
  );
  const imdbId = asList(movie.sameAs)
    .map((url) => (typeof url === "string" ? /imdb\.com\/title\/(tt\d{7,})/.exec(url)?.[1] : undefined))
    .find(Boolean);
  if (check.failed || title === undefined || startsAt === undefined) return { check };

  const id = readText(event["@id"]);
  const url = readText(event.url);
  const ref =
    (id.ok && id.value) ||
    (url.ok && url.value ? `${url.value}#${startsAt}` : stableRef(cinemaRef ?? cinemaName, title, startsAt));
  const attributes = [...asList(event.videoFormat), ...asList(movie.videoFormat)]
    .map((format) => readText(format))
    .flatMap((read) => (read.ok && read.value ? [read.value] : []));
  return {
    check,
    showtime: compact<FeedShowtime>({
      ref,
      where,
      cinemaRef,
      cinemaName,
      title,
      startsAt,
      endsAt,
      attributes: [...new Set(attributes)],
      audioLanguage: languageName(event.inLanguage ?? movie.inLanguage),
      subtitleLanguages: asList(event.subtitleLanguage ?? movie.subtitleLanguage)
        .map(languageName)
        .filter((l): l is string => Boolean(l)),
      bookingUrl,
      priceMin: prices.length ? Math.min(...prices) : undefined,
      priceMax: prices.length ? Math.max(...prices) : undefined,
      currency,
      availability,
      cancelled: enumName(event.eventStatus) === "EventCancelled" ? true : undefined,
      hints: compact({
        year,
        releaseDate: dateOfTimestamp(movie.datePublished),
        runtimeMinutes,
        language: languageName(movie.inLanguage),
        imdbId,
      }),
    }),
  };
}

/** The JSON-LD documents of the input: the JSON itself, or each ld+json block of an HTML page. */
function documentsOf(input: string, feed: FeedCollector): { document: unknown; where: string }[] {
  const text = input.replace(/^\uFEFF/, "").trimStart();
  if (!text.startsWith("<")) {
    const document = parseJsonText(text);
    if (!isRecord(document) && !Array.isArray(document)) {
      throw new FeedParseError("ingest.problem.unexpectedShape", { format: "schema.org JSON-LD" });
    }
    return [{ document, where: "" }];
  }
  // htmlparser2 (xmlMode off) rather than parse5: script text stays raw, and deeply nested markup
  // does not slow it down the way parse5's tree construction does
  const $ = cheerio.load(text, { xml: { xmlMode: false } });
  const scripts = $('script[type="application/ld+json"]').toArray();
  if (scripts.length === 0) throw new FeedParseError("ingest.problem.noJsonLd");
  const documents: { document: unknown; where: string }[] = [];
  scripts.forEach((script, index) => {
    const where = `script[${index}]`;
    try {
      documents.push({
        document: parseJsonText($(script).text(), "ingest.problem.invalidJsonLd", where),
        where,
      });
    } catch (error) {
      if (!(error instanceof FeedParseError)) throw error;
      feed.problem({ where: error.where, field: "", message: error.reason, values: error.values });
    }
  });
  if (documents.length === 0) throw new FeedParseError("ingest.problem.invalidJsonLd", {}, "script[0]");
  return documents;
}

function parse(input: string): ParsedFeed {
  const feed = new FeedCollector();
  const documents = documentsOf(input, feed);
  const nodes = documents.flatMap(({ document, where }) =>
    nodesOf(document).map((node) => ({ node, where })),
  );
  const byId = new Map<string, Node>();
  for (const { node } of nodes) {
    const id = node["@id"];
    if (typeof id === "string" && Object.keys(node).some((key) => key !== "@id")) byId.set(id, node);
  }
  let count = 0;
  for (const { node, where } of nodes) {
    if (!isEvent(node)) continue;
    const { showtime, check } = readEvent(node, `${where}${where ? " " : ""}event[${count}]`, byId);
    count += 1;
    feed.problem(...check.problems);
    if (showtime) feed.showtime(showtime);
  }
  return feed.result();
}

export const schemaOrgAdapter: FeedAdapter = { format: "schema-org", parse };
