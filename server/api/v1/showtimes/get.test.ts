import { describe, expect, it } from "vitest";
import type { Page } from "../../../../core/api/api-page.ts";
import type { ApiShowtime } from "../../../../core/api/showtimes/showtime-row.ts";
import { useApiApp } from "../../../../tests/helpers/api-test-app.ts";
import type { ProblemBody } from "../problem.ts";

describe("GET /api/v1/showtimes/{id}", () => {
  const { get } = useApiApp({ countries: ["NL", "DK"] });

  it("gets a show with its ticket details", async () => {
    const list = await get<Page<ApiShowtime>>("/api/v1/showtimes?country=DK&limit=1");
    const show = list.body.data[0]!;
    const one = await get<{ data: ApiShowtime }>(`/api/v1/showtimes/${show.id}`);
    expect(one.body.data).toEqual(show);
    expect(one.body.data.time_zone).toBe("Europe/Copenhagen");
    expect(one.body.data.price?.currency).toBe("DKK");
  });

  it("answers 404 for an unknown show and 400 for a bad locale", async () => {
    const unknown = await get<ProblemBody>("/api/v1/showtimes/00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    const locale = await get<ProblemBody>("/api/v1/showtimes/00000000-0000-4000-8000-000000000000?locale=xx");
    expect(locale.status).toBe(400);
  });
});
