// The widget's own build (`npm run build` runs it after the app's): one minified IIFE and one stylesheet
// at build/client/widget/v1/reeltime.{js,css}, plus content-hashed copies (reeltime.<hash>.js / .css)
// that may be cached for ever, named in manifest.json. The widget's texts come from the `widget.*` keys
// of the locales it speaks.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

const root = import.meta.dirname;
const outDir = path.resolve(root, "../build/client/widget/v1");
const LOCALES = ["en", "nl"] as const;

function widgetMessages(): Record<string, Record<string, string>> {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const all = JSON.parse(readFileSync(path.resolve(root, `../locales/${locale}.json`), "utf8")) as Record<
        string,
        string
      >;
      return [locale, Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith("widget.")))];
    }),
  );
}

/** Writes reeltime.<hash>.js and .css beside the stable names, and manifest.json naming them. */
function hashedCopies(): Plugin {
  return {
    name: "reeltime-hashed-copies",
    writeBundle() {
      const manifest: Record<string, string> = {};
      for (const file of ["reeltime.js", "reeltime.css"]) {
        const content = readFileSync(path.join(outDir, file));
        const hash = createHash("sha256").update(content).digest("hex").slice(0, 10);
        const hashed = file.replace(/\.(js|css)$/, `.${hash}.$1`);
        writeFileSync(path.join(outDir, hashed), content);
        manifest[file] = hashed;
      }
      writeFileSync(path.join(outDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}

const version = (
  JSON.parse(readFileSync(path.resolve(root, "../package.json"), "utf8")) as { version: string }
).version;

export default defineConfig({
  root,
  publicDir: false,
  logLevel: "warn",
  define: {
    __REELTIME_MESSAGES__: JSON.stringify(widgetMessages()),
    __REELTIME_VERSION__: JSON.stringify(version),
  },
  build: {
    outDir,
    emptyOutDir: true,
    target: "es2020",
    sourcemap: false,
    lib: {
      entry: path.join(root, "src/main.ts"),
      formats: ["iife"],
      name: "ReeltimeWidget",
      fileName: () => "reeltime.js",
      cssFileName: "reeltime",
    },
  },
  plugins: [hashedCopies()],
});
