// Merges translated parts into one locale file, in en.json's key order (for translators and helpers):
//   node scripts/i18n-merge.ts <locale> <directory of *.json parts>
// Later parts win over earlier ones (sorted by name); keys English does not have are left out and named.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isLocale } from "../core/i18n/locales.ts";

const [locale, partsDirectory] = process.argv.slice(2);
if (!locale || !partsDirectory || !isLocale(locale)) {
  console.error("usage: node scripts/i18n-merge.ts <locale> <directory of *.json parts>");
  process.exit(2);
}
const localesDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "locales");
const english = JSON.parse(readFileSync(path.join(localesDirectory, "en.json"), "utf8")) as Record<
  string,
  string
>;
const translated: Record<string, string> = {};
for (const file of readdirSync(partsDirectory)
  .filter((f) => f.endsWith(".json"))
  .sort()) {
  Object.assign(
    translated,
    JSON.parse(readFileSync(path.join(partsDirectory, file), "utf8")) as Record<string, string>,
  );
}
const merged: Record<string, string> = {};
for (const key of Object.keys(english)) if (key in translated) merged[key] = translated[key]!;
const ignored = Object.keys(translated).filter((key) => !(key in english));
writeFileSync(path.join(localesDirectory, `${locale}.json`), `${JSON.stringify(merged, null, 2)}\n`);
console.log(
  `${locale}: ${Object.keys(merged).length} of ${Object.keys(english).length} keys written` +
    (ignored.length ? `; not in en.json: ${ignored.join(", ")}` : ""),
);
