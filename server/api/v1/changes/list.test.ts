import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ChangesPage } from "../../../../core/api/changes/list-changes.ts";
import { API_FIXTURE_NOW } from "../../../../tests/helpers/api-fixtures.ts";
import { useApiApp } from "../../../../tests/helpers/api-test-app.ts";
import type { ProblemBody } from "../problem.ts";

describe("GET /api/v1/changes", () => {
  const { get, ready } = useApiApp();

  it("feeds changes from a time, then from the cursor it gave", async () => {
    // The feed holds back the last seconds before the app's clock (API_FIXTURE_NOW, not the wall clock):
    // the fixtures are dated an hour before it, a second apart, whenever the test runs.
    const hourBefore = new Date(API_FIXTURE_NOW.getTime() - 3_600_000).toISOString();
    await ready().database.db.execute(
      sql`update showtimes s set updated_at = ${hourBefore}::timestamptz + (o.n * interval '1 second'),
            created_at = ${hourBefore}::timestamptz + (o.n * interval '1 second')
          from (select id, row_number() over (order by id) as n from showtimes) o where o.id = s.id`,
    );
    const first = await get<ChangesPage>("/api/v1/changes?since=2000-01-01T00:00:00Z&limit=3");
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(3);
    expect(first.body.pagination.has_more).toBe(true);
    const next = await get<ChangesPage>(`/api/v1/changes?since=${first.body.pagination.next_cursor}&limit=3`);
    expect(next.body.data[0]?.showtime.id).not.toBe(first.body.data[2]?.showtime.id);
  });

  it("requires since, as a cursor or a date-time", async () => {
    for (const query of ["", "since=yesterday", "since=2026-11-24", "since=abc.def"]) {
      const answer = await get<ProblemBody>(`/api/v1/changes?${query}`);
      expect([answer.status, answer.body.invalid_params?.[0]?.name], query).toEqual([400, "since"]);
    }
  });
});
