// Dutch cinemas of the demo dataset: the expatcinema art-house list (MIT) and hand-written chain
// venues, placed at city centres (approximate coordinates).
import type { CinemaDraft } from "./cinema-drafts.ts";
import { https, readText, slugify } from "./source-values.ts";

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

export async function buildNetherlandsArthouse(): Promise<CinemaDraft[]> {
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

export function buildNetherlandsChains(): CinemaDraft[] {
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
