// Runs the test files that reach a database or Redis: the ones whose imports lead, directly or
// through other modules, to tests/helpers/test-db.ts, or to a module that reads TEST_REDIS_URL, and the
// fault suites in tests/faults/ (they start servers of their own; vitest.config.ts leaves them out of
// the embedded pass).
// CI runs the whole suite once on PGlite and then only these again on PostgreSQL and Redis
// (docs/decisions/019-ci-time.md): a test that touches neither gives the same answer twice.
//   node scripts/integration-tests.ts [--list] [vitest options…]
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const DATABASE_HELPER = path.join(root, "tests/helpers/test-db.ts");
const FAULT_SUITES = path.join(root, "tests/faults") + path.sep;
const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+\.tsx?)["']/g;

const sources = new Map<string, string>();
function source(file: string): string {
  let text = sources.get(file);
  if (text === undefined) {
    // Generated route types (./+types/…) may not exist yet; they import nothing that runs.
    text = existsSync(file) ? readFileSync(file, "utf8") : "";
    sources.set(file, text);
  }
  return text;
}

/** Whether `file` or anything it imports (relative imports, static or dynamic) uses a real service. */
const reaches = new Map<string, boolean>();
function reachesService(file: string, visiting = new Set<string>()): boolean {
  const known = reaches.get(file);
  if (known !== undefined) return known;
  if (visiting.has(file)) return false;
  visiting.add(file);
  const text = source(file);
  let result = file === DATABASE_HELPER || text.includes("TEST_REDIS_URL") || file.startsWith(FAULT_SUITES);
  for (const match of text.matchAll(IMPORT)) {
    if (result) break;
    result = reachesService(path.resolve(path.dirname(file), match[1]!), visiting);
  }
  visiting.delete(file);
  if (result || visiting.size === 0) reaches.set(file, result);
  return result;
}

const testFiles = spawnSync("git", ["ls-files", "*.test.ts", "*.test.tsx"], { cwd: root, encoding: "utf8" })
  .stdout.split("\n")
  .filter((file) => file !== "" && !file.startsWith("tests/e2e/"));
const selected = testFiles.filter((file) => reachesService(path.join(root, file)));

const args = process.argv.slice(2);
if (args.includes("--list")) {
  console.log(selected.join("\n"));
  console.error(`${selected.length} of ${testFiles.length} test files reach a database or Redis`);
  process.exit(0);
}
console.log(`${selected.length} of ${testFiles.length} test files reach a database or Redis`);
const vitest = spawnSync("npx", ["vitest", "run", ...args, ...selected], { cwd: root, stdio: "inherit" });
process.exit(vitest.status ?? 1);
