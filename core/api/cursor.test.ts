import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAppError } from "../errors.ts";
import { decodeCursor, encodeCursor, filterFingerprint } from "./cursor.ts";

const ID = "7d7f5a52-8a0a-4e4e-9d7c-0c8e7e1f2a3b";

function refused(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return (
      isAppError(error) &&
      error.code === "invalid_input" &&
      Object.keys(error.fieldErrors).join() === "cursor"
    );
  }
  return false;
}

describe("cursors", () => {
  it("round-trips the sort key for the same operation and filters", () => {
    const fingerprint = filterFingerprint({ city: "amsterdam", q: undefined });
    const cursor = encodeCursor("listShowtimes", fingerprint, [1_790_000_000_000_000, ID]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{16}$/);
    expect(decodeCursor(cursor, "listShowtimes", fingerprint, ["integer", "uuid"])).toEqual([
      1_790_000_000_000_000,
      ID,
    ]);
  });

  it("fingerprints filters regardless of their order, ignoring undefined ones", () => {
    expect(filterFingerprint({ a: 1, b: "x", c: undefined })).toBe(filterFingerprint({ b: "x", a: 1 }));
    expect(filterFingerprint({ a: 1 })).not.toBe(filterFingerprint({ a: 2 }));
  });

  it("refuses another operation, other filters, a wrong shape or a forged type", () => {
    const fingerprint = filterFingerprint({});
    const cursor = encodeCursor("listCinemas", fingerprint, ["Kriterion", ID]);
    expect(refused(() => decodeCursor(cursor, "listMovies", fingerprint, ["string", "uuid"]))).toBe(true);
    expect(
      refused(() => decodeCursor(cursor, "listCinemas", filterFingerprint({ q: "x" }), ["string", "uuid"])),
    ).toBe(true);
    expect(refused(() => decodeCursor(cursor, "listCinemas", fingerprint, ["string"]))).toBe(true);
    const forged = encodeCursor("listCinemas", fingerprint, ["Kriterion", "'; drop table x; --"]);
    expect(refused(() => decodeCursor(forged, "listCinemas", fingerprint, ["string", "uuid"]))).toBe(true);
    const nul = encodeCursor("listCinemas", fingerprint, ["a\u0000b", ID]);
    expect(refused(() => decodeCursor(nul, "listCinemas", fingerprint, ["string", "uuid"]))).toBe(true);
    const fraction = encodeCursor("listShowtimes", fingerprint, [1.5, ID]);
    expect(refused(() => decodeCursor(fraction, "listShowtimes", fingerprint, ["integer", "uuid"]))).toBe(
      true,
    );
  });

  it("refuses any edit of a cursor and any random text, never throwing anything else", () => {
    const fingerprint = filterFingerprint({});
    const cursor = encodeCursor("listCountries", fingerprint, ["NL"]);
    fc.assert(
      fc.property(
        fc.nat({ max: cursor.length - 1 }),
        fc.string({ minLength: 1, maxLength: 1 }),
        (at, char) => {
          const edited = cursor.slice(0, at) + char + cursor.slice(at + 1);
          if (edited === cursor) return true;
          return refused(() => decodeCursor(edited, "listCountries", fingerprint, ["string"]));
        },
      ),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (text) =>
        refused(() => decodeCursor(text, "listCountries", fingerprint, ["string"])),
      ),
    );
  });
});
