import { describe, expect, it } from "vitest";
import { API_OPERATION_IDS } from "../../core/api/operations.ts";
import { buildOpenApiDocument } from "../../server/api/v1/openapi-document.ts";
import {
  consoleOperations,
  curlCommand,
  maskKey,
  missingParameters,
  prettyBody,
  problemOf,
  requestPath,
} from "./api-console.ts";

// The shapes @hono/zod-openapi writes: shared parameters by $ref, nullable schemas as anyOf / type arrays.
const DOCUMENT = {
  openapi: "3.1.0",
  servers: [{ url: "/api/v1" }],
  components: {
    parameters: {
      Limit: {
        name: "limit",
        in: "query",
        description: "Items per page",
        schema: { type: "integer", minimum: 1, maximum: 100, default: 25 },
      },
    },
    schemas: { Availability: { type: "string", enum: ["available", "few-left", "sold-out"] } },
  },
  paths: {
    "/showtimes": {
      get: {
        operationId: "listShowtimes",
        summary: "List showtimes",
        tags: ["Showtimes"],
        parameters: [
          { $ref: "#/components/parameters/Limit" },
          { name: "city", in: "query", schema: { type: "string" }, example: "amsterdam" },
          {
            name: "attributes",
            in: "query",
            explode: false,
            schema: { type: "array", items: { type: "string", enum: ["3d", "imax"] } },
          },
          { name: "availability", in: "query", schema: { $ref: "#/components/schemas/Availability" } },
          {
            name: "from",
            in: "query",
            required: true,
            schema: { anyOf: [{ type: "string", format: "date-time" }, { type: "null" }] },
          },
          { name: "X-Api-Key", in: "header", schema: { type: "string" } },
        ],
      },
      post: { operationId: "ignored" },
    },
    "/cinemas/{id}": {
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: ["string", "null"], format: "uuid" } },
      ],
      get: { operationId: "getCinema", summary: "A cinema" },
    },
    "/broken": { get: { summary: "no operation id" } },
  },
};

describe("consoleOperations", () => {
  it("lists the GET operations with their path and query parameters, references and nullables resolved", () => {
    const operations = consoleOperations(DOCUMENT);
    expect(operations.map((op) => [op.id, op.path, op.summary, op.tag])).toEqual([
      ["listShowtimes", "/api/v1/showtimes", "List showtimes", "Showtimes"],
      ["getCinema", "/api/v1/cinemas/{id}", "A cinema", undefined],
    ]);
    const [showtimes, cinema] = operations;
    // required first, header parameters left out (the console sends the key itself)
    expect(showtimes!.parameters.map((p) => p.name)).toEqual([
      "from",
      "limit",
      "city",
      "attributes",
      "availability",
    ]);
    expect(showtimes!.parameters.find((p) => p.name === "limit")).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 100,
      default: "25",
      description: "Items per page",
      required: false,
    });
    expect(showtimes!.parameters.find((p) => p.name === "from")).toMatchObject({
      type: "string",
      format: "date-time",
      required: true,
    });
    expect(showtimes!.parameters.find((p) => p.name === "attributes")).toMatchObject({
      type: "array",
      enum: ["3d", "imax"],
      explode: false,
    });
    expect(showtimes!.parameters.find((p) => p.name === "availability")?.enum).toEqual([
      "available",
      "few-left",
      "sold-out",
    ]);
    expect(showtimes!.parameters.find((p) => p.name === "city")?.example).toBe("amsterdam");
    expect(cinema!.parameters).toEqual([
      expect.objectContaining({ name: "id", in: "path", required: true, format: "uuid" }),
    ]);
  });

  it("reads nothing from what is not an OpenAPI document, and survives reference loops", () => {
    expect(consoleOperations(null)).toEqual([]);
    expect(consoleOperations({ paths: "x" })).toEqual([]);
    const looping = {
      components: { parameters: { A: { $ref: "#/components/parameters/A" } } },
      paths: { "/x": { get: { operationId: "x", parameters: [{ $ref: "#/components/parameters/A" }] } } },
    };
    expect(consoleOperations(looping)).toEqual([
      expect.objectContaining({ id: "x", path: "/api/v1/x", parameters: [] }),
    ]);
  });
});

describe("requestPath", () => {
  const [showtimes, cinema] = consoleOperations(DOCUMENT);

  it("encodes path parameters into their segment and leaves empty query parameters out", () => {
    expect(requestPath(cinema!, { id: "a/b?c" })).toBe("/api/v1/cinemas/a%2Fb%3Fc");
    expect(
      requestPath(showtimes!, {
        from: "2026-03-01T10:00:00+01:00",
        city: " ",
        limit: "5",
        attributes: "3d, imax",
      }),
    ).toBe("/api/v1/showtimes?from=2026-03-01T10%3A00%3A00%2B01%3A00&limit=5&attributes=3d%2Cimax");
  });

  it("repeats exploded array parameters", () => {
    const exploded = {
      ...showtimes!,
      parameters: showtimes!.parameters.map((p) => ({ ...p, explode: true })),
    };
    expect(requestPath(exploded, { attributes: "3d,imax" })).toBe(
      "/api/v1/showtimes?attributes=3d&attributes=imax",
    );
  });

  it("names the required parameters still empty", () => {
    expect(missingParameters(showtimes!, { from: "" }).map((p) => p.name)).toEqual(["from"]);
    expect(missingParameters(showtimes!, { from: "2026-03-01" })).toEqual([]);
  });
});

describe("the request and the answer as text", () => {
  it("masks the key after its prefix and quotes the curl command for the shell", () => {
    const key = "rt_sk_Ab12CdEfGhIjKlMnOpQrStUvWxYz012345";
    expect(maskKey(key, "rt_sk_Ab12Cd")).toBe("rt_sk_Ab12Cd••••••••");
    expect(maskKey(key, "rt_sk_Ab12Cd")).not.toContain("EfGh");
    expect(curlCommand("http://localhost:3000/api/v1/cinemas?q=it's", "rt_sk_x")).toBe(
      "curl -i 'http://localhost:3000/api/v1/cinemas?q=it'\\''s' \\\n  -H 'Authorization: Bearer rt_sk_x'",
    );
  });

  it("pretty-prints JSON bodies and reads problem bodies", () => {
    expect(prettyBody('{"data":[1]}', "application/json")).toBe('{\n  "data": [\n    1\n  ]\n}');
    expect(prettyBody("not json", "application/json")).toBe("not json");
    expect(prettyBody("<p>x</p>", "text/html")).toBe("<p>x</p>");
    const problem =
      '{"type":"https://reeltime.test/problems/bad","title":"Bad parameter","status":400,"detail":"radius must be positive"}';
    expect(problemOf(problem, "application/problem+json")).toEqual({
      title: "Bad parameter",
      detail: "radius must be positive",
      status: 400,
    });
    expect(problemOf(problem, "application/json")).toBeUndefined();
  });
});

describe("the API's own document", () => {
  const operations = consoleOperations(buildOpenApiDocument("http://localhost:3000"));

  it("offers every operation of the API, under /api/v1, with its parameters", () => {
    expect(operations.map((op) => op.id).sort()).toEqual([...API_OPERATION_IDS].sort());
    for (const op of operations) expect(op.path).toMatch(/^\/api\/v1\//);
    const showtimes = operations.find((op) => op.id === "listShowtimes")!;
    expect(showtimes.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        "cinema",
        "city",
        "near",
        "radius",
        "from",
        "to",
        "attributes",
        "limit",
        "cursor",
      ]),
    );
    const cinema = operations.find((op) => op.id === "getCinema")!;
    expect(cinema.parameters.filter((p) => p.in === "path").map((p) => p.name)).toEqual(["id"]);
    expect(requestPath(cinema, { id: "abc" })).toBe("/api/v1/cinemas/abc");
  });
});
