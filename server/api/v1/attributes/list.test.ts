import { describe, expect, it } from "vitest";
import type { ApiAttribute } from "../../../../core/api/attributes/list-attributes.ts";
import type { Page } from "../../../../core/api/api-page.ts";
import { useApiApp } from "../../../../tests/helpers/api-test-app.ts";
import type { ProblemBody } from "../problem.ts";

describe("GET /api/v1/attributes", () => {
  const { get } = useApiApp();

  it("lists attributes, by category", async () => {
    const answer = await get<Page<ApiAttribute>>("/api/v1/attributes?category=accessibility");
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((a) => a.code)).toContain("audio-description");
    const wrong = await get<ProblemBody>("/api/v1/attributes?category=smell");
    expect(wrong.body.invalid_params?.[0]?.name).toBe("category");
  });
});
