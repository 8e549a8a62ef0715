// Vista OCAPI v1: showtimes with the sites, films, screens and attributes they point at. Two shapes:
// the entity maps a client keeps ({ "showtimesById": { id: { "payload": {...} } }, "filmsById": … })
// and the plain lists ({ "showtimes": [...], "films": [...], "sites": [...] }, possibly under
// "relatedData"). Times carry their offset in OCAPI and stay as given.
import { type FeedAdapter, FeedParseError, type FeedShowtime, type ParsedFeed } from "../feed.ts";
import { compact, FeedCollector } from "./feed-collector.ts";
import { isRecord, parseJsonText } from "./parse-json-text.ts";
import {
  dateOfTimestamp,
  RowCheck,
  readCount,
  readDateTime,
  readText,
  readYearOfDate,
} from "./read-values.ts";

type Entity = Record<string, unknown>;
type Entities = { list: { entity: Entity; where: string }[]; byId: Map<string, Entity> };

/** OCAPI text is { "text": "Aldgate", "translations": [...] } or, in some versions, a plain string. */
const textOf = (value: unknown) => readText(isRecord(value) ? value.text : value);
const textValue = (value: unknown) => {
  const read = textOf(value);
  return read.ok ? read.value : undefined;
};
const numberOf = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/** The entities of one kind: "showtimesById" (unwrapping "payload") or the "showtimes" list. */
function entities(document: Entity, name: string): Entities {
  const related = isRecord(document.relatedData) ? document.relatedData : {};
  const map = document[`${name}ById`];
  const list: Entities["list"] = [];
  if (isRecord(map)) {
    for (const [key, value] of Object.entries(map)) {
      const entity = isRecord(value) && "payload" in value ? value.payload : value;
      if (isRecord(entity)) list.push({ entity, where: `${name}ById.${key}` });
    }
  } else {
    const items = Array.isArray(document[name])
      ? document[name]
      : Array.isArray(related[name])
        ? related[name]
        : [];
    (items as unknown[]).forEach((entity, index) => {
      if (isRecord(entity)) list.push({ entity, where: `${name}[${index}]` });
    });
  }
  const byId = new Map<string, Entity>();
  for (const { entity } of list) if (typeof entity.id === "string") byId.set(entity.id, entity);
  return { list, byId };
}

function readShowtime(
  showtime: Entity,
  where: string,
  related: { sites: Entities; films: Entities; screens: Entities; attributes: Entities },
): { check: RowCheck; showtime?: FeedShowtime } {
  const check = new RowCheck(where);
  const schedule = isRecord(showtime.schedule) ? showtime.schedule : {};
  const ref = check.require("id", readText(showtime.id));
  const filmId = check.require("filmId", readText(showtime.filmId));
  const film = filmId ? related.films.byId.get(filmId) : undefined;
  if (filmId && !film) check.add("filmId", "ingest.problem.unknownFilm", { film: filmId });
  const title = film ? check.require("film.title", textOf(film.title)) : undefined;
  const startsAt = check.require("schedule.startsAt", readDateTime(schedule.startsAt));
  const featureStartsAt = check.get("schedule.filmStartsAt", readDateTime(schedule.filmStartsAt));
  const endsAt = check.get("schedule.endsAt", readDateTime(schedule.filmEndsAt ?? schedule.endsAt));
  const siteId = check.get("siteId", readText(showtime.siteId));
  if (check.failed || !film || ref === undefined || title === undefined || startsAt === undefined)
    return { check };

  const site = siteId ? related.sites.byId.get(siteId) : undefined;
  const screen =
    typeof showtime.screenId === "string" ? related.screens.byId.get(showtime.screenId) : undefined;
  const attributeIds = Array.isArray(showtime.attributeIds) ? showtime.attributeIds : [];
  const attributes = attributeIds.flatMap((id) => {
    const name = typeof id === "string" ? textValue(related.attributes.byId.get(id)?.name) : undefined;
    return name ? [name] : [];
  });
  if (showtime.requires3dGlasses === true) attributes.push("3D");
  const runtime = readCount(film.runtimeInMinutes);
  const year = readYearOfDate(film.releaseDate);
  return {
    check,
    showtime: compact<FeedShowtime>({
      ref,
      where,
      cinemaRef: siteId,
      cinemaName: site ? textValue(site.name) : undefined,
      title,
      startsAt,
      featureStartsAt,
      endsAt,
      auditorium: screen ? textValue(screen.name) : undefined,
      attributes: [...new Set(attributes)],
      subtitleLanguages: [],
      availability: showtime.isSoldOut === true ? "sold-out" : undefined,
      hints: compact({
        runtimeMinutes: runtime.ok && runtime.value ? runtime.value : undefined,
        year: year.ok ? year.value : undefined,
        releaseDate: dateOfTimestamp(film.releaseDate),
      }),
    }),
  };
}

function parse(input: string): ParsedFeed {
  const document = parseJsonText(input);
  if (!isRecord(document) || !("showtimesById" in document || Array.isArray(document.showtimes))) {
    throw new FeedParseError("ingest.problem.unexpectedShape", { format: "Vista OCAPI" });
  }
  const related = {
    sites: entities(document, "sites"),
    films: entities(document, "films"),
    screens: entities(document, "screens"),
    attributes: entities(document, "attributes"),
  };
  const feed = new FeedCollector();
  for (const { entity: site } of related.sites.list) {
    const ref = readText(site.id);
    const name = textValue(site.name);
    if (!ref.ok || !ref.value || !name) continue;
    const location = isRecord(site.location) ? site.location : {};
    feed.cinema(
      compact({
        ref: ref.value,
        name,
        latitude: numberOf(location.latitude),
        longitude: numberOf(location.longitude),
        timeZone: textValue(site.ianaTimeZoneName ?? site.timeZone),
      }),
    );
  }
  for (const { entity, where } of entities(document, "showtimes").list) {
    const { check, showtime } = readShowtime(entity, where, related);
    feed.problem(...check.problems);
    if (showtime) feed.showtime(showtime);
  }
  return feed.result();
}

export const vistaOcapiAdapter: FeedAdapter = { format: "vista-ocapi", parse };
