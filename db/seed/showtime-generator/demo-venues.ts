// Cinemas as the generator sees them: their kind (multiplex, art house, village…), screens and seats,
// time zone, currency, language and how many listing days they publish.
import type { GeneratorCinema, ShowtimeGeneratorInput } from "./generated-showtime.ts";
import { rngFor } from "./seeded-random.ts";

/** Multiplexes schedule at most this many screens (keeps the demo volume sane). */
export const MAX_SCREENS = 10;
/**
 * France has 2,000+ venues (all of the CNC register) and publishes its programme a week at a
 * time: fewer listing days there keep the demo seed fast.
 */
export const DEFAULT_DAYS_BY_COUNTRY: Record<string, number> = { FR: 6 };

export type Kind = "multiplex" | "midsize" | "arthouse" | "village" | "itinerant";

export type Venue = {
  c: GeneratorCinema;
  kind: Kind;
  timeZone: string;
  currency: string;
  screens: number;
  /** seats per scheduled screen, screen 1 largest */
  screenSeats: number[];
  days: number;
  language: string;
};

const countryLanguage: Record<string, string> = {
  NL: "nl",
  BE: "nl",
  FR: "fr",
  DK: "da",
  DE: "de",
  GB: "en",
  IE: "en",
};
export const auditoriumWord: Record<string, string> = {
  NL: "Zaal",
  BE: "Zaal",
  FR: "Salle",
  DK: "Sal",
  DE: "Saal",
};
const bigChains = new Set([
  "pathe",
  "kinepolis",
  "ugc",
  "cgr",
  "megarama",
  "vue-nl",
  "vue",
  "cinemaxx",
  "nordisk-film-biografer",
  "mk2",
  "cineville",
  "grand-ecran",
  "odeon",
  "cineworld",
  "cinestar",
]);

function kindOf(c: GeneratorCinema, screens: number): Kind {
  if (c.itinerant) return "itinerant";
  if (screens >= 6 || (c.chain && bigChains.has(c.chain) && screens >= 4)) return "multiplex";
  if (c.arthouse && screens >= 2) return "arthouse";
  if (screens <= 1) return "village";
  return c.arthouse && c.country !== "FR" ? "arthouse" : "midsize";
}

export function buildVenue(
  c: GeneratorCinema,
  input: ShowtimeGeneratorInput,
  countries: Map<string, { timeZone: string; currency: string }>,
): Venue {
  const country = countries.get(c.country);
  if (!country) throw new Error(`cinema ${c.slug}: unknown country ${c.country}`);
  const rng = rngFor(`venue:${c.slug}`);
  const estimated =
    c.chain && bigChains.has(c.chain)
      ? 6 + Math.floor(rng() * 5)
      : c.arthouse
        ? 2 + Math.floor(rng() * 3)
        : 1 + Math.floor(rng() * 2);
  const screensReal = Math.max(1, c.screens ?? estimated);
  const kind = kindOf(c, screensReal);
  const screens = Math.min(screensReal, MAX_SCREENS);
  const perScreen = c.seats
    ? c.seats / screensReal
    : kind === "multiplex"
      ? 220
      : kind === "arthouse"
        ? 110
        : 160;
  // uneven auditoriums: screen 1 is the biggest
  const raw = Array.from(
    { length: screens },
    (_, i) => 1.6 - (1.1 * i) / Math.max(1, screens - 1) + rng() * 0.2,
  );
  const sum = raw.reduce((a, b) => a + b, 0);
  const screenSeats = raw.map((w) => Math.max(24, Math.round((perScreen * screens * w) / sum)));
  const maxDays = input.days ?? 14;
  const days = Math.min(maxDays, (input.daysByCountry ?? DEFAULT_DAYS_BY_COUNTRY)[c.country] ?? maxDays);
  return {
    c,
    kind,
    timeZone: c.timeZone ?? country.timeZone,
    currency: country.currency,
    screens,
    screenSeats,
    days,
    language: countryLanguage[c.country] ?? "en",
  };
}
