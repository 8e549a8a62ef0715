import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ChangesPage } from "../../../../core/api/changes/list-changes.ts";
import { useApiApp } from "../../../../tests/helpers/api-test-app.ts";
import type { ProblemBody } from "../problem.ts";

describe("GET /api/v1/changes", () => {
  const { get, ready } = useApiApp();

  it("feeds changes from a time, then from the cursor it gave", async () => {
    // The fixtures were written just now; the feed holds back the last seconds relative to the app's clock.
    await ready().database.db.execute(
      sql`update showtimes set updated_at = updated_at - interval '1 hour', created_at = created_at - interval '1 hour'`,
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
