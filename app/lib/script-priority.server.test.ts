// Module preloads at low priority, whatever the chunks the HTML arrives in.
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads, wantsLowPriorityScripts } from "./script-priority.server.ts";

const HTML =
  '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/e.js"/>' +
  '<link rel="modulepreload" href="/r.js"/></head><body><p>Café · 20:15</p><p>&lt;link rel="modulepreload"</p></body>';
const EXPECTED = HTML.replaceAll(
  '<link rel="modulepreload"',
  '<link rel="modulepreload" fetchpriority="low"',
);

async function through(chunks: Buffer[]) {
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload low, and nothing else", async () => {
    expect(await through([Buffer.from(HTML)])).toBe(EXPECTED);
    expect(EXPECTED.match(/fetchpriority="low"/g)).toHaveLength(2);
  });

  it("finds a tag or a character split across chunks at any point", async () => {
    const bytes = Buffer.from(HTML);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toBe(EXPECTED);
    }
    const singles = [...bytes].map((byte) => Buffer.from([byte]));
    expect(await through(singles)).toBe(EXPECTED);
  });

  it("runs the given final step before the stream ends", async () => {
    const steps: string[] = [];
    const stream = lowPriorityModulePreloads({
      final: (done) => {
        steps.push("final");
        done();
      },
    });
    const out = text(stream);
    stream.end(Buffer.from("<p>x</p>"));
    expect(await out).toBe("<p>x</p>");
    expect(steps).toEqual(["final"]);
  });
});

describe("wantsLowPriorityScripts", () => {
  it("is every page but the studio's", () => {
    expect(wantsLowPriorityScripts("http://localhost/")).toBe(true);
    expect(wantsLowPriorityScripts("http://localhost/films/anora?date=tomorrow")).toBe(true);
    expect(wantsLowPriorityScripts("http://localhost/studio/stats")).toBe(false);
  });
});
