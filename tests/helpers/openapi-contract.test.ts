// The contract helper itself: it must fail on what the document does not promise.
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../server/api/v1/openapi-document.ts";
import { OpenApiContract } from "./openapi-contract.ts";

describe("the OpenAPI contract check", () => {
  const contract = new OpenApiContract(
    JSON.parse(JSON.stringify(buildOpenApiDocument("http://localhost:3000"))) as ConstructorParameters<
      typeof OpenApiContract
    >[0],
  );
  const country = {
    code: "NL",
    name: "Netherlands",
    default_locale: "nl",
    time_zone: "Europe/Amsterdam",
    currency: "EUR",
    cinema_count: 1,
  };
  const page = { data: [country], pagination: { next_cursor: null } };

  it("finds operations by path template under the server's base path", () => {
    expect(contract.basePath).toBe("/api/v1");
    expect(contract.templateOf("/api/v1/cinemas/3b9d6f0e-5c1a-4e8b-9a57-2f4c8d1e6a90")).toBe("/cinemas/{id}");
    expect(contract.templateOf("/api/v1/cinemas")).toBe("/cinemas");
    expect(contract.templateOf("/elsewhere")).toBeUndefined();
  });

  it("accepts a documented body and refuses anything else", () => {
    expect(() => contract.check("GET", "/api/v1/countries", 200, "application/json", page)).not.toThrow();
    const wrong = [
      { ...page, data: [{ ...country, cinema_count: "1" }] },
      { data: [country] },
      { ...page, data: [{ ...country, code: undefined }] },
    ];
    for (const body of wrong) {
      expect(() => contract.check("GET", "/api/v1/countries", 200, "application/json", body)).toThrow();
    }
    expect(() => contract.check("GET", "/api/v1/countries", 418, "application/json", page)).toThrow();
    expect(() => contract.check("POST", "/api/v1/countries", 200, "application/json", page)).toThrow();
    expect(() => contract.check("GET", "/api/v1/countries", 200, "text/html", page)).toThrow();
    expect(() =>
      contract.check("GET", "/api/v1/countries", 400, "application/problem+json", { title: "x" }),
    ).toThrow();
  });
});
