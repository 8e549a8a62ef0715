import { describe, expect, it } from "vitest";
import type { ApiCinema } from "../../../../core/api/cinemas/cinema-row.ts";
import type { Page } from "../../../../core/api/api-page.ts";
import { useApiApp } from "../../../../tests/helpers/api-test-app.ts";
import type { ProblemBody } from "../problem.ts";

describe("GET /api/v1/cinemas and /api/v1/cinemas/{id}", () => {
  const { get } = useApiApp();

  it("lists cinemas near a point, nearest first, and gets one", async () => {
    const near = await get<Page<ApiCinema>>("/api/v1/cinemas?near=52.0907,5.1214&radius=2");
    expect(near.status).toBe(200);
    expect(near.body.data.length).toBeGreaterThan(0);
    expect(near.body.data.every((c) => c.distance_km !== null && c.distance_km <= 2)).toBe(true);
    const one = await get<{ data: ApiCinema }>(`/api/v1/cinemas/${near.body.data[0]!.id}`);
    expect(one.body.data).toMatchObject({ id: near.body.data[0]!.id, distance_km: null });
  });

  it("refuses bad points, radii and ids", async () => {
    for (const [query, name] of [
      ["near=91,5", "near"],
      ["near=52.1", "near"],
      ["near=52,5&radius=101", "radius"],
      ["near=52,5&radius=abc", "radius"],
      ["chain=pathe", "chain"],
    ]) {
      const answer = await get<ProblemBody>(`/api/v1/cinemas?${query}`);
      expect([answer.status, answer.body.invalid_params?.[0]?.name], query).toEqual([400, name]);
    }
    const badId = await get<ProblemBody>("/api/v1/cinemas/not-an-id");
    expect([badId.status, badId.body.invalid_params?.[0]?.name]).toEqual([400, "id"]);
    const unknown = await get<ProblemBody>("/api/v1/cinemas/00000000-0000-4000-8000-000000000000");
    expect([unknown.status, unknown.body.title]).toEqual([404, "Not found"]);
  });
});
