import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadMessageCatalog, messagesUrl } from "./message-catalog.ts";

let dir: string;

async function write(files: Record<string, unknown>) {
  for (const [name, content] of Object.entries(files)) {
    await writeFile(path.join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
  }
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "reeltime-catalog-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const en = { "home.title": "Showtimes", "error.notFound": "Page not found: {path}" };
const nl = { "home.title": "Filmtijden", "error.notFound": "Pagina niet gevonden: {path}" };

describe("loadMessageCatalog", () => {
  it("serves a locale's own messages", async () => {
    await write({ "en.json": en, "nl.json": nl });
    const catalog = await loadMessageCatalog(dir);
    expect(catalog.messagesFor("nl")).toEqual(nl);
    expect(catalog.messagesFor("en")).toEqual(en);
    expect([...catalog.translated].sort()).toEqual(["en", "nl"]);
  });

  it("offers English and every locale whose file has all of English's keys, and no other", async () => {
    await write({ "en.json": en, "nl.json": nl, "de.json": { "home.title": "Spielzeiten" } });
    expect((await loadMessageCatalog(dir)).offered).toEqual(["en", "nl"]);
    // Finishing a file is all it takes to be offered.
    await write({ "de.json": { "home.title": "Spielzeiten", "error.notFound": "Nicht gefunden: {path}" } });
    expect((await loadMessageCatalog(dir)).offered).toEqual(["de", "en", "nl"]);
    // An empty text is not a translation.
    await write({ "de.json": { "home.title": "Spielzeiten", "error.notFound": " " } });
    expect((await loadMessageCatalog(dir)).offered).toEqual(["en", "nl"]);
  });

  it("falls back to English for a locale without a file", async () => {
    await write({ "en.json": en, "nl.json": nl });
    const catalog = await loadMessageCatalog(dir);
    expect(catalog.messagesFor("ja")).toEqual(en);
    expect(catalog.translated.has("ja")).toBe(false);
  });

  it("fills keys a translation lacks from English", async () => {
    await write({ "en.json": en, "de.json": { "home.title": "Spielzeiten" } });
    const catalog = await loadMessageCatalog(dir);
    expect(catalog.messagesFor("de")).toEqual({ ...en, "home.title": "Spielzeiten" });
  });

  it("ignores files that are not a locale code", async () => {
    await write({ "en.json": en, "xx.json": { "home.title": "?" }, "README.md": "not json" });
    const catalog = await loadMessageCatalog(dir);
    expect([...catalog.translated]).toEqual(["en"]);
  });

  it("fails without en.json", async () => {
    await write({ "nl.json": nl });
    await expect(loadMessageCatalog(dir)).rejects.toThrow(/en\.json/);
  });

  it("hashes per locale: different content, different hash; same content, same hash", async () => {
    await write({ "en.json": en, "nl.json": nl });
    const catalog = await loadMessageCatalog(dir);
    expect(catalog.hashFor("nl")).not.toBe(catalog.hashFor("en"));
    // ja has no file: it serves English, so its hash is English's.
    expect(catalog.hashFor("ja")).toBe(catalog.hashFor("en"));
    expect(catalog.hashFor("nl")).toMatch(/^[0-9a-f]{12}$/);
    expect(catalog.hashFor("nl")).toBe(catalog.hashFor("nl"));
  });

  it("changes a locale's hash when its content changes, and only that locale's", async () => {
    await write({ "en.json": en, "nl.json": nl });
    const before = await loadMessageCatalog(dir);
    await write({ "nl.json": { ...nl, "home.title": "Bioscoopagenda" } });
    const after = await loadMessageCatalog(dir);
    expect(after.hashFor("nl")).not.toBe(before.hashFor("nl"));
    expect(after.hashFor("en")).toBe(before.hashFor("en"));
  });

  it("changes a fallback locale's hash when English changes", async () => {
    await write({ "en.json": en });
    const before = await loadMessageCatalog(dir);
    await write({ "en.json": { ...en, "home.title": "What's on" } });
    const after = await loadMessageCatalog(dir);
    expect(after.hashFor("ja")).not.toBe(before.hashFor("ja"));
  });

  it("builds the /_i18n URL from hash and locale", async () => {
    await write({ "en.json": en, "nl.json": nl });
    const catalog = await loadMessageCatalog(dir);
    expect(messagesUrl(catalog, "nl")).toBe(`/_i18n/${catalog.hashFor("nl")}/nl/messages.json`);
  });
});
