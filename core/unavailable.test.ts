import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.ts";

describe("isDatabaseUnavailable", () => {
  it("recognises lost connections of PostgreSQL, PGlite and Redis, also wrapped", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection"), { code: "57P01" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error("PGlite is closed"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Cannot use a pool after calling end on the pool"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection is closed."))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], "all failed"))).toBe(true);
  });

  it("leaves our own faults alone", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable("text")).toBe(false);
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});
