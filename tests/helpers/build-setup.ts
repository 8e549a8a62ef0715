// Vitest global setup: the server tests run the real production build, built here when stale.
import { ensureBuild } from "../../scripts/ensure-build.ts";

export default function setup() {
  ensureBuild((line) => console.log(`[test setup] ${line}`));
}
