// node scripts/generate-feed-schema.ts — writes docs/feeds/reeltime-feed.schema.json, the JSON Schema
// of the native JSON feed, generated from its zod schema (core/ingest/adapters/native-row.ts).
// core/ingest/adapters/reeltime-json.test.ts fails when the committed file is stale.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import prettier from "prettier";
import { nativeFeedJsonSchema } from "../core/ingest/adapters/native-row.ts";

const root = path.resolve(import.meta.dirname, "..");
export const FEED_SCHEMA_FILE = path.join(root, "docs/feeds/reeltime-feed.schema.json");

export async function generateFeedSchema(): Promise<string> {
  const options = (await prettier.resolveConfig(FEED_SCHEMA_FILE)) ?? {};
  return prettier.format(JSON.stringify(nativeFeedJsonSchema()), { ...options, filepath: FEED_SCHEMA_FILE });
}

export async function committedFeedSchema(): Promise<string> {
  return readFile(FEED_SCHEMA_FILE, "utf8").catch(() => "");
}

if (import.meta.main) {
  await writeFile(FEED_SCHEMA_FILE, await generateFeedSchema());
  console.log(`Wrote ${path.relative(root, FEED_SCHEMA_FILE)}`);
}
