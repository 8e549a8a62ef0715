// Reading the open data files in ../shared/data and normalising their values (slugs, URLs, numbers,
// distances), shared by every part of the demo dataset build.
import { readFile } from "node:fs/promises";

const sharedData = new URL("../../../shared/data/", import.meta.url);

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

export const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function https(url: string | null | undefined): string | null {
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
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(a));
}

export const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export function toInt(value: string | undefined): number | null {
  if (!value) return null;
  const n = Number(value.replace(",", "."));
  return Number.isFinite(n) && n > 0 ? Math.round(n) : null;
}

export async function readText(path: string): Promise<string> {
  return readFile(new URL(path, sharedData), "utf8");
}
