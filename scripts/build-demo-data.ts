// Builds the committed demo dataset in db/seed/data/*.json from the openly licensed files in
// ../shared/data (see NOTICE and docs/demo-data.md). Run: node scripts/build-demo-data.ts
//
// Only openly licensed inputs are read: CNC (Licence Ouverte 2.0), OpenStreetMap (ODbL),
// expatcinema (MIT), name-suggestion-index (BSD-3-Clause) and Wikidata (CC0). Nothing from
// feeds/unlicensed/ or the TMDB / "the movies dataset" files is used. The output is
// deterministic: same inputs, byte-identical files.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import type {
  AttributeCategory,
  DemoAttribute,
  DemoChain,
  DemoCinema,
  DemoCountry,
  DemoMovie,
} from "../db/seed/demo-data-types.ts";

const sharedData = new URL("../../shared/data/", import.meta.url);
const outDir = new URL("../db/seed/data/", import.meta.url);

// ---------------------------------------------------------------------------------------------
// CSV (RFC 4180: quoted fields, "" escapes, separators and newlines inside quotes, BOM, CRLF)

export function parseCsv(text: string, separator = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let inQuotes = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i++;
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === "") {
      inQuotes = true;
      i++;
    } else if (ch === separator) {
      row.push(field);
      field = "";
      i++;
    } else if (ch === "\r" || ch === "\n") {
      row.push(field);
      field = "";
      rows.push(row);
      row = [];
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
    } else {
      field += ch;
      i++;
    }
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === ""));
}

/** CSV with a header row → records keyed by column name. */
export function parseCsvRecords(text: string, separator = ","): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text, separator);
  if (!header) return [];
  return rows.map((cells) =>
    Object.fromEntries(header.map((name, i) => [name.trim(), (cells[i] ?? "").trim()])),
  );
}

// ---------------------------------------------------------------------------------------------
// Small helpers

const transliterations: Record<string, string> = {
  æ: "ae",
  ø: "o",
  å: "a",
  ß: "ss",
  œ: "oe",
  ð: "d",
  þ: "th",
  ł: "l",
  đ: "d",
  ı: "i",
};

export function slugify(value: string): string {
  return value
    .toLowerCase()
    .replace(/[æøåßœðþłđı]/g, (c) => transliterations[c] ?? c)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/['’`]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function https(url: string | null | undefined): string | null {
  if (!url) return null;
  let u = url.trim();
  if (!u) return null;
  if (!/^https?:\/\//i.test(u)) u = `https://${u}`;
  u = u.replace(/^http:\/\//i, "https://");
  try {
    return new URL(u).toString();
  } catch {
    return null;
  }
}

/** Great-circle distance in km. */
function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(a));
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

async function readText(path: string): Promise<string> {
  return readFile(new URL(path, sharedData), "utf8");
}

// ---------------------------------------------------------------------------------------------
// Countries (hand-written): the six core markets plus every European country a chain covers.

const countries: DemoCountry[] = [
  ["NL", "Netherlands", "nl", "Europe/Amsterdam", "EUR"],
  ["BE", "Belgium", "nl", "Europe/Brussels", "EUR"],
  ["FR", "France", "fr", "Europe/Paris", "EUR"],
  ["DK", "Denmark", "da", "Europe/Copenhagen", "DKK"],
  ["DE", "Germany", "de", "Europe/Berlin", "EUR"],
  ["GB", "United Kingdom", "en", "Europe/London", "GBP"],
  ["AL", "Albania", "sq", "Europe/Tirane", "ALL"],
  ["AT", "Austria", "de", "Europe/Vienna", "EUR"],
  ["BA", "Bosnia and Herzegovina", "bs", "Europe/Sarajevo", "BAM"],
  ["BG", "Bulgaria", "bg", "Europe/Sofia", "EUR"],
  ["CH", "Switzerland", "de", "Europe/Zurich", "CHF"],
  ["CZ", "Czechia", "cs", "Europe/Prague", "CZK"],
  ["ES", "Spain", "es", "Europe/Madrid", "EUR"],
  ["GR", "Greece", "el", "Europe/Athens", "EUR"],
  ["HR", "Croatia", "hr", "Europe/Zagreb", "EUR"],
  ["HU", "Hungary", "hu", "Europe/Budapest", "HUF"],
  ["IE", "Ireland", "en", "Europe/Dublin", "EUR"],
  ["IT", "Italy", "it", "Europe/Rome", "EUR"],
  ["LT", "Lithuania", "lt", "Europe/Vilnius", "EUR"],
  ["LU", "Luxembourg", "fr", "Europe/Luxembourg", "EUR"],
  ["ME", "Montenegro", "sr", "Europe/Podgorica", "EUR"],
  ["MK", "North Macedonia", "mk", "Europe/Skopje", "MKD"],
  ["PL", "Poland", "pl", "Europe/Warsaw", "PLN"],
  ["PT", "Portugal", "pt", "Europe/Lisbon", "EUR"],
  ["RO", "Romania", "ro", "Europe/Bucharest", "RON"],
  ["RS", "Serbia", "sr", "Europe/Belgrade", "RSD"],
  ["SE", "Sweden", "sv", "Europe/Stockholm", "SEK"],
  ["SI", "Slovenia", "sl", "Europe/Ljubljana", "EUR"],
  ["SK", "Slovakia", "sk", "Europe/Bratislava", "EUR"],
  ["XK", "Kosovo", "sq", "Europe/Belgrade", "EUR"],
].map(([code, name, defaultLocale, timeZone, currency]) => ({
  code: code!,
  name: name!,
  defaultLocale: defaultLocale!,
  timeZone: timeZone!,
  currency: currency!,
}));

const countryCodes = new Set(countries.map((c) => c.code));

// ---------------------------------------------------------------------------------------------
// Chains: name-suggestion-index brands/amenity/cinema.json, European ones.

type NsiItem = {
  displayName: string;
  id: string;
  locationSet?: { include?: string[]; exclude?: string[] };
  tags: Record<string, string>;
};

/** NSI location codes that stand for a European country (or region of one). */
function europeanCountry(code: string): string | null {
  const c = code.toLowerCase();
  if (c === "fx") return "FR"; // metropolitan France
  if (c.startsWith("gb-")) return "GB";
  const upper = c.toUpperCase();
  return countryCodes.has(upper) ? upper : null;
}

/** Brands whose European location codes are really overseas territories, not European cinemas. */
const nonEuropeanBrands = new Set(["caribbeancinemas-77ba3f"]);

/** Slugs where the brand name alone is ambiguous or clumsy. */
const chainSlugOverrides: Record<string, string> = {
  "vue-05c111": "vue",
  "vue-484389": "vue-nl",
  "cgrcinemas-24fd45": "cgr",
  "picturehousecinemas-5b33a1": "picturehouse",
  "imc-668c40": "imc",
  "omniplex-668c40": "omniplex",
  "cineplex-00435d": "cineplex",
  "everyman-5b33a1": "everyman",
  "cinemaxx-49be64": "cinemaxx",
  "cinemanos-97a9e2": "cinema-nos",
};

/** Chain names where NSI's display name carries a disambiguation we do not want. */
const chainNameOverrides: Record<string, string> = {
  "vue-05c111": "Vue",
  "vue-484389": "Vue",
  "cinemaxx-49be64": "Cinemaxx",
  "cineplex-00435d": "Cineplex",
  "cgrcinemas-24fd45": "CGR Cinémas",
  "everyman-5b33a1": "Everyman",
};

/** Chain web sites (hand-written; only ones we are sure of). */
const chainWebsites: Record<string, string> = {
  pathe: "https://www.pathe.nl",
  kinepolis: "https://kinepolis.nl",
  "vue-nl": "https://www.vuecinemas.nl",
  vue: "https://www.myvue.com",
  ugc: "https://www.ugc.fr",
  cgr: "https://www.cgrcinemas.fr",
  mk2: "https://www.mk2.com",
  megarama: "https://www.megarama.fr",
  cineville: "https://www.cineville.fr",
  utopia: "https://www.cinemas-utopia.org",
  odeon: "https://www.odeon.co.uk",
  cineworld: "https://www.cineworld.co.uk",
  curzon: "https://www.curzon.com",
  everyman: "https://www.everymancinema.com",
  picturehouse: "https://www.picturehouses.com",
  showcase: "https://www.showcasecinemas.co.uk",
  "showcase-cinemas": "https://www.showcasecinemas.co.uk",
  "merlin-cinemas": "https://www.merlincinemas.co.uk",
  "scott-cinemas": "https://www.scottcinemas.co.uk",
  "reel-cinemas": "https://www.reelcinemas.co.uk",
  omniplex: "https://www.omniplex.ie",
  cinestar: "https://www.cinestar.de",
  cinemaxx: "https://www.cinemaxx.de",
  cineplex: "https://www.cineplex.de",
  "uci-kinowelt": "https://www.uci-kinowelt.de",
  uci: "https://www.ucicinemas.it",
  cineplexx: "https://www.cineplexx.at",
  "the-space-cinema": "https://www.thespacecinema.it",
  yelmo: "https://www.yelmocines.es",
  cinesa: "https://www.cinesa.es",
  renoir: "https://www.cinesrenoir.com",
  "cinema-nos": "https://cinemas.nos.pt",
  helios: "https://www.helios.pl",
  multikino: "https://multikino.pl",
  filmstaden: "https://www.filmstaden.se",
  "svenska-bio": "https://www.svenskabio.se",
  "nordisk-film-biografer": "https://www.kino.dk",
  "big-bio": "https://www.bigbio.dk",
};

/** Chains the CNC `programmateur` column or the Danish data need that NSI lacks. */
const extraChains: DemoChain[] = [
  { slug: "grand-ecran", name: "Grand Écran", website: null, wikidata: null, countries: ["FR"] },
  {
    slug: "nordisk-film-biografer",
    name: "Nordisk Film Biografer",
    website: null,
    wikidata: null,
    countries: ["DK"],
  },
  { slug: "big-bio", name: "Big Bio", website: null, wikidata: null, countries: ["DK"] },
];

async function buildChains(): Promise<DemoChain[]> {
  const nsi = JSON.parse(await readText("cinemas/chains_nsi_amenity_cinema.json")) as { items: NsiItem[] };
  const chains: DemoChain[] = [];
  for (const item of nsi.items) {
    if (nonEuropeanBrands.has(item.id)) continue;
    const include = item.locationSet?.include ?? [];
    const exclude = new Set((item.locationSet?.exclude ?? []).map((c) => c.toLowerCase()));
    const european = [...new Set(include.map(europeanCountry).filter((c): c is string => c !== null))]
      .filter((c) => !exclude.has(c.toLowerCase()))
      .sort(compare);
    if (european.length === 0) continue;
    const name = chainNameOverrides[item.id] ?? item.tags["brand"] ?? item.displayName;
    const slug = chainSlugOverrides[item.id] ?? slugify(item.tags["brand:en"] ?? name);
    chains.push({
      slug,
      name,
      website: null,
      wikidata: item.tags["brand:wikidata"] ?? null,
      countries: european,
    });
  }
  for (const extra of extraChains) {
    if (!chains.some((c) => c.slug === extra.slug)) chains.push({ ...extra });
  }
  const seen = new Set<string>();
  for (const chain of chains) {
    if (seen.has(chain.slug)) throw new Error(`duplicate chain slug ${chain.slug}`);
    seen.add(chain.slug);
    chain.website = chainWebsites[chain.slug] ?? null;
  }
  return chains.sort((a, b) => compare(a.slug, b.slug));
}

// ---------------------------------------------------------------------------------------------
// France: CNC "Établissements cinématographiques" 2022 (Licence Ouverte 2.0)

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

const frenchAccents: Record<string, string> = {
  CINEMA: "Cinéma",
  CINEMAS: "Cinémas",
  CINE: "Ciné",
  CINES: "Cinés",
  THEATRE: "Théâtre",
  THEATRES: "Théâtres",
  PATHE: "Pathé",
  CITE: "Cité",
  FETES: "Fêtes",
  MELIES: "Méliès",
  ECRAN: "Écran",
  ECRANS: "Écrans",
  LUMIERE: "Lumière",
  LUMIERES: "Lumières",
  ETOILE: "Étoile",
  GERARD: "Gérard",
  VARIETES: "Variétés",
  ANDRE: "André",
  ODEON: "Odéon",
  FRANCOIS: "François",
  COLISEE: "Colisée",
  SCENE: "Scène",
  ATMOSPHERE: "Atmosphère",
  AGNES: "Agnès",
  REPUBLIQUE: "République",
  REGENT: "Régent",
  COTE: "Côte",
  ELYSEES: "Élysées",
  ELYSEE: "Élysée",
  CINEMATOGRAPHE: "Cinématographe",
  ECRINS: "Écrins",
  CHATEAU: "Château",
  GENERAL: "Général",
  MARECHAL: "Maréchal",
  ALLEE: "Allée",
  ALLEES: "Allées",
  JAURES: "Jaurès",
  HOTEL: "Hôtel",
  EMILE: "Émile",
  ECOLE: "École",
  ECOLES: "Écoles",
  LEON: "Léon",
  EGLISE: "Église",
  LIBERATION: "Libération",
  CINEVILLE: "Cinéville",
  MEDIATHEQUE: "Médiathèque",
  CINEMATHEQUE: "Cinémathèque",
  PREVERT: "Prévert",
  CAMERA: "Caméra",
  CREATION: "Création",
  ESPERANCE: "Espérance",
  FEDERATION: "Fédération",
  COMMUNAUTE: "Communauté",
  MEGA: "Méga",
  GAUMONT: "Gaumont",
  DOCTEUR: "Docteur",
  CLEMENCEAU: "Clemenceau",
  FREDERIC: "Frédéric",
  RENE: "René",
  EUGENE: "Eugène",
  HELENE: "Hélène",
  GENEVIEVE: "Geneviève",
  STEPHANE: "Stéphane",
  ELISEE: "Élisée",
  PERE: "Père",
  PRE: "Pré",
  PRES: "Prés",
  ILE: "Île",
  MEDITERRANEE: "Méditerranée",
  AVENEMENT: "Avènement",
  MUSEE: "Musée",
  ARENES: "Arènes",
  ARENE: "Arène",
  ESPLANADE: "Esplanade",
  MAIRIE: "Mairie",
  CULTURELLE: "Culturelle",
  ZENITH: "Zénith",
  PLEIADES: "Pléiades",
  ELDORADO: "Eldorado",
  ECLAIR: "Éclair",
  ETOILES: "Étoiles",
  BOBINE: "Bobine",
  STE: "Ste",
  ST: "St",
  BD: "Bd",
  AV: "Av",
  SLE: "Sle",
};
const frenchSmallWords = new Set([
  "de",
  "du",
  "des",
  "la",
  "le",
  "les",
  "et",
  "à",
  "a",
  "au",
  "aux",
  "en",
  "sur",
  "sous",
  "l",
  "d",
]);
const keepUpper = new Set([
  "UGC",
  "CGR",
  "MK2",
  "MJC",
  "ZAC",
  "ZI",
  "ZA",
  "IMAX",
  "CNC",
  "ABC",
  "RN",
  "RD",
  "CD",
  "SNCF",
  "4DX",
  "II",
  "III",
  "IV",
  "VI",
  "VII",
  "VIII",
  "IX",
  "XI",
  "XII",
  "XIV",
  "XV",
  "XX",
  "TNB",
  "TNT",
  "FJT",
  "CCAS",
  "ASPTT",
  "CLC",
  "CGT",
  "USA",
  "UFR",
]);

function frenchWord(word: string, first: boolean): string {
  if (word === "") return word;
  if (keepUpper.has(word)) return word;
  if (/^\d/.test(word)) return word.toLowerCase(); // 12BIS, 1ER
  const lower = word.toLowerCase();
  if (!first && frenchSmallWords.has(lower)) return lower;
  const accented = frenchAccents[word];
  if (accented) return accented;
  if (!/[AEIOUYÀ-Ý]/.test(word) && word.length <= 4) return word; // consonant-only: an acronym
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** "PATHE BELLECOUR" → "Pathé Bellecour", "CINE L'ESPACE" → "Ciné l'Espace". Mixed-case input is kept. */
export function frenchTitleCase(value: string): string {
  const text = value.replace(/\s+/g, " ").trim();
  if (/[a-zà-ÿ]/.test(text)) return text;
  let first = true;
  return text.replace(/[A-Z0-9À-Ý]+/g, (word, offset: number) => {
    const prev = text[offset - 1];
    const isFirst = first;
    first = false;
    // word after an apostrophe (L'ESPACE → l'Espace): capitalise the part after it
    if (prev === "'" || prev === "’") return frenchWord(word, true);
    return frenchWord(word, isFirst);
  });
}

function frenchCity(commune: string): string {
  const m = /^(Paris|Lyon|Marseille) \d+(?:e|er) Arrondissement$/.exec(commune);
  return m ? m[1]! : commune;
}

function toInt(value: string | undefined): number | null {
  if (!value) return null;
  const n = Number(value.replace(",", "."));
  return Number.isFinite(n) && n > 0 ? Math.round(n) : null;
}

type CinemaDraft = Omit<DemoCinema, "slug"> & { baseSlug: string; sortKey: string };

async function buildFrance(chainSlugs: Set<string>): Promise<CinemaDraft[]> {
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

// ---------------------------------------------------------------------------------------------
// Denmark: OpenStreetMap amenity=cinema (ODbL)

/** Danish towns (approximate centres) used to name the town of a cinema without addr:city. */
const danishTowns: Array<[name: string, lat: number, lon: number, city?: string]> = [
  ["København", 55.6761, 12.5683],
  ["Østerbro", 55.703, 12.575, "København"],
  ["Nordhavn", 55.71, 12.595, "København"],
  ["Ørestad", 55.63, 12.578, "København"],
  ["Valby", 55.662, 12.516, "København"],
  ["Vanløse", 55.687, 12.491, "København"],
  ["Nørrebro", 55.694, 12.549, "København"],
  ["Frederiksberg", 55.6786, 12.53],
  ["Gentofte", 55.75, 12.547],
  ["Kongens Lyngby", 55.7704, 12.5038],
  ["Bagsværd", 55.7617, 12.4536],
  ["Herlev", 55.7237, 12.4397],
  ["Rødovre", 55.6806, 12.4537],
  ["Glostrup", 55.6666, 12.4036],
  ["Albertslund", 55.6569, 12.3638],
  ["Ballerup", 55.7317, 12.3633],
  ["Hvidovre", 55.6419, 12.4736],
  ["Kastrup", 55.635, 12.648],
  ["Dragør", 55.594, 12.672],
  ["Ishøj", 55.6154, 12.3518],
  ["Taastrup", 55.6517, 12.2922],
  ["Værløse", 55.7822, 12.373],
  ["Farum", 55.808, 12.36],
  ["Holte", 55.814, 12.47],
  ["Birkerød", 55.847, 12.428],
  ["Allerød", 55.87, 12.35],
  ["Hørsholm", 55.8808, 12.5012],
  ["Humlebæk", 55.962, 12.534],
  ["Helsingør", 56.0361, 12.6136],
  ["Hillerød", 55.9267, 12.311],
  ["Frederikssund", 55.8396, 12.069],
  ["Lynge", 55.839, 12.274],
  ["Tisvildeleje", 56.052, 12.071],
  ["Skibby", 55.75, 11.96],
  ["Roskilde", 55.6415, 12.0803],
  ["Greve", 55.583, 12.3],
  ["Solrød Strand", 55.534, 12.222],
  ["Køge", 55.458, 12.182],
  ["Borup", 55.495, 11.976],
  ["Ringsted", 55.4426, 11.79],
  ["Hvalsø", 55.593, 11.861],
  ["Holbæk", 55.717, 11.713],
  ["Vig", 55.85, 11.58],
  ["Nykøbing Sjælland", 55.925, 11.671],
  ["Kalundborg", 55.679, 11.089],
  ["Gørlev", 55.539, 11.226],
  ["Slagelse", 55.4028, 11.3544],
  ["Korsør", 55.33, 11.139],
  ["Skælskør", 55.25, 11.296],
  ["Sorø", 55.432, 11.555],
  ["Glumsø", 55.352, 11.693],
  ["Næstved", 55.2299, 11.7609],
  ["Haslev", 55.324, 11.966],
  ["Faxe", 55.256, 12.119],
  ["Præstø", 55.124, 12.045],
  ["Vordingborg", 55.008, 11.911],
  ["Stege", 54.987, 12.286],
  ["Nykøbing Falster", 54.7691, 11.8742],
  ["Maribo", 54.776, 11.501],
  ["Nakskov", 54.831, 11.135],
  ["Søllested", 54.81, 11.29],
  ["Rødby", 54.695, 11.388],
  ["Odense", 55.3959, 10.3883],
  ["Nyborg", 55.3127, 10.7896],
  ["Kerteminde", 55.449, 10.657],
  ["Ringe", 55.238, 10.48],
  ["Svendborg", 55.0598, 10.6068],
  ["Rudkøbing", 54.936, 10.71],
  ["Aarup", 55.38, 10.046],
  ["Middelfart", 55.506, 9.73],
  ["Nørre Aaby", 55.46, 9.88],
  ["Fredericia", 55.565, 9.752],
  ["Kolding", 55.4904, 9.4722],
  ["Vejle", 55.7093, 9.5357],
  ["Jelling", 55.756, 9.42],
  ["Horsens", 55.8607, 9.8503],
  ["Klovborg", 55.932, 9.49],
  ["Skanderborg", 56.0344, 9.927],
  ["Odder", 55.973, 10.153],
  ["Galten", 56.153, 9.909],
  ["Malling", 56.036, 10.195],
  ["Aarhus", 56.1572, 10.2107],
  ["Hadsten", 56.328, 10.049],
  ["Hornslet", 56.315, 10.32],
  ["Randers", 56.4607, 10.0364],
  ["Ørsted", 56.503, 10.334],
  ["Grenaa", 56.416, 10.878],
  ["Tranebjerg", 55.83, 10.596],
  ["Silkeborg", 56.1697, 9.5451],
  ["Bjerringbro", 56.377, 9.66],
  ["Viborg", 56.4532, 9.402],
  ["Karup", 56.306, 9.167],
  ["Ikast", 56.139, 9.158],
  ["Herning", 56.1393, 8.9738],
  ["Holstebro", 56.3601, 8.6161],
  ["Struer", 56.492, 8.594],
  ["Skive", 56.5668, 9.0271],
  ["Lemvig", 56.5486, 8.3102],
  ["Ringkøbing", 56.0901, 8.244],
  ["Thisted", 56.957, 8.694],
  ["Nykøbing Mors", 56.795, 8.86],
  ["Fjerritslev", 57.088, 9.266],
  ["Løgstør", 56.967, 9.258],
  ["Aars", 56.803, 9.517],
  ["Hobro", 56.638, 9.793],
  ["Hadsund", 56.715, 10.116],
  ["Skørping", 56.836, 9.893],
  ["Nibe", 56.982, 9.639],
  ["Aalborg", 57.0488, 9.9217],
  ["Hjallerup", 57.168, 10.148],
  ["Pandrup", 57.222, 9.676],
  ["Hjørring", 57.464, 9.982],
  ["Lønstrup", 57.477, 9.797],
  ["Frederikshavn", 57.4407, 10.5366],
  ["Skagen", 57.721, 10.583],
  ["Læsø", 57.254, 11.0],
  ["Esbjerg", 55.4765, 8.4594],
  ["Bramming", 55.464, 8.7],
  ["Ribe", 55.328, 8.761],
  ["Brørup", 55.482, 9.018],
  ["Rødding", 55.365, 9.062],
  ["Toftlund", 55.188, 9.068],
  ["Løgumkloster", 55.058, 8.953],
  ["Haderslev", 55.2537, 9.4898],
  ["Aabenraa", 55.0444, 9.4174],
  ["Sønderborg", 54.9138, 9.7922],
  ["Rønne", 55.1009, 14.7066],
  ["Gudhjem", 55.21, 14.971],
  ["Svaneke", 55.136, 15.143],
];

function danishTown(name: string, lat: number, lon: number): { city: string; km: number } {
  let best = { city: "", km: Infinity };
  for (const [town, tlat, tlon, city] of danishTowns) {
    const km = distanceKm(lat, lon, tlat, tlon);
    if (km < best.km) best = { city: city ?? town, km };
  }
  // a town named in the cinema's own name wins when it is plausible ("Kino 1-3, Thisted")
  for (const [town, tlat, tlon, city] of danishTowns) {
    if (new RegExp(`(^|[\\s,])${town}($|[\\s,])`, "i").test(name)) {
      const km = distanceKm(lat, lon, tlat, tlon);
      if (km < 30) return { city: city ?? town, km };
    }
  }
  return best;
}

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

async function buildDenmark(): Promise<CinemaDraft[]> {
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

// ---------------------------------------------------------------------------------------------
// Netherlands: expatcinema art-house list (MIT) + hand-written chain venues, at city centres.

/** Approximate centres of Dutch cities (and a few districts where a multiplex stands). */
const dutchPlaces: Record<string, [lat: number, lon: number]> = {
  Amsterdam: [52.3728, 4.8936],
  "Amsterdam Zuidoost": [52.3123, 4.9427],
  "Amsterdam Noord": [52.4003, 4.931],
  Amstelveen: [52.303, 4.86],
  Rotterdam: [51.9225, 4.4792],
  "Rotterdam Zuid": [51.8939, 4.5231],
  "Den Haag": [52.0786, 4.3009],
  Scheveningen: [52.1086, 4.2725],
  Leidschendam: [52.086, 4.377],
  Utrecht: [52.0907, 5.1214],
  "Leidsche Rijn": [52.097, 5.056],
  Nieuwegein: [52.029, 5.0806],
  Arnhem: [51.9851, 5.8987],
  Breda: [51.589, 4.7759],
  Delft: [52.0116, 4.3571],
  Dordrecht: [51.8133, 4.6901],
  Eindhoven: [51.4416, 5.4697],
  Enschede: [52.2215, 6.8937],
  Groningen: [53.2194, 6.5665],
  Haarlem: [52.3874, 4.6462],
  Hilversum: [52.2292, 5.1669],
  Leiden: [52.1601, 4.497],
  Leeuwarden: [53.2012, 5.7999],
  Maastricht: [50.8514, 5.691],
  Nijmegen: [51.8426, 5.8528],
  Tilburg: [51.5555, 5.0913],
  Wageningen: [51.9692, 5.6654],
  Zaandam: [52.442, 4.8292],
  Amersfoort: [52.1561, 5.3878],
  Ede: [52.0402, 5.6649],
  Helmond: [51.4793, 5.657],
  Zwolle: [52.5168, 6.083],
  Alkmaar: [52.6324, 4.7534],
  Apeldoorn: [52.2112, 5.9699],
  Bussum: [52.2773, 5.1614],
  Deventer: [52.2661, 6.1552],
  "'s-Hertogenbosch": [51.6978, 5.3037],
  Hoorn: [52.6424, 5.0597],
  Purmerend: [52.505, 4.9597],
  Roosendaal: [51.5308, 4.4653],
  Almere: [52.3508, 5.2647],
  "Den Helder": [52.9563, 4.7601],
  Emmen: [52.7792, 6.9069],
};

/** expatcinema city slugs → display names */
const expatCities: Record<string, string> = {
  amsterdam: "Amsterdam",
  amstelveen: "Amstelveen",
  rotterdam: "Rotterdam",
  "den-haag": "Den Haag",
  utrecht: "Utrecht",
  arnhem: "Arnhem",
  breda: "Breda",
  delft: "Delft",
  dordrecht: "Dordrecht",
  eindhoven: "Eindhoven",
  enschede: "Enschede",
  groningen: "Groningen",
  haarlem: "Haarlem",
  hilversum: "Hilversum",
  leiden: "Leiden",
  leeuwarden: "Leeuwarden",
  maastricht: "Maastricht",
  nijmegen: "Nijmegen",
  tilburg: "Tilburg",
  wageningen: "Wageningen",
};

type ExpatCinema = {
  name: string;
  slug: string;
  city: string;
  url?: string;
  address?: { streetAddress?: string; postalCode?: string; addressLocality?: string };
};

function place(name: string): [number, number] {
  const p = dutchPlaces[name];
  if (!p) throw new Error(`no centre for ${name}`);
  return p;
}

async function buildNetherlandsArthouse(): Promise<CinemaDraft[]> {
  const list = JSON.parse(await readText("cinemas/nl_expatcinema_cinemas.json")) as ExpatCinema[];
  return list.map((c) => {
    const city = expatCities[c.city] ?? c.address?.addressLocality ?? c.city;
    const [lat, lon] = place(city);
    return {
      baseSlug: slugify(c.slug || c.name),
      sortKey: `NL:expat:${c.slug}`,
      name: c.name,
      chain: null,
      address: c.address?.streetAddress ?? null,
      postalCode: c.address?.postalCode ?? null,
      city,
      country: "NL",
      lat,
      lon,
      approx: true,
      website: https(c.url),
      phone: null,
      screens: null,
      seats: null,
      arthouse: true,
    };
  });
}

/** Dutch chain cinemas we are confident exist: [chain, name, city, place for coordinates, screens, street]. */
const dutchChainCinemas: Array<
  [chain: string, name: string, city: string, at: string, screens: number | null, address: string | null]
> = [
  ["pathe", "Pathé Tuschinski", "Amsterdam", "Amsterdam", 6, "Reguliersbreestraat 26-34"],
  ["pathe", "Pathé De Munt", "Amsterdam", "Amsterdam", 13, "Vijzelstraat 15"],
  ["pathe", "Pathé City", "Amsterdam", "Amsterdam", 7, "Kleine-Gartmanplantsoen 15-19"],
  ["pathe", "Pathé Arena", "Amsterdam", "Amsterdam Zuidoost", 14, "ArenA Boulevard 600"],
  ["pathe", "Pathé Amsterdam Noord", "Amsterdam", "Amsterdam Noord", 9, null],
  ["pathe", "Pathé Schouwburgplein", "Rotterdam", "Rotterdam", 7, "Schouwburgplein 101"],
  ["pathe", "Pathé De Kuip", "Rotterdam", "Rotterdam Zuid", 14, null],
  ["pathe", "Pathé Buitenhof", "Den Haag", "Den Haag", 8, "Buitenhof 20"],
  ["pathe", "Pathé Spuimarkt", "Den Haag", "Den Haag", 8, null],
  ["pathe", "Pathé Scheveningen", "Den Haag", "Scheveningen", 9, null],
  ["pathe", "Pathé Rembrandt Utrecht", "Utrecht", "Utrecht", 6, null],
  ["pathe", "Pathé Leidsche Rijn", "Utrecht", "Leidsche Rijn", 8, null],
  ["pathe", "Pathé Eindhoven", "Eindhoven", "Eindhoven", 10, null],
  ["pathe", "Pathé Groningen", "Groningen", "Groningen", 10, null],
  ["pathe", "Pathé Maastricht", "Maastricht", "Maastricht", 8, null],
  ["pathe", "Pathé Tilburg Stappegoor", "Tilburg", "Tilburg", 9, null],
  ["pathe", "Pathé Nijmegen", "Nijmegen", "Nijmegen", 7, null],
  ["pathe", "Pathé Haarlem", "Haarlem", "Haarlem", 7, null],
  ["pathe", "Pathé Delft", "Delft", "Delft", 7, null],
  ["pathe", "Pathé Zaandam", "Zaandam", "Zaandam", 8, null],
  ["pathe", "Pathé Amersfoort", "Amersfoort", "Amersfoort", 8, null],
  ["pathe", "Pathé Arnhem", "Arnhem", "Arnhem", 8, null],
  ["pathe", "Pathé Breda", "Breda", "Breda", 8, null],
  ["pathe", "Pathé Ede", "Ede", "Ede", 6, null],
  ["pathe", "Pathé Helmond", "Helmond", "Helmond", 6, null],
  ["pathe", "Pathé Zwolle", "Zwolle", "Zwolle", 8, null],
  ["pathe", "Pathé Leeuwarden", "Leeuwarden", "Leeuwarden", 7, null],
  ["vue-nl", "Vue Alkmaar", "Alkmaar", "Alkmaar", null, null],
  ["vue-nl", "Vue Apeldoorn", "Apeldoorn", "Apeldoorn", null, null],
  ["vue-nl", "Vue Bussum", "Bussum", "Bussum", null, null],
  ["vue-nl", "Vue Deventer", "Deventer", "Deventer", null, null],
  ["vue-nl", "Vue 's-Hertogenbosch", "'s-Hertogenbosch", "'s-Hertogenbosch", null, null],
  ["vue-nl", "Vue Hilversum", "Hilversum", "Hilversum", null, null],
  ["vue-nl", "Vue Hoorn", "Hoorn", "Hoorn", null, null],
  ["vue-nl", "Vue Purmerend", "Purmerend", "Purmerend", null, null],
  ["vue-nl", "Vue Roosendaal", "Roosendaal", "Roosendaal", null, null],
  ["kinepolis", "Kinepolis Almere", "Almere", "Almere", null, null],
  ["kinepolis", "Kinepolis Breda", "Breda", "Breda", null, null],
  ["kinepolis", "Kinepolis Den Helder", "Den Helder", "Den Helder", null, null],
  ["kinepolis", "Kinepolis Dordrecht", "Dordrecht", "Dordrecht", null, null],
  ["kinepolis", "Kinepolis Emmen", "Emmen", "Emmen", null, null],
  ["kinepolis", "Kinepolis Enschede", "Enschede", "Enschede", null, null],
  ["kinepolis", "Kinepolis Jaarbeurs Utrecht", "Utrecht", "Utrecht", null, null],
  ["kinepolis", "Kinepolis Nieuwegein", "Nieuwegein", "Nieuwegein", null, null],
  ["kinepolis", "Kinepolis 's-Hertogenbosch", "'s-Hertogenbosch", "'s-Hertogenbosch", null, null],
  ["kinepolis", "Kinepolis Mall of the Netherlands", "Leidschendam", "Leidschendam", null, null],
];

const dutchChainSites: Record<string, string> = {
  pathe: "https://www.pathe.nl",
  "vue-nl": "https://www.vuecinemas.nl",
  kinepolis: "https://kinepolis.nl",
};

function buildNetherlandsChains(): CinemaDraft[] {
  return dutchChainCinemas.map(([chain, name, city, at, screens, address]) => {
    const [lat, lon] = place(at);
    return {
      baseSlug: slugify(name),
      sortKey: `NL:chain:${slugify(name)}`,
      name,
      chain,
      address,
      postalCode: null,
      city,
      country: "NL",
      lat,
      lon,
      approx: true,
      website: https(dutchChainSites[chain]),
      phone: null,
      screens,
      seats: null,
    };
  });
}

/** Unique slugs: a base slug shared by several cinemas gets the city; if still shared, a counter. */
function assignCinemaSlugs(drafts: CinemaDraft[]): DemoCinema[] {
  const byBase = new Map<string, number>();
  for (const d of drafts) byBase.set(d.baseSlug, (byBase.get(d.baseSlug) ?? 0) + 1);
  const withCity = drafts
    .map((d) => {
      const base = d.baseSlug || "cinema";
      const citySlug = slugify(d.city);
      const slug =
        (byBase.get(d.baseSlug) ?? 0) > 1 && !base.endsWith(citySlug) ? `${base}-${citySlug}` : base;
      return { d, slug };
    })
    .sort((a, b) => compare(a.slug, b.slug) || compare(a.d.sortKey, b.d.sortKey));
  const counts = new Map<string, number>();
  for (const x of withCity) counts.set(x.slug, (counts.get(x.slug) ?? 0) + 1);
  const seen = new Map<string, number>();
  const out: DemoCinema[] = [];
  for (const { d, slug } of withCity) {
    let final = slug;
    if ((counts.get(slug) ?? 0) > 1) {
      const k = (seen.get(slug) ?? 0) + 1;
      seen.set(slug, k);
      final = k === 1 ? slug : `${slug}-${k}`;
    }
    const { baseSlug: _b, sortKey: _s, ...rest } = d;
    out.push({ slug: final, ...rest });
  }
  const unique = new Set(out.map((c) => c.slug));
  if (unique.size !== out.length) throw new Error("cinema slugs are not unique");
  return out.sort((a, b) => compare(a.country, b.country) || compare(a.slug, b.slug));
}

// ---------------------------------------------------------------------------------------------
// Movies: Wikidata films 2023–2024 (CC0) + Wikidata id crosswalk (CC0)

/** Re-releases in the 2023–24 file: the film's own year (the release date there is the re-release). */
const originalYears: Record<string, number> = {
  tt0070246: 1973,
  tt0073198: 1975,
  tt0075617: 1977,
  tt0077838: 1978,
  tt0095705: 1988,
  tt0112682: 1995,
  tt0112870: 1995,
  tt0172495: 2000,
  tt0245429: 2001,
  tt0317248: 2002,
  tt0368667: 2003,
};

/** Dutch release titles that differ from the English title (only well-known, certain ones). */
const dutchTitles: Record<string, string> = {
  tt22022452: "Binnenstebuiten 2", // Inside Out 2
  tt7510222: "Verschrikkelijke Ikke 4", // Despicable Me 4
  tt13622970: "Vaiana 2", // Moana 2
  tt29623480: "De Wilde Robot", // The Wild Robot
  tt5971474: "De Kleine Zeemeermin", // The Little Mermaid (2023)
  tt26446278: "Le Comte de Monte-Cristo", // The Count of Monte Cristo (released in NL under its French title)
  tt17009710: "Anatomie d'une chute", // Anatomy of a Fall (idem)
};

/** Non-English (or non-verbal) films: [original language or null, original title or null]. */
const nonEnglish: Record<string, [string | null, string | null]> = {
  tt0245429: ["ja", "千と千尋の神隠し"],
  tt0317248: ["pt", "Cidade de Deus"],
  tt6587046: ["ja", "君たちはどう生きるか"],
  tt17009710: ["fr", "Anatomie d'une chute"],
  tt7160372: ["de", null],
  tt4772188: [null, "Straume"],
  tt20221436: ["es", null],
  tt0112870: ["hi", null],
  tt16428256: ["ja", "すずめの戸締まり"],
  tt16277242: ["es", "La sociedad de la nieve"],
  tt0112682: ["fr", "La Cité des enfants perdus"],
  tt14961016: ["pt", "Ainda Estou Aqui"],
  tt0073198: ["fr", null],
  tt11032374: ["ja", "劇場版「鬼滅の刃」無限列車編"],
  tt27503384: ["ja", null],
  tt32178949: ["fa", null],
  tt9660502: ["fr", null],
  tt21027780: ["fi", "Kuolleet lehdet"],
  tt18550140: ["fa", null],
  tt11210390: ["fr", "Astérix & Obélix : L'Empire du Milieu"],
  tt23289160: ["ja", "ゴジラ-1.0"],
  tt23736044: ["ja", "怪物"],
  tt30953759: [null, null],
  tt12844910: ["hi", null],
  tt14812496: ["ru", "Вызов"],
  tt10236164: ["da", "Pigen med nålen"],
  tt6685538: ["uk", "Мавка. Лісова пісня"],
  tt26446278: ["fr", "Le Comte de Monte-Cristo"],
  tt19760052: ["fr", "La Passion de Dodin Bouffant"],
  tt19652910: ["pl", "IO"],
  tt14225838: [null, null],
  tt14561712: ["it", null],
  tt10364034: [null, null],
  tt12672536: ["fr", "Les Trois Mousquetaires : D'Artagnan"],
  tt12672620: ["fr", "Les Trois Mousquetaires : Milady"],
  tt12477480: ["ko", "헤어질 결심"],
  tt17277414: ["fr", null],
  tt16183464: ["ja", "ONE PIECE FILM RED"],
  tt20561198: ["da", "Bastarden"],
  tt28618488: ["it", null],
  tt27502426: ["ar", "Les Filles d'Olfa"],
  tt15354916: ["hi", null],
  tt13429870: [null, null],
  tt15006566: ["es", "As bestas"],
  tt21909764: [null, null],
  tt28490044: ["ja", "悪は存在しない"],
  tt27722543: ["pl", "Zielona granica"],
  tt26612950: ["de", "Das Lehrerzimmer"],
  tt13056052: ["ko", "브로커"],
  tt31015216: ["fr", null],
  tt31392609: ["th", "หลานม่า"],
  tt8399288: [null, null],
  tt23853982: ["it", null],
  tt15109082: ["ga", "An Cailín Ciúin"],
  tt13231544: ["tr", "Kuru Otlar Üstine"],
  tt30810787: ["no", "Drømmer"],
  tt12735488: ["te", null],
  tt27367464: [null, null],
  tt15376894: ["fr", null],
  tt23849204: ["hi", null],
  tt0070246: ["ja", "仁義なき戦い"],
  tt0368667: [null, null],
  tt32086077: ["ml", null],
  tt24082438: ["uk", null],
  tt14400246: ["es", "Bird Box Barcelona"],
  tt5986440: [null, null],
  tt0075617: ["sv", null],
};

/**
 * The file has no country column values, so languages cannot be derived from countries. The most
 * linked films (Wikidata sitelinks ≥ 17, about 330 titles) were reviewed by hand: apart from the
 * table above they are English-language films. Below that threshold the language stays null.
 */
const reviewedPopularity = 17;

const genreRules: Array<[RegExp, string]> = [
  [/(^|[^-])\baction\b/, "action"],
  [/adventure|swashbuckler|sword-and-sandal|sword and sorcery/, "adventure"],
  [/anim|anime/, "animation"],
  [/biographical/, "biography"],
  [/comed|satir/, "comedy"],
  [/crime|police|heist|neo-noir|film noir|gangster|hood film/, "crime"],
  [/documentary|docudrama/, "documentary"],
  [/drama/, "drama"],
  [/family|children's/, "family"],
  [/fantasy|fairy tale/, "fantasy"],
  [/historical|period drama/, "history"],
  [/horror|slasher|splatter|vampire|zombie/, "horror"],
  [/concert film|music documentary/, "music"],
  [/musical/, "musical"],
  [/mystery|detective/, "mystery"],
  [/romance|romantic/, "romance"],
  [/science fiction|dystopia|space opera|post-apocalyptic|time-travel|kaiju/, "science-fiction"],
  [/sport|boxing|football/, "sport"],
  [/thriller|\bspy\b/, "thriller"],
  [/\bwar\b/, "war"],
  [/western/i, "western"],
];
const genreOrder = genreRules.map(([, g]) => g);

function genresFrom(value: string): string[] {
  const out = new Set<string>();
  for (const label of value
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)) {
    for (const [re, genre] of genreRules) if (re.test(label)) out.add(genre);
  }
  return genreOrder.filter((g) => out.has(g));
}

async function buildMovies(): Promise<DemoMovie[]> {
  const rows = parseCsvRecords(await readText("movies/wikidata_films_2023_2024.csv"));
  const crosswalk = new Map<string, Record<string, string>>();
  for (const r of parseCsvRecords(await readText("movies/wikidata_film_id_crosswalk.csv"))) {
    if (r["imdb_id"]) crosswalk.set(r["imdb_id"], r);
  }

  // One film may appear once per release (festival, national, streaming): keep the earliest.
  const byKey = new Map<string, Record<string, string>>();
  for (const r of rows) {
    if (!r["title"]) continue;
    const key = r["imdb_id"] || `title:${r["title"]}`;
    const prev = byKey.get(key);
    if (!prev || (r["release_date"] ?? "") < (prev["release_date"] ?? "")) byKey.set(key, r);
  }

  type Draft = Omit<DemoMovie, "slug"> & { base: string };
  const drafts: Draft[] = [];
  const seenTmdb = new Set<number>();
  const seenQid = new Set<string>();
  for (const r of byKey.values()) {
    const imdb = /^tt\d+$/.test(r["imdb_id"] ?? "") ? r["imdb_id"]! : null;
    const cw = imdb ? crosswalk.get(imdb) : undefined;
    let tmdb = cw?.["tmdb_id"] ? Number(cw["tmdb_id"]) : null;
    if (tmdb !== null && (!Number.isInteger(tmdb) || seenTmdb.has(tmdb))) tmdb = null;
    if (tmdb !== null) seenTmdb.add(tmdb);
    let wikidata = /^Q\d+$/.exec(cw?.["wd_film_qid"] ?? "")?.[0] ?? null;
    if (wikidata !== null && seenQid.has(wikidata)) wikidata = null;
    if (wikidata !== null) seenQid.add(wikidata);

    const date = (r["release_date"] ?? "").slice(0, 10);
    const reRelease = imdb ? originalYears[imdb] : undefined;
    const year = reRelease ?? (Number(r["year"]) || Number(date.slice(0, 4)));
    // Wikidata stores year-precision dates as YYYY-01-01: treat those as unknown.
    const releaseDate =
      reRelease || !/^\d{4}-\d{2}-\d{2}$/.test(date) || date.endsWith("-01-01") ? null : date;
    const popularity = Number(r["sitelinks"]) || 0;
    const known = imdb ? nonEnglish[imdb] : undefined;
    const originalLanguage = known ? known[0] : popularity >= reviewedPopularity ? "en" : null;
    const originalTitle = known?.[1] ?? null;
    const runtime = toInt(r["duration"]);
    const titleNl = imdb ? (dutchTitles[imdb] ?? null) : null;
    drafts.push({
      base: slugify(r["title"]!) || "film",
      title: r["title"]!,
      originalTitle: originalTitle && originalTitle !== r["title"] ? originalTitle : null,
      titleNl: titleNl && titleNl !== r["title"] ? titleNl : null,
      year,
      releaseDate,
      runtime,
      genres: genresFrom(r["genre"] ?? ""),
      originalLanguage,
      imdb,
      tmdb,
      wikidata,
      directors: (r["director"] ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s && !/^Q\d+$/.test(s)),
      countries: (r["country"] ?? "")
        .split(",")
        .map((s) => s.trim().toUpperCase())
        .filter((s) => /^[A-Z]{2}$/.test(s)),
      popularity,
    });
  }

  const baseCount = new Map<string, number>();
  for (const d of drafts) baseCount.set(d.base, (baseCount.get(d.base) ?? 0) + 1);
  const withYear = drafts.map((d) => ({
    d,
    slug: (baseCount.get(d.base) ?? 0) > 1 ? `${d.base}-${d.year}` : d.base,
  }));
  const slugCount = new Map<string, number>();
  for (const x of withYear) slugCount.set(x.slug, (slugCount.get(x.slug) ?? 0) + 1);
  const movies: DemoMovie[] = withYear.map(({ d, slug }) => {
    const { base: _b, ...rest } = d;
    const final = (slugCount.get(slug) ?? 0) > 1 && d.imdb ? `${slug}-${d.imdb}` : slug;
    return { slug: final, ...rest };
  });
  if (new Set(movies.map((m) => m.slug)).size !== movies.length)
    throw new Error("movie slugs are not unique");
  return movies.sort((a, b) => compare(a.slug, b.slug));
}

// ---------------------------------------------------------------------------------------------
// Attributes (hand-written). Synonyms are the strings real feeds use: Vista OCAPI attribute
// names / short names, Pathé title suffixes, Veezi, Dutch filmhuis pages, French listings.

const attributeList: Array<
  [code: string, category: AttributeCategory, en: string, nl: string, synonyms: string[]]
> = [
  ["2d", "format", "2D", "2D", ["2D", "Digital 2D", "2D digital", "Digitaal"]],
  ["3d", "format", "3D", "3D", ["3D", "RealD 3D", "Real D 3D", "Digital 3D", "3-D", "Dolby 3D"]],
  ["imax", "format", "IMAX", "IMAX", ["IMAX", "IMAX 2D", "IMAX Laser", "IMAX with Laser", "IMAX 3D"]],
  ["4dx", "format", "4DX", "4DX", ["4DX", "4-DX", "4DX 2D", "4DX 3D"]],
  ["screenx", "format", "ScreenX", "ScreenX", ["ScreenX", "Screen X", "SCREENX"]],
  [
    "dolby-cinema",
    "format",
    "Dolby Cinema",
    "Dolby Cinema",
    ["Dolby Cinema", "Dolby Vision", "Dolby Vision + Atmos"],
  ],
  ["35mm", "format", "35mm print", "35mm-kopie", ["35mm", "35mm presentations", "35 mm", "35mm film print"]],
  [
    "dolby-atmos",
    "audio",
    "Dolby Atmos",
    "Dolby Atmos",
    ["Dolby Atmos", "Atmos", "Atmos: superior immersive sound"],
  ],
  [
    "ov",
    "language",
    "Original version",
    "Originele versie",
    [
      "OV",
      "Originele versie",
      "Original version",
      "Original Version",
      "Originele taal",
      "VO",
      "Version originale",
    ],
  ],
  [
    "nl-dubbed",
    "language",
    "Dutch dubbed",
    "Nederlands gesproken",
    ["NL", "Nederlandse versie", "Nederlands gesproken", "NL versie", "NL gesproken"],
  ],
  [
    "vf",
    "language",
    "French dubbed (VF)",
    "Frans gesproken (VF)",
    ["VF", "Version française", "Version francaise", "VF 3D"],
  ],
  [
    "vost",
    "language",
    "Original version with French subtitles (VOST)",
    "Originele versie, Frans ondertiteld (VOST)",
    ["VOST", "VOSTF", "VOSTFR", "VO sous-titrée", "VO st", "VOSTF 3D"],
  ],
  ["da-dubbed", "language", "Danish dubbed", "Deens gesproken", ["Dansk tale", "DK tale", "Danske stemmer"]],
  [
    "nl-subs",
    "subtitles",
    "Dutch subtitles",
    "Nederlands ondertiteld",
    ["Nederlands ondertiteld", "NL ondertiteld", "NL subs", "Nederlandse ondertiteling", "OV NL"],
  ],
  [
    "en-subs",
    "subtitles",
    "English subtitles",
    "Engels ondertiteld",
    ["English subtitles", "Engels ondertiteld", "EN subs", "Subtitled in English", "English subs", "OmeU"],
  ],
  [
    "fr-subs",
    "subtitles",
    "French subtitles",
    "Frans ondertiteld",
    ["Sous-titres français", "ST FR", "STF", "French subtitles"],
  ],
  [
    "da-subs",
    "subtitles",
    "Danish subtitles",
    "Deens ondertiteld",
    ["Danske undertekster", "Dansk tekst", "DK tekst", "Danish subtitles"],
  ],
  [
    "audio-description",
    "accessibility",
    "Audio description",
    "Audiodescriptie",
    ["Audio Described", "Audio Description", "AD", "Audiodescriptie", "Audiodescription"],
  ],
  [
    "subtitled-for-deaf",
    "accessibility",
    "Subtitles for the deaf and hard of hearing",
    "Ondertiteling voor doven en slechthorenden",
    [
      "Open Captioned",
      "Captioned",
      "Subtitled",
      "SDH",
      "ST-SME",
      "VFSTF",
      "Sous-titres SME",
      "Doof en slechthorend",
      "Tekst til hørehæmmede",
    ],
  ],
  [
    "relaxed",
    "accessibility",
    "Relaxed screening",
    "Prikkelarme voorstelling",
    ["Relaxed", "Relaxed screening", "Autism friendly", "Prikkelarm", "Prikkelarme voorstelling"],
  ],
  [
    "sneak-preview",
    "event",
    "Sneak preview",
    "Sneak preview",
    ["Sneak Preview", "Sneak", "Sneak Night", "Sneak Peek"],
  ],
  [
    "preview",
    "event",
    "Preview",
    "Voorpremière",
    [
      "Special Preview",
      "Preview",
      "Members preview",
      "Voorpremière",
      "Avant-première",
      "Premiere",
      "Forpremiere",
    ],
  ],
  [
    "ladies-night",
    "event",
    "Ladies night",
    "Ladies night",
    ["Ladies Night", "Ladies' Night", "Ladies Nite", "Pathé Ladies Night", "Girls Night"],
  ],
  [
    "kids",
    "event",
    "Kids screening",
    "Kindervoorstelling",
    ["Kids Club", "Kids", "Kinderfilm", "Kindervoorstelling", "Ciné-goûter", "Børnefilm"],
  ],
  [
    "baby-club",
    "event",
    "Parent & baby screening",
    "Ouder-en-babyvoorstelling",
    ["Baby Club", "Parent & Baby", "Parent and Baby", "Ouder & Baby", "Baby bio"],
  ],
  [
    "q-and-a",
    "event",
    "Q&A",
    "Nagesprek (Q&A)",
    ["Q&A", "Screening followed by a Q&A", "Nagesprek", "Ciné-débat", "Rencontre", "Intro"],
  ],
  [
    "live-event",
    "event",
    "Live event",
    "Live-evenement",
    ["Live event", "Live", "Live Via Satellite", "NT Live", "Opera", "Ballet", "Concert"],
  ],
];

function buildAttributes(): DemoAttribute[] {
  return attributeList.map(([code, category, en, nl, synonyms]) => ({
    code,
    category,
    names: { en, nl },
    synonyms: [...new Set(synonyms.map((s) => s.toLowerCase()))],
  }));
}

// ---------------------------------------------------------------------------------------------

/** Compact JSON, one object per line (readable diffs). */
function jsonLines(rows: unknown[]): string {
  return `[\n${rows.map((r) => JSON.stringify(r)).join(",\n")}\n]\n`;
}

async function main() {
  const chains = await buildChains();
  const chainSlugs = new Set(chains.map((c) => c.slug));
  const drafts = [
    ...(await buildFrance(chainSlugs)),
    ...(await buildDenmark()),
    ...(await buildNetherlandsArthouse()),
    ...buildNetherlandsChains(),
  ];
  for (const d of drafts) {
    if (d.chain && !chainSlugs.has(d.chain)) throw new Error(`cinema ${d.name}: unknown chain ${d.chain}`);
    if (!countryCodes.has(d.country)) throw new Error(`cinema ${d.name}: unknown country ${d.country}`);
  }
  const cinemas = assignCinemaSlugs(drafts);
  const movies = await buildMovies();
  const attributes = buildAttributes();

  await mkdir(outDir, { recursive: true });
  const files: Array<[string, unknown[]]> = [
    ["countries.json", countries],
    ["chains.json", chains],
    ["cinemas.json", cinemas],
    ["movies.json", movies],
    ["attributes.json", attributes],
  ];
  let total = 0;
  for (const [name, rows] of files) {
    const text = jsonLines(rows);
    total += Buffer.byteLength(text);
    await writeFile(new URL(name, outDir), text);
    console.log(
      `${name.padEnd(16)} ${String(rows.length).padStart(5)} rows  ${(Buffer.byteLength(text) / 1024).toFixed(0).padStart(5)} KiB`,
    );
  }
  const perCountry = new Map<string, number>();
  for (const c of cinemas) perCountry.set(c.country, (perCountry.get(c.country) ?? 0) + 1);
  console.log(`cinemas per country: ${[...perCountry].map(([k, v]) => `${k} ${v}`).join(", ")}`);
  console.log(`total ${(total / 1024).toFixed(0)} KiB`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
