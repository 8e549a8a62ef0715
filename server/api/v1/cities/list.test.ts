import { describe, expect, it } from "vitest";
import type { ApiCity } from "../../../../core/api/cities/list-cities.ts";
import type { Page } from "../../../../core/api/api-page.ts";
import { useApiApp } from "../../../../tests/helpers/api-test-app.ts";
import type { ProblemBody } from "../problem.ts";

describe("GET /api/v1/cities", () => {
  const { get } = useApiApp();

  it("lists cities with cinemas, searchable", async () => {
    const answer = await get<Page<ApiCity>>("/api/v1/cities?q=den");
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((c) => c.name)).toContain("Den Haag");
    const hertogenbosch = await get<Page<ApiCity>>(
      `/api/v1/cities?q=${encodeURIComponent("'s-Hertogenbosch")}`,
    );
    expect(hertogenbosch.status).toBe(200);
  });

  it("refuses SQL-looking and overlong text, and other countries", async () => {
    const sql = await get<ProblemBody>(`/api/v1/cities?q=${encodeURIComponent("'; drop table x; --")}`);
    expect([sql.status, sql.body.invalid_params?.[0]?.name]).toEqual([400, "q"]);
    const long = await get<ProblemBody>(`/api/v1/cities?q=${"a".repeat(101)}`);
    expect(long.body.invalid_params?.[0]?.reason).toContain("at most 100");
    const dk = await get<ProblemBody>("/api/v1/cities?country=dk");
    expect([dk.status, dk.body.country]).toEqual([403, "DK"]);
  });
});
