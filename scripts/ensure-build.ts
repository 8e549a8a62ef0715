// `npm start` (and the test setup) build first when there is no build yet or a source file is newer than it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildFile = path.join(root, "build/server/index.js");
const inputs = [
  "app",
  "core",
  "db",
  "locales",
  "public",
  "widget",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    // Tests are not part of the build.
    if (/\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function ensureBuild(log: (line: string) => void = console.log) {
  const builtAt = existsSync(buildFile) ? statSync(buildFile).mtimeMs : 0;
  const sourcesAt = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));
  if (builtAt >= sourcesAt) return false;
  log(builtAt ? "Sources changed since the last build: building…" : "No build yet: building…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
  return true;
}

if (import.meta.main) {
  try {
    ensureBuild();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
