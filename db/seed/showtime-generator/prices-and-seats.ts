// Ticket prices (minor units) and how full a show is.
import type { Venue } from "./demo-venues.ts";
import type { Availability } from "./generated-showtime.ts";
import type { Film } from "./now-playing.ts";
import { rngFor } from "./seeded-random.ts";

export function basePrice(v: Venue): number {
  const r = rngFor(`price:${v.c.slug}`)();
  const step = (lo: number, hi: number, unit: number) => Math.round((lo + r * (hi - lo)) / unit) * unit;
  switch (v.currency) {
    case "DKK":
      return v.kind === "multiplex" ? step(11500, 14500, 500) : step(8500, 11500, 500);
    case "GBP":
      return v.kind === "multiplex" ? step(1100, 1600, 50) : step(900, 1300, 50);
    default:
      if (v.c.country === "FR") {
        return v.kind === "multiplex"
          ? step(1150, 1450, 10)
          : v.kind === "village" || v.kind === "itinerant"
            ? step(550, 750, 10)
            : step(750, 1000, 10);
      }
      return v.kind === "multiplex" ? step(1250, 1650, 50) : step(1050, 1350, 50);
  }
}

export const premiumSurcharge: Record<string, number> = {
  imax: 0.3,
  "dolby-cinema": 0.3,
  "4dx": 0.45,
  screenx: 0.25,
  "3d": 0.2,
};

export function occupancy(
  startMinute: number,
  weekday: number,
  dayIndex: number,
  film: Film | null,
  r: number,
): number {
  const h = startMinute / 60;
  let base = h < 12 ? 0.2 : h < 17 ? 0.32 : h < 19 ? 0.5 : h < 21.5 ? 0.78 : h < 24 ? 0.55 : 0.4;
  const weekend = weekday === 5 || weekday === 6 || (weekday === 0 && h < 20);
  base *= weekend ? 1.45 : weekday === 3 ? 1.1 : 0.8;
  if (film) base *= 0.55 + Math.min(film.popularity, 110) / 90;
  base *= Math.max(0.15, 1 - dayIndex * 0.09); // far ahead: fewer tickets sold yet
  return Math.min(1, Math.max(0, base * (0.3 + r * r * 1.7)));
}

export function availabilityOf(available: number, total: number): Availability {
  if (available <= 0) return "sold-out";
  if (available <= Math.max(10, Math.round(total * 0.1))) return "few-left";
  return "available";
}
