// Log lines: batched into few writes, in order, none lost; the cached timestamp is pino's format.
import pino from "pino";
import { describe, expect, it } from "vitest";
import { batchedDestination, cachedIsoTime, createLogger, requestLineWriter } from "./logger.ts";

describe("batchedDestination", () => {
  it("writes the lines of one batch as one chunk, in order, after the delay", async () => {
    const chunks: string[] = [];
    const batched = batchedDestination({ write: (chunk) => chunks.push(chunk) }, 20);
    batched.write("a\n");
    batched.write("b\n");
    batched.write("c\n");
    expect(chunks).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(chunks).toEqual(["a\nb\nc\n"]);
    batched.write("d\n");
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(chunks).toEqual(["a\nb\nc\n", "d\n"]);
  });

  it("writes at once when drained or when a batch grows large", () => {
    const chunks: string[] = [];
    const batched = batchedDestination({ write: (chunk) => chunks.push(chunk) }, 60_000);
    batched.write("first\n");
    batched.drain();
    expect(chunks).toEqual(["first\n"]);
    const line = `${"x".repeat(1023)}\n`;
    for (let i = 0; i < 64; i++) batched.write(line);
    expect(chunks).toHaveLength(2);
    expect(chunks[1]).toBe(line.repeat(64));
    batched.drain();
    expect(chunks).toHaveLength(2);
  });

  it("carries a logger's lines intact", () => {
    const chunks: string[] = [];
    const batched = batchedDestination({ write: (chunk) => chunks.push(chunk) }, 60_000);
    const logger = createLogger("info", { write: batched.write });
    logger.child({ requestId: "r-12345678" }).info({ path: "/healthz", status: 200 }, "request");
    logger.debug("not at this level");
    logger.warn("careful");
    batched.drain();
    const lines = chunks
      .join("")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({
        level: "info",
        service: "reeltime",
        requestId: "r-12345678",
        status: 200,
        msg: "request",
      }),
      expect.objectContaining({ level: "warn", msg: "careful" }),
    ]);
  });
});

describe("cachedIsoTime", () => {
  it("is pino's isoTime fragment for the current millisecond", () => {
    const before = Date.now();
    const fragment = cachedIsoTime();
    const after = Date.now();
    expect(fragment).toMatch(/^,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/);
    const at = Date.parse(fragment.slice(9, -1));
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
    expect(pino.stdTimeFunctions.isoTime().length).toBe(fragment.length);
  });
});

describe("requestLineWriter", () => {
  const fields = { method: "GET", path: '/films/a "quoted"\\path\u00e9', status: 200, durationMs: 0.4 };

  it("writes the very line pino writes for the same request, keys in the same order", () => {
    const written: string[] = [];
    const logger = createLogger("info", { write: (line: string) => written.push(line) });
    logger.child({ requestId: "r-12345678" }).info(fields, "request");
    requestLineWriter(logger)({ requestId: "r-12345678", ...fields });
    expect(written).toHaveLength(2);
    const [byPino, direct] = written.map((line) => {
      expect(line.endsWith("}\n")).toBe(true);
      const { time, ...rest } = JSON.parse(line) as Record<string, unknown>;
      expect(time).toEqual(expect.any(String));
      return rest;
    });
    expect(direct).toEqual(byPino);
    expect(Object.keys(direct!)).toEqual(Object.keys(byPino!));
  });

  it("writes nothing when the level is above info, and goes through info on another logger", () => {
    const written: string[] = [];
    const quiet = createLogger("warn", { write: (line: string) => written.push(line) });
    requestLineWriter(quiet)({ requestId: "r-12345678", ...fields });
    expect(written).toEqual([]);
    const other = pino({ base: undefined }, { write: (line: string) => written.push(line) });
    requestLineWriter(other)({ requestId: "r-12345678", ...fields });
    expect(JSON.parse(written[0]!)).toMatchObject({ requestId: "r-12345678", ...fields, msg: "request" });
  });
});
