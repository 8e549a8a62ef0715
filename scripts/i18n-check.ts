// Checks locale files against en.json as the test does, and lists what to fix:
//   node scripts/i18n-check.ts [locale ...]   (every file in locales/ when none is named)
// Exit code 0 when every named catalogue is finished, 1 otherwise.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isLocale } from "../core/i18n/locales.ts";
import { catalogueProblems, checkCatalogue, type Messages } from "../locales/catalogue-checks.ts";

const directory = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "locales");
const read = (locale: string): Messages =>
  JSON.parse(readFileSync(path.join(directory, `${locale}.json`), "utf8")) as Messages;

const named = process.argv.slice(2);
const locales =
  named.length > 0
    ? named
    : readdirSync(directory)
        .filter((file) => file.endsWith(".json"))
        .map((file) => file.slice(0, -".json".length));
const english = read("en");
let failed = false;
for (const locale of locales) {
  if (!isLocale(locale)) {
    console.log(`${locale}: not a locale of SPEC.md §9`);
    failed = true;
    continue;
  }
  const report = checkCatalogue(locale, read(locale), english);
  const problems = catalogueProblems(report);
  console.log(
    `${locale}: ${problems.length === 0 ? "finished" : `${problems.length} problems`} ` +
      `(identical to English ${report.identical.length}, without the script ${report.wrongScript.length}, of ${report.multiWordCount} multi-word messages)`,
  );
  for (const problem of problems.slice(0, 200)) console.log(`  ${problem}`);
  if (report.identical.length > 0) console.log(`  identical: ${report.identical.slice(0, 60).join(", ")}`);
  if (report.wrongScript.length > 0)
    console.log(`  without the script: ${report.wrongScript.slice(0, 60).join(", ")}`);
  if (problems.length > 0) failed = true;
}
process.exit(failed ? 1 : 0);
