// Reads the committed demo dataset (db/seed/data/*.json, built by scripts/build-demo-data.ts).
import { readFile } from "node:fs/promises";
import type {
  DemoAttribute,
  DemoChain,
  DemoCinema,
  DemoCountry,
  DemoData,
  DemoMovie,
} from "./demo-data-types.ts";

export const demoDataDir = new URL("./data/", import.meta.url);

async function readJson<T>(name: string): Promise<T> {
  return JSON.parse(await readFile(new URL(name, demoDataDir), "utf8")) as T;
}

export async function loadDemoData(): Promise<DemoData> {
  const [countries, chains, cinemas, movies, attributes] = await Promise.all([
    readJson<DemoCountry[]>("countries.json"),
    readJson<DemoChain[]>("chains.json"),
    readJson<DemoCinema[]>("cinemas.json"),
    readJson<DemoMovie[]>("movies.json"),
    readJson<DemoAttribute[]>("attributes.json"),
  ]);
  return { countries, chains, cinemas, movies, attributes };
}
