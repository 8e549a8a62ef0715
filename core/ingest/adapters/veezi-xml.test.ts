import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FeedParseError } from "../feed.ts";
import { veeziJsonAdapter } from "./veezi-json.ts";
import { decodeXmlText, veeziXmlAdapter } from "./veezi-xml.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const read = (...parts: string[]) => readFileSync(path.resolve(repoRoot, ...parts), "utf8");
const sample = (file: string) => veeziXmlAdapter.parse(read("core/ingest/adapters/fixtures/veezi", file));
const parse = (input: string) => veeziXmlAdapter.parse(input);

describe("veezi-xml", () => {
  it("reads the XML samples as the JSON samples read", () => {
    for (const name of ["sessions", "web_sessions", "session", "films"]) {
      const xml = sample(`xml_${name}.xml`);
      const json = veeziJsonAdapter.parse(read("core/ingest/adapters/fixtures/veezi", `json_${name}.json`));
      expect(xml, name).toEqual(json);
    }
    const feed = sample("xml_sessions.xml");
    expect(feed.showtimes).toHaveLength(2);
    expect(feed.showtimes[0]).toMatchObject({
      ref: "702",
      title: "Contraband",
      startsAt: "2013-06-28T17:00:00",
    });
  });

  it("reads a wrapper holding films and sessions; nil elements are absent; entities are decoded", () => {
    const feed = parse(read("core/ingest/adapters/fixtures/veezi-combined.xml"));
    expect(feed.showtimes).toHaveLength(2);
    expect(feed.showtimes[0]).toMatchObject({
      ref: "9001",
      title: "Aftersun & friends",
      bookingUrl: "https://ticketing.example/veezi/9001",
      attributes: ["2D Digital"],
      hints: { runtimeMinutes: 102, year: 2022, language: "English" },
    });
    // no pre-show time: the feature start is the start
    expect(feed.showtimes[1]).toMatchObject({
      ref: "9002",
      startsAt: "2026-05-01T22:00:00",
      cancelled: true,
    });
    expect(feed.problems).toEqual([
      {
        where: "sessions[2]",
        field: "PreShowStartTime",
        message: "ingest.problem.invalidDate",
        values: { value: "2026-05-01T25:00:00" },
      },
    ]);
  });

  it("refuses an entity bomb at once, before parsing", () => {
    const levels = Array.from(
      { length: 10 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join("\n");
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE ArrayOfSession [\n<!ENTITY lol0 "lol">\n${levels}\n]>\n<ArrayOfSession><Session><Title>&lol10;</Title></Session></ArrayOfSession>`;
    const started = performance.now();
    expect(() => parse(bomb)).toThrow(expect.objectContaining({ reason: "ingest.problem.xmlEntities" }));
    expect(performance.now() - started).toBeLessThan(1000);
    // an external entity too
    expect(() =>
      parse('<!DOCTYPE x [<!entity xxe SYSTEM "file:///etc/passwd">]><ArrayOfSession>&xxe;</ArrayOfSession>'),
    ).toThrow(expect.objectContaining({ reason: "ingest.problem.xmlEntities" }));
  });

  it("never expands an undeclared entity reference", () => {
    expect(decodeXmlText("a &amp; b &#233; &#x1F3AC; &lol; &#0;")).toBe("a & b é 🎬 &lol; &#0;");
  });

  it("refuses input that is not XML, and XML that is not Veezi", () => {
    for (const input of ["", "hello", '{"sessions": []}', "<ArrayOfSession><Session>", "<a></b>"]) {
      expect(() => parse(input), input).toThrow(
        expect.objectContaining({ reason: "ingest.problem.invalidXml" }),
      );
    }
    expect(() => parse("<rss><channel/></rss>")).toThrow(
      expect.objectContaining({ reason: "ingest.problem.unexpectedShape", values: { format: "Veezi" } }),
    );
    expect(parse("<ArrayOfSession/>")).toEqual({ showtimes: [], problems: [], cinemas: [] });
  });

  it("reports the line of broken XML", () => {
    expect(() => parse("<ArrayOfSession>\n<Session>\n</Film>\n</ArrayOfSession>")).toThrow(
      expect.objectContaining({ where: "line 3" }),
    );
  });

  it("throws nothing but FeedParseError on arbitrary input, and does not hang on deep nesting", () => {
    const onlyFeedErrors = (input: string) => {
      try {
        parse(input);
      } catch (error) {
        expect(error).toBeInstanceOf(FeedParseError);
      }
    };
    fc.assert(fc.property(fc.string({ unit: "binary" }), onlyFeedErrors), { numRuns: 300 });
    const element = fc.constantFrom(
      "Session",
      "Film",
      "Title",
      "Id",
      "PreShowStartTime",
      "ArrayOfSession",
      "x",
    );
    const xml = fc
      .array(fc.tuple(element, fc.string()), { maxLength: 12 })
      .map((parts) =>
        parts.map(([name, text]) => `<${name}>${text.replace(/[<&]/g, "")}</${name}>`).join(""),
      );
    fc.assert(
      fc.property(xml, (body) => onlyFeedErrors(`<ArrayOfSession>${body}</ArrayOfSession>`)),
      { numRuns: 300 },
    );
    const started = performance.now();
    onlyFeedErrors(`${"<a>".repeat(20_000)}${"</a>".repeat(20_000)}`);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
