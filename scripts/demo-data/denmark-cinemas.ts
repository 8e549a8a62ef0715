// Danish cinemas of the demo dataset: OpenStreetMap amenity=cinema (ODbL).
import type { CinemaDraft } from "./cinema-drafts.ts";
import { danishTown } from "./danish-towns.ts";
import { parseCsvRecords } from "./parse-csv.ts";
import { distanceKm, https, readText, round6, slugify, toInt } from "./source-values.ts";

/** Names that say nothing on their own: the town is appended ("Biografen" → "Biografen Glumsø"). */
const genericDanishNames = new Set([
  "bio",
  "biograf",
  "biografen",
  "biocity",
  "bio city",
  "nordisk film biografer",
  "nordisk films biografer",
  "cinemaxx",
]);

function danishChain(name: string, operator: string, website: string | null): string | null {
  const text = `${name} ${operator}`.toLowerCase();
  if (
    /nordisk films? biografer/.test(text) ||
    /nfbio\.dk|kino\.dk\/biografer\/nordisk-film/.test(website ?? "")
  )
    return "nordisk-film-biografer";
  if (/cinemaxx/.test(text) || /cinemaxx\.dk/.test(website ?? "")) return "cinemaxx";
  if (/^big ?bio\b/.test(name.toLowerCase()) || /bigbio\.dk/.test(website ?? "")) return "big-bio";
  // Palads in Copenhagen is Nordisk Film's flagship
  if (/^palads (biograferne|teatret)$/.test(name.toLowerCase())) return "nordisk-film-biografer";
  return null;
}

function screensFromName(name: string): number | null {
  const m = /\b1(?:-\d)+\b/.exec(name) ?? /\b1-(\d)\b/.exec(name);
  if (!m) return null;
  const parts = m[0].split("-").map(Number);
  const last = parts[parts.length - 1]!;
  return last >= 2 && last <= 20 ? last : null;
}

const normName = (s: string) => s.toLowerCase().replace(/[^a-zæøå0-9]/g, "");

export async function buildDenmark(): Promise<CinemaDraft[]> {
  const rows = parseCsvRecords(await readText("cinemas/dk_osm_cinemas_points.csv"));
  type Row = { r: Record<string, string>; lat: number; lon: number; website: string | null; filled: number };
  const candidates: Row[] = rows
    .filter((r) => (r["name"] ?? "") !== "")
    .map((r) => ({
      r,
      lat: Number(r["lat"]),
      lon: Number(r["lon"]),
      website: https(r["website"] || r["contact_we"]),
      filled: Object.values(r).filter((v) => v !== "").length,
    }))
    .filter((x) => Number.isFinite(x.lat) && Number.isFinite(x.lon))
    // richest element first, then lowest id: the one we keep when OSM has the same cinema twice
    .sort((a, b) => b.filled - a.filled || Number(a.r["osm_id"]) - Number(b.r["osm_id"]));

  // OSM often maps one cinema twice (a node and a building way): same name close by, or same web site next door.
  const kept: Row[] = [];
  for (const c of candidates) {
    const dup = kept.find(
      (k) =>
        (normName(k.r["name"]!) === normName(c.r["name"]!) && distanceKm(k.lat, k.lon, c.lat, c.lon) < 2) ||
        (k.website !== null && k.website === c.website && distanceKm(k.lat, k.lon, c.lat, c.lon) < 0.5),
    );
    if (!dup) kept.push(c);
  }

  const out: CinemaDraft[] = [];
  for (const { r, lat, lon, website } of kept) {
    let name = r["name"]!.replace(/\s+/g, " ").trim();
    const town = r["addr_city"] ? { city: r["addr_city"], km: 0 } : danishTown(name, lat, lon);
    if (town.km > Number(process.env.DK_WARN_KM ?? 15))
      console.warn(`DK: ${name} is ${town.km.toFixed(1)} km from ${town.city}`);
    if (genericDanishNames.has(name.toLowerCase())) name = `${name} ${town.city}`;
    if (/^big ?bio$/i.test(name)) name = `Big Bio ${town.city}`;
    const street = [r["addr_stree"], r["addr_house"]].filter(Boolean).join(" ");
    out.push({
      baseSlug: slugify(name),
      sortKey: `DK:${r["osm_type"]}/${r["osm_id"]!.padStart(12, "0")}`,
      name,
      chain: danishChain(name, r["operator"] ?? "", website),
      address: street || null,
      postalCode: r["addr_postc"] || null,
      city: town.city,
      country: "DK",
      lat: round6(lat),
      lon: round6(lon),
      approx: false,
      website,
      phone: r["phone"] || null,
      screens: toInt(r["screen"]) ?? screensFromName(name),
      seats: null,
      osm: `${r["osm_type"]}/${r["osm_id"]}`,
    });
  }
  return out;
}
