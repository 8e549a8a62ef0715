import { describe, expect, it } from "vitest";
import type { ApiUsage } from "../../../../core/api/usage/get-usage.ts";
import { useApiApp } from "../../../../tests/helpers/api-test-app.ts";
import type { ProblemBody } from "../problem.ts";

describe("GET /api/v1/usage", () => {
  const { get } = useApiApp();

  it("shows the balance and the metered use, free of charge", async () => {
    const answer = await get<{ data: ApiUsage }>("/api/v1/usage?from=2026-11-01&to=2026-11-24");
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ balance: 10_000, from: "2026-11-01", to: "2026-11-24" });
    expect(answer.headers.get("x-credits-cost")).toBe("0");
  });

  it("refuses a bad or reversed period", async () => {
    for (const [query, name] of [
      ["from=2026-13-01", "from"],
      ["from=2026-11-24&to=2026-11-01", "from"],
      ["from=2024-01-01&to=2026-01-01", "to"],
    ]) {
      const answer = await get<ProblemBody>(`/api/v1/usage?${query}`);
      expect([answer.status, answer.body.invalid_params?.[0]?.name], query).toEqual([400, name]);
    }
  });
});
