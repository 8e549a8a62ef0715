// French cinemas of the demo dataset: CNC "Établissements cinématographiques" 2022 (Licence Ouverte 2.0).
import type { CinemaDraft } from "./cinema-drafts.ts";
import { chainWebsites } from "./demo-chains.ts";
import { frenchTitleCase } from "./french-names.ts";
import { parseCsvRecords } from "./parse-csv.ts";
import { readText, round6, slugify, toInt } from "./source-values.ts";

const programmateurChains: Record<string, string> = {
  "PATHE-GAUMONT": "pathe",
  CGR: "cgr",
  UGC: "ugc",
  MEGARAMA: "megarama",
  CINEVILLE: "cineville",
  KINEPOLIS: "kinepolis",
  MK2: "mk2",
  "GRAND ECRAN": "grand-ecran",
};

/** Chain web sites for the French venues of chains whose chain-level site is another country's. */
const frenchChainSites: Record<string, string> = {
  pathe: "https://www.pathe.fr",
  kinepolis: "https://kinepolis.fr",
};

function frenchCity(commune: string): string {
  const m = /^(Paris|Lyon|Marseille) \d+(?:e|er) Arrondissement$/.exec(commune);
  return m ? m[1]! : commune;
}

export async function buildFrance(chainSlugs: Set<string>): Promise<CinemaDraft[]> {
  const rows = parseCsvRecords(
    await readText("cinemas/fr_cnc_etablissements_cinematographiques_2022.csv"),
    ";",
  );
  const out: CinemaDraft[] = [];
  for (const r of rows) {
    const rawName = r["nom"] ?? "";
    const lat = Number(r["latitude"]);
    const lon = Number(r["longitude"]);
    if (!rawName || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    let chain = programmateurChains[r["programmateur"] ?? ""] ?? null;
    if (!chain) {
      // an empty programmateur but an unmistakable chain name
      const m = /^(UGC|CGR|MK2|MEGARAMA|KINEPOLIS|PATHE|GAUMONT)\b/.exec(rawName);
      if (m)
        chain =
          {
            UGC: "ugc",
            CGR: "cgr",
            MK2: "mk2",
            MEGARAMA: "megarama",
            KINEPOLIS: "kinepolis",
            PATHE: "pathe",
            GAUMONT: "pathe",
          }[m[1]!] ?? null;
    }
    if (chain && !chainSlugs.has(chain)) throw new Error(`unknown chain ${chain}`);
    const name = frenchTitleCase(rawName);
    const city = frenchCity(r["commune"] ?? "");
    const cnc = r["N° auto"] ?? "";
    const website = chain ? (frenchChainSites[chain] ?? chainWebsites[chain] ?? null) : null;
    const cinema: CinemaDraft = {
      baseSlug: slugify(name),
      sortKey: `FR:${cnc.padStart(6, "0")}`,
      name,
      chain,
      address: r["adresse"] ? frenchTitleCase(r["adresse"]) : null,
      postalCode: null,
      city,
      country: "FR",
      lat: round6(lat),
      lon: round6(lon),
      approx: false,
      website,
      phone: null,
      screens: toInt(r["écrans"]),
      seats: toInt(r["fauteuils"]),
      cnc,
    };
    if ((r["AE"] ?? "") === "OUI") cinema.arthouse = true;
    if ((r["genre"] ?? "") === "ITINERANT") cinema.itinerant = true;
    out.push(cinema);
  }
  return out;
}
