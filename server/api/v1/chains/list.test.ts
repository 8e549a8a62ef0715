import { describe, expect, it } from "vitest";
import type { ApiChain } from "../../../../core/api/chains/list-chains.ts";
import type { Page } from "../../../../core/api/api-page.ts";
import { useApiApp } from "../../../../tests/helpers/api-test-app.ts";

describe("GET /api/v1/chains", () => {
  const { get } = useApiApp();

  it("lists chains of the key's countries", async () => {
    const answer = await get<Page<ApiChain>>("/api/v1/chains?q=path");
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({ slug: "pathe", countries: ["NL"] });
    const page = await get<Page<ApiChain>>("/api/v1/chains?limit=2");
    const next = await get<Page<ApiChain>>(
      `/api/v1/chains?limit=2&cursor=${page.body.pagination.next_cursor}`,
    );
    expect(next.body.data[0]?.name).not.toBe(page.body.data[0]?.name);
    expect((await get(`/api/v1/chains?q=x&cursor=${page.body.pagination.next_cursor}`)).status).toBe(400);
  });
});
