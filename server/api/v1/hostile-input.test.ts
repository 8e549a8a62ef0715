// Hostile and random input on every operation's parameters: whatever arrives, the answer is a documented
// 2xx, 4xx problem — never a 500, never a stack, never SQL reaching the database unvalidated.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { useApiApp } from "../../../tests/helpers/api-test-app.ts";

const PATHS = {
  "/api/v1/showtimes": [
    "cinema",
    "movie",
    "country",
    "city",
    "near",
    "radius",
    "from",
    "to",
    "attributes",
    "audio_language",
    "subtitle_language",
    "availability",
    "locale",
    "limit",
    "cursor",
  ],
  "/api/v1/cinemas": ["country", "city", "chain", "near", "radius", "q", "limit", "cursor"],
  "/api/v1/movies": ["country", "now_playing", "q", "locale", "limit", "cursor"],
  "/api/v1/cities": ["country", "q", "limit", "cursor"],
  "/api/v1/chains": ["country", "q", "limit", "cursor"],
  "/api/v1/countries": ["limit", "cursor"],
  "/api/v1/attributes": ["category", "limit", "cursor"],
  "/api/v1/changes": ["since", "country", "locale", "limit"],
  "/api/v1/usage": ["from", "to"],
} as const;

const NASTY = [
  "'; drop table showtimes; --",
  "' or 1=1 --",
  "\u0000",
  "%00",
  "%",
  "_",
  "\\",
  "-1",
  "1e308",
  "NaN",
  "Infinity",
  "0x10",
  "９９",
  "2026-02-30",
  "2026-11-24T25:00:00Z",
  "9999-12-31",
  "52.37,4.89",
  "-91,0",
  "00000000-0000-4000-8000-000000000000",
  "a".repeat(5000),
  "😀🎬",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "eyJvIjoibGlzdFNob3d0aW1lcyJ9.AAAAAAAAAAAAAAAA",
];

const value = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
);

describe("hostile input", () => {
  const { get } = useApiApp();

  it("never answers a query with a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(PATHS) as (keyof typeof PATHS)[])),
        fc.array(
          fc.tuple(
            fc.oneof(fc.constantFrom(...Object.values(PATHS).flat()), fc.string({ maxLength: 8 })),
            value,
          ),
          {
            maxLength: 4,
          },
        ),
        async (path, pairs) => {
          const query = new URLSearchParams(pairs).toString();
          const answer = await get<{ detail?: string }>(`${path}?${query}`);
          expect(answer.status, `${path}?${query}`).toBeLessThan(500);
          expect(JSON.stringify(answer.body ?? "")).not.toMatch(/at \S+\.ts:\d+|syntax error|relation "/);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("never answers an id with a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("cinemas", "movies", "showtimes"),
        // "." and ".." are dot segments: the URL resolves them before routing, so they never reach an id.
        fc
          .oneof(fc.constantFrom(...NASTY), fc.string({ minLength: 1, maxLength: 40 }))
          .filter((id) => id !== "." && id !== ".."),
        async (resource, id) => {
          const answer = await get(`/api/v1/${resource}/${encodeURIComponent(id)}`);
          expect([400, 404], `${resource}/${id}`).toContain(answer.status);
        },
      ),
      { numRuns: 60 },
    );
  });
});
