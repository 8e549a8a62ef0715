// The widget's files as the public site links them: the content-hashed copies (cached for a year) from
// the manifest the widget's build writes, or the stable names when there is no manifest (development).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export type WidgetAssets = { script: string; stylesheet: string };

const BASE = "/widget/v1/";
const STABLE: WidgetAssets = { script: `${BASE}reeltime.js`, stylesheet: `${BASE}reeltime.css` };

let assets: WidgetAssets | undefined;

/** Read once: the manifest changes only with a new build, which is a new server process. */
export function widgetAssets(): WidgetAssets {
  if (assets) return assets;
  try {
    // build/server/index.js → build/client/widget/v1/manifest.json
    const path = fileURLToPath(new URL("../client/widget/v1/manifest.json", import.meta.url));
    const manifest = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
    const script = manifest["reeltime.js"];
    const stylesheet = manifest["reeltime.css"];
    assets =
      typeof script === "string" && typeof stylesheet === "string"
        ? { script: BASE + script, stylesheet: BASE + stylesheet }
        : STABLE;
  } catch {
    assets = STABLE;
  }
  return assets;
}
