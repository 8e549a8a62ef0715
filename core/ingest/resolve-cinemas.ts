// Which cinema each feed row belongs to. A source configured on one cinema sends every row there. A chain's
// source maps the feed's site id to `cinemas.pos_site_id` (else the cinema's name) among the chain's
// cinemas. A source on neither (a city-wide scraper) maps by site id or by name across all open cinemas,
// and refuses a name two cinemas share rather than guess.
import { and, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { cinemas } from "../../db/schema/catalog.ts";
import type { FeedShowtime, ImportProblem } from "./feed.ts";

export type FeedCinemaTarget = { id: string; countryCode: string; timeZone: string };

export type CinemaResolver = (row: FeedShowtime) => FeedCinemaTarget | ImportProblem;

const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

export async function cinemaResolver(
  db: Database,
  scope: { cinemaId: string | null; chainId: string | null },
): Promise<CinemaResolver> {
  const columns = {
    id: cinemas.id,
    name: cinemas.name,
    countryCode: cinemas.countryCode,
    timeZone: cinemas.timeZone,
    posSiteId: cinemas.posSiteId,
  };
  if (scope.cinemaId) {
    const [cinema] = await db.select(columns).from(cinemas).where(eq(cinemas.id, scope.cinemaId));
    return (row) =>
      cinema ?? { where: row.where, field: "cinema", message: "ingest.problem.sourceCinemaMissing" };
  }
  const conditions: SQL[] = [eq(cinemas.status, "open")];
  if (scope.chainId) conditions.push(eq(cinemas.chainId, scope.chainId));
  const candidates = await db
    .select(columns)
    .from(cinemas)
    .where(and(...conditions));
  const bySite = new Map<string, FeedCinemaTarget>();
  const byName = new Map<string, FeedCinemaTarget | "ambiguous">();
  for (const cinema of candidates) {
    if (cinema.posSiteId) bySite.set(cinema.posSiteId, cinema);
    const key = fold(cinema.name);
    byName.set(key, byName.has(key) ? "ambiguous" : cinema);
  }
  return (row) => {
    const site = row.cinemaRef ? bySite.get(row.cinemaRef) : undefined;
    if (site) return site;
    const named = row.cinemaName ? byName.get(fold(row.cinemaName)) : undefined;
    if (named && named !== "ambiguous") return named;
    const cinema = row.cinemaName ?? row.cinemaRef ?? "";
    return {
      where: row.where,
      field: "cinema",
      message: named === "ambiguous" ? "ingest.problem.ambiguousCinema" : "ingest.problem.unknownCinema",
      values: { cinema },
    };
  };
}
