// Chains of the demo dataset: name-suggestion-index brands/amenity/cinema.json, European ones.
import type { DemoChain } from "../../db/seed/demo-data-types.ts";
import { countryCodes } from "./demo-countries.ts";
import { compare, readText, slugify } from "./source-values.ts";

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
export const chainWebsites: Record<string, string> = {
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

export async function buildChains(): Promise<DemoChain[]> {
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
