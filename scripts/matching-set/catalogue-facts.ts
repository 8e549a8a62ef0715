// What the Wikidata files do not say about the catalogue's films, written by hand.
import type { Movie } from "./matching-set-types.ts";

/** Years written by hand, by IMDb id: remakes and films sharing a title must be told apart. */
// prettier-ignore
export const YEARS: Record<string, number> = {
  // remakes within the crosswalk
  tt0051622: 1958, tt0091064: 1986, // The Fly
  tt0055824: 1962, tt0101540: 1991, // Cape Fear
  tt0074285: 1976, tt0319970: 2002, tt1939659: 2013, tt0044486: 1952, // Carrie
  tt0077651: 1978, tt0373883: 2007, tt1502407: 2018, // Halloween
  tt0023427: 1932, tt0086250: 1983, // Scarface
  tt0024216: 1933, tt0074751: 1976, tt0360717: 2005, // King Kong
  tt0084787: 1982, tt0905372: 2011, // The Thing
  tt0054215: 1960, tt0155975: 1998, // Psycho
  tt0064505: 1969, tt0317740: 2003, // The Italian Job
  tt0100802: 1990, tt1386703: 2012, // Total Recall
  tt0093870: 1987, tt1234721: 2014, // RoboCop
  tt0029606: 1937, tt0047522: 1954, tt0075265: 1976, tt1517451: 2018, // A Star Is Born
  tt0061852: 1967, tt3040964: 2016, // The Jungle Book
  tt0110357: 1994, tt6105098: 2019, // The Lion King
  tt0033563: 1941, tt3861390: 2019, // Dumbo
  tt0087332: 1984, tt1289401: 2016, // Ghostbusters
  tt0087538: 1984, tt1155076: 2010, // The Karate Kid
  tt0087277: 1984, tt1068242: 2011, // Footloose
  tt0065126: 1969, tt1403865: 2010, // True Grit
  tt0054047: 1960, tt2404435: 2016, // The Magnificent Seven
  tt0052618: 1959, tt2638144: 2016, // Ben-Hur
  tt0047034: 1954, tt0120685: 1998, tt0831387: 2014, // Godzilla
  tt0071877: 1974, tt3402236: 2017, // Murder on the Orient Express
  tt2096673: 2015, tt1640486: 2011, // Inside Out
  tt2294629: 2013, tt1323045: 2010, // Frozen
  tt7286456: 2019, tt1918886: 2012, // Joker
  tt0172495: 2000, tt0104346: 1992, // Gladiator
  tt1524137: 2012, tt0032356: 1940, // Contraband
  tt0024264: 1933, tt0041594: 1949, tt0110367: 1994, // Little Women
  // older films sharing a title with a 2023–2024 release
  tt0098206: 1989, tt0120357: 1997, tt0245844: 2002, tt0193364: 2001, tt0304711: 2003, tt0334405: 2002,
  tt6688022: 2018, tt2091478: 2015, tt1809231: 2011, tt0080406: 1980, tt0094747: 1988, tt1297919: 2011,
  tt5716464: 2017, tt3365778: 2014, tt5316540: 2019, tt0088939: 1985, tt5881528: 2018, tt0100998: 1990,
  tt1734433: 2012, tt3090634: 2014, tt0486321: 2008, tt0339071: 2003, tt1127886: 2011, tt0063850: 1968,
  tt1356864: 2010, tt0064638: 1969, tt5834854: 2019, tt0377092: 2004, tt0340855: 2003, tt2446600: 2014,
  tt0013442: 1922, tt1846487: 2012, tt2392672: 2014, tt0457513: 2006, tt2347497: 2012, tt2638662: 2015,
  tt0796368: 2007, tt0083726: 1982, tt2133333: 2012, tt0077504: 1978, tt0097757: 1989, tt0376968: 2003,
  tt1708537: 2011, tt6304046: 2017, tt0090190: 1984, tt8652728: 2019, tt0335563: 2003,
  tt0117998: 1996, tt0094721: 1988, tt0078748: 1979, tt0090605: 1986,
  // films the feeds name
  tt1034415: 2018, tt8075192: 2018, tt6155172: 2018, tt8254556: 2018, tt1379182: 2009, tt2718492: 2013,
  tt0079944: 1979, tt0092048: 1985, tt0050613: 1957, tt0296042: 2001, tt0118787: 1997, tt5942864: 2018,
  tt0405094: 2006, tt4964788: 2018, tt0074084: 1976, tt0022100: 1931, tt0499549: 2009, tt0083658: 1982,
  tt1706593: 2012, tt1805297: 2010, tt7961060: 2018, tt6412864: 2017, tt6186232: 2017, tt0071562: 1974,
  tt3521164: 2016, tt0441773: 2008, tt1302011: 2011, tt2267968: 2016, tt1690953: 2013, tt3469046: 2017,
  tt0245429: 2001, tt0347149: 2004, tt0096283: 1988, tt4281724: 2016, tt0397103: 2009, tt3076658: 2015,
  tt6343314: 2018, tt2911666: 2014, tt2015381: 2014, tt0117060: 1996, tt0099726: 1990, tt1392170: 2012,
  tt0107719: 1993, tt0795421: 2008, tt2051879: 2013, tt1509767: 2011, tt0266543: 2003, tt0114709: 1995,
};

/**
 * Older crosswalk films named like 2025 releases the feeds list ("Drop", "A Working Man", "Alpha"), added
 * with their years after the sample, which they leave as it was. The namesakes of "The Amateur",
 * "The Ritual", "The Running Man" and "Aftermath" are in the sample without a year, as a catalogue may
 * have them.
 */
export const NAMESAKES: Record<string, number> = { tt1600196: 2014, tt8391044: 2019, tt4244998: 2018 };

/** Originals and Dutch release titles written by hand, by IMDb id. */
export const EXTRA: Record<string, Partial<Movie>> = {
  tt8075192: { original_title: "Manbiki kazoku", original_language: "ja" },
  tt0405094: { original_title: "Das Leben der Anderen", original_language: "de" },
  tt4964788: { original_title: "Todos lo saben", original_language: "es" },
  tt0074084: { original_title: "Novecento", original_language: "it" },
  tt0022100: { original_title: "M – Eine Stadt sucht einen Mörder", original_language: "de" },
  tt1379182: { original_title: "Kynodontas", original_language: "el" },
  tt1805297: { original_title: "Les Femmes du 6e étage", original_language: "fr" },
  tt0296042: { original_title: "Koroshiya 1", original_language: "ja" },
  tt0050613: { original_title: "Kumonosu-jō", original_language: "ja" },
  tt0110357: { title_nl: "De Leeuwenkoning" },
  tt6105098: { title_nl: "De Leeuwenkoning" },
  tt0061852: { title_nl: "Jungle Boek" },
  tt3040964: { title_nl: "Jungle Boek" },
  tt2096673: { title_nl: "Binnenstebuiten" },
  tt3521164: { title_nl: "Vaiana" },
  tt0097757: { title_nl: "De Kleine Zeemeermin" },
  tt0042332: { title_nl: "Assepoester" },
  tt0245429: { title_nl: "De reis van Chihiro", original_title: "Sen to Chihiro no kamikakushi" },
  tt0347149: { title_nl: "Het wandelende kasteel", original_title: "Hauru no ugoku shiro" },
  tt0096283: { title_nl: "Mijn buurman Totoro", original_title: "Tonari no Totoro" },
  tt1690953: { title_nl: "Verschrikkelijke Ikke 2" },
  tt3469046: { title_nl: "Verschrikkelijke Ikke 3" },
  tt0448694: { title_nl: "De Gelaarsde Kat" },
};

/** 2023–2024 releases: originals and Dutch titles by (Wikidata) title, years of re-released classics. */
export const RECENT: Record<string, Partial<Movie>> = {
  "Inside Out 2": { title_nl: "Binnenstebuiten 2" },
  "Moana 2": { title_nl: "Vaiana 2" },
  "Despicable Me 4": { title_nl: "Verschrikkelijke Ikke 4" },
  "The Wild Robot": { title_nl: "De Wilde Robot" },
  "The Little Mermaid": { title_nl: "De Kleine Zeemeermin" },
  "Mufasa: The Lion King": { title_nl: "Mufasa: De Leeuwenkoning" },
  "The Super Mario Bros. Movie": { title_nl: "The Super Mario Bros. Film" },
  "The Garfield Movie": { title_nl: "Garfield: De Film" },
  "The Boy and the Heron": { title_nl: "De Jongen en de Reiger", original_title: "Kimitachi wa dō ikiru ka" },
  "Puss in Boots: The Last Wish": { title_nl: "De Gelaarsde Kat 2: De Laatste Wens" },
  "Anatomy of a Fall": { original_title: "Anatomie d'une chute", original_language: "fr" },
  "Fallen Leaves": { original_title: "Kuolleet lehdet", original_language: "fi" },
  "The Teacher's Lounge": { original_title: "Das Lehrerzimmer", original_language: "de" },
  "The Taste of Things": { original_title: "La Passion de Dodin Bouffant", original_language: "fr" },
  "Society of the Snow": { original_title: "La sociedad de la nieve", original_language: "es" },
  "The Beast": { original_title: "La Bête", original_language: "fr" },
  "Green Border": { original_title: "Zielona granica", original_language: "pl" },
  "The Peasants": { original_title: "Chłopi", original_language: "pl" },
  "About Dry Grasses": { original_title: "Kuru Otlar Üstüne", original_language: "tr" },
  Afire: { original_title: "Roter Himmel", original_language: "de" },
  "There Is Still Tomorrow": { original_title: "C'è ancora domani", original_language: "it" },
  "The Girl with the Needle": { original_title: "Pigen med nålen", original_language: "da" },
  Flow: { original_title: "Straume", original_language: "lv" },
  "I'm Still Here": { original_title: "Ainda Estou Aqui", original_language: "pt" },
  "Kill the Jockey": { original_title: "El jockey", original_language: "es" },
  "Evil Does Not Exist": { original_title: "Aku wa sonzai shinai", original_language: "ja" },
  "Perfect Days": { original_language: "ja" },
  "Io capitano": { original_language: "it" },
  "Emilia Pérez": { original_language: "fr" },
  Monster: { original_title: "Kaibutsu", original_language: "ja" },
  "Godzilla Minus One": { original_title: "Gojira -1.0", original_language: "ja" },
};
export const REISSUES: Record<string, number> = {
  "ABBA: The Movie": 1977,
  "Battles Without Honor and Humanity": 1973,
  "City of God": 2002,
  "Dilwale Dulhania Le Jayenge": 1995,
  Gladiator: 2000,
  "Interstella 5555: The 5tory of the 5ecret 5tar 5ystem": 2003,
  "Jeanne Dielman, 23 quai du Commerce, 1080 Bruxelles": 1975,
  "Spirited Away": 2001,
  "The City of Lost Children": 1995,
  "The Last Waltz": 1978,
  "The Naked Gun: From the Files of Police Squad!": 1988,
  "Demon Slayer: Kimetsu no Yaiba the Movie: Mugen Train": 2020,
  "Digimon Adventure: Last Evolution Kizuna": 2020,
  Benediction: 2021,
};

/** Films without external ids (written by hand): their key is their slug. */
export const KEY_ONLY: Movie[] = [
  { key: "suspiria-1977", title: "Suspiria", year: 1977, runtime_minutes: 99, original_language: "it" },
  {
    key: "cold-war-2018",
    title: "Cold War",
    original_title: "Zimna wojna",
    year: 2018,
    runtime_minutes: 88,
    original_language: "pl",
  },
  {
    key: "de-wilde-stad",
    title: "De wilde stad",
    year: 2018,
    runtime_minutes: 82,
    original_language: "nl",
    title_nl: "De wilde stad",
  },
  {
    key: "dragon-inn-1967",
    title: "Dragon Inn",
    original_title: "Lóng mén kèzhàn",
    year: 1967,
    runtime_minutes: 111,
  },
  {
    key: "the-ballad-of-narayama-1983",
    title: "The Ballad of Narayama",
    original_title: "Narayama bushikō",
    year: 1983,
    runtime_minutes: 130,
  },
  {
    key: "het-smelt",
    title: "When It Melts",
    original_title: "Het smelt",
    year: 2023,
    runtime_minutes: 111,
    original_language: "nl",
    title_nl: "Het smelt",
  },
  { key: "met-opera-la-boheme-2025", title: "The Met: La Bohème", year: 2025, runtime_minutes: 175 },
  {
    key: "royal-ballet-the-nutcracker-2024",
    title: "Royal Ballet: The Nutcracker",
    year: 2024,
    runtime_minutes: 135,
  },
  {
    key: "the-story-of-the-weeping-camel",
    title: "The Story of the Weeping Camel",
    year: 2003,
    runtime_minutes: 87,
  },
  {
    key: "little-otik",
    title: "Little Otik",
    original_title: "Otesánek",
    year: 2000,
    runtime_minutes: 132,
    original_language: "cs",
  },
];
