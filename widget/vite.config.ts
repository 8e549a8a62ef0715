// The widget's own build (`npm run build` runs it after the app's): one minified IIFE and one stylesheet
// at build/client/widget/v1/reeltime.{js,css}, plus content-hashed copies (reeltime.<hash>.js / .css)
// that may be cached for ever, named in manifest.json. The widget's texts are the `widget.*` keys of every
// interface locale: English inside the script, each other locale's as reeltime.<locale>.<hash>.json beside
// it (fetched only by a widget that speaks that locale), the hash being that of all locales' widget texts.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { LOCALES, type Locale } from "../core/i18n/locales.ts";

const root = import.meta.dirname;
const outDir = path.resolve(root, "../build/client/widget/v1");

const hashOf = (content: string | Buffer) => createHash("sha256").update(content).digest("hex").slice(0, 10);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/**
 * Each locale's `widget.*` texts. The widget fills in `{name}` and nothing more: a text with any other
 * MessageFormat syntax (plural, select, quoting), or other placeholders than English's, fails the build.
 */
function widgetMessages(): Map<Locale, Record<string, string>> {
  const catalogues = new Map<Locale, Record<string, string>>();
  for (const locale of LOCALES) {
    const all = JSON.parse(readFileSync(path.resolve(root, `../locales/${locale}.json`), "utf8")) as Record<
      string,
      string
    >;
    catalogues.set(
      locale,
      Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith("widget."))),
    );
  }
  const english = catalogues.get("en") ?? {};
  for (const [locale, messages] of catalogues)
    for (const [key, text] of Object.entries(messages)) {
      const expected = placeholders(english[key] ?? "").join();
      if (
        /[{}]/.test(text.replace(/\{\w+\}/g, "")) ||
        /'[{}#']/.test(text) ||
        placeholders(text).join() !== expected
      )
        throw new Error(`locales/${locale}.json ${key}: the widget takes plain text with {${expected}} only`);
    }
  return catalogues;
}

const messages = widgetMessages();
const messagesHash = hashOf(JSON.stringify([...messages]));
const messagesFile = (locale: Locale) => `reeltime.${locale}.${messagesHash}.json`;

/**
 * Writes reeltime.<hash>.js and .css beside the stable names, every locale's texts but English's, and
 * manifest.json naming them all ("reeltime.de.json": "reeltime.de.<hash>.json").
 */
function hashedCopies(): Plugin {
  return {
    name: "reeltime-hashed-copies",
    writeBundle() {
      const manifest: Record<string, string> = {};
      for (const file of ["reeltime.js", "reeltime.css"]) {
        const content = readFileSync(path.join(outDir, file));
        const hashed = file.replace(/\.(js|css)$/, `.${hashOf(content)}.$1`);
        writeFileSync(path.join(outDir, hashed), content);
        manifest[file] = hashed;
      }
      for (const [locale, texts] of messages) {
        if (locale === "en") continue;
        writeFileSync(path.join(outDir, messagesFile(locale)), JSON.stringify(texts));
        manifest[`reeltime.${locale}.json`] = messagesFile(locale);
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
    __REELTIME_EN__: JSON.stringify(messages.get("en")),
    __REELTIME_MESSAGES_HASH__: JSON.stringify(messagesHash),
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
