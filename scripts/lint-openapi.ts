// npm run lint:openapi — builds the OpenAPI document of /api/v1 exactly as the server serves it (from the
// routes' own schemas; no database needed) and lints it with Spectral's `spectral:oas` ruleset
// (.spectral.yaml). Any error, warning, info or hint fails.
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "../server/api/v1/openapi-document.ts";

const root = path.resolve(import.meta.dirname, "..");
const dir = await mkdtemp(path.join(os.tmpdir(), "reeltime-openapi-"));
const file = path.join(dir, "openapi.json");
try {
  await writeFile(file, JSON.stringify(buildOpenApiDocument("http://localhost:3000"), null, 2));
  const spectral = path.join(root, "node_modules/.bin/spectral");
  const result = spawnSync(
    spectral,
    ["lint", file, "--ruleset", path.join(root, ".spectral.yaml"), "--fail-severity", "hint"],
    { stdio: "inherit" },
  );
  process.exitCode = result.status ?? 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
