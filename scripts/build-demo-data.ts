// Builds the committed demo dataset in db/seed/data/*.json from the openly licensed files in
// ../shared/data (see NOTICE and docs/demo-data.md). Run: node scripts/build-demo-data.ts
//
// Only openly licensed inputs are read: CNC (Licence Ouverte 2.0), OpenStreetMap (ODbL),
// expatcinema (MIT), name-suggestion-index (BSD-3-Clause) and Wikidata (CC0). Nothing from
// feeds/unlicensed/ or the TMDB / "the movies dataset" files is used. The output is
// deterministic: same inputs, byte-identical files.
import { mkdir, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { assignCinemaSlugs } from "./demo-data/cinema-drafts.ts";
import { buildAttributes } from "./demo-data/demo-attributes.ts";
import { buildChains } from "./demo-data/demo-chains.ts";
import { countries, countryCodes } from "./demo-data/demo-countries.ts";
import { buildMovies } from "./demo-data/demo-movies.ts";
import { buildDenmark } from "./demo-data/denmark-cinemas.ts";
import { buildFrance } from "./demo-data/france-cinemas.ts";
import { buildNetherlandsArthouse, buildNetherlandsChains } from "./demo-data/netherlands-cinemas.ts";

const outDir = new URL("../db/seed/data/", import.meta.url);

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
