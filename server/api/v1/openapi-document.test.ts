// The document describes everything: every operation, parameter and response field has a description and
// (leaves) an example; operation ids are exactly the operations of core/api/operations.ts.
import { describe, expect, it } from "vitest";
import { API_OPERATION_IDS } from "../../../core/api/operations.ts";
import { buildOpenApiDocument } from "./openapi-document.ts";

type Json = { [key: string]: unknown };
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function undocumented(schema: unknown, path: string, out: string[]) {
  if (!isObject(schema) || "$ref" in schema) return;
  if (isObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (!isObject(property)) continue;
      const where = `${path}.${name}`;
      if (!("$ref" in property)) {
        if (!property.description) out.push(`${where}: no description`);
        const leaf = !property.properties && !property.items && !property.anyOf && property.type !== "object";
        if (leaf && property.example === undefined && property.examples === undefined)
          out.push(`${where}: no example`);
      }
      undocumented(property, where, out);
    }
  }
  undocumented(schema.items, `${path}[]`, out);
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((inner, i) => undocumented(inner, `${path}|${i}`, out));
  }
}

describe("the OpenAPI document", () => {
  const document = JSON.parse(JSON.stringify(buildOpenApiDocument("https://reeltime.example"))) as Json & {
    paths: Record<string, Record<string, Json & { parameters?: Json[] }>>;
    components: { schemas: Record<string, unknown> };
  };

  it("has exactly the operations of core/api/operations.ts", () => {
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(ids.sort()).toEqual([...API_OPERATION_IDS].sort());
  });

  it("describes and exemplifies every operation, parameter and field", () => {
    const out: string[] = [];
    for (const [name, schema] of Object.entries(document.components.schemas)) undocumented(schema, name, out);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!operation.summary || !operation.description)
          out.push(`${method} ${path}: no summary or description`);
        for (const parameter of operation.parameters ?? []) {
          const schema = isObject(parameter.schema) ? parameter.schema : {};
          if (!parameter.description) out.push(`${method} ${path} ${String(parameter.name)}: no description`);
          if (schema.example === undefined && parameter.example === undefined) {
            out.push(`${method} ${path} ${String(parameter.name)}: no example`);
          }
        }
      }
    }
    expect(out).toEqual([]);
  });

  it("points its server at BASE_URL", () => {
    expect(document.servers).toEqual([
      { url: "https://reeltime.example/api/v1", description: expect.any(String) },
    ]);
  });
});
