// The import run on a real database: inserts then changes nothing the second time, cancels exactly what
// vanished from a complete feed (also across the parts of a large feed), gives new showtimes time-ordered
// ids, and closes a run a dead process left running. The other run-import-*.test.ts files test how rows
// are mapped, how values are written, bad input and fetching.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { importRuns, sources } from "../../db/schema/ingest.ts";
import { showtimes } from "../../db/schema/showtimes.ts";
import { queryRows } from "../shared/db-rows.ts";
import { runImport } from "./run-import.ts";
import { feedRow, nativeFeed, useImportTestWorld } from "./run-import-test-fixtures.ts";

const { database, services, source, showtimesOf } = useImportTestWorld();

describe("runImport", () => {
  it("imports, then changes nothing on the same input, then cancels exactly what vanished", async () => {
    const sourceId = await source({ isComplete: true });
    const rows = Array.from({ length: 20 }, (_, n) => feedRow(n + 1));
    const version = await services.apiCache.dataVersion();

    const first = await runImport(services, { sourceId, input: nativeFeed(rows) });
    expect(first.status).toBe("succeeded");
    expect(first.counts).toMatchObject({
      read: 20,
      inserted: 20,
      updated: 0,
      cancelled: 0,
      rejected: 0,
      unmatched: 10,
    });
    expect(await services.apiCache.dataVersion()).toBeGreaterThan(version);

    const again = await runImport(services, { sourceId, input: nativeFeed(rows) });
    expect(again.counts).toMatchObject({ read: 20, inserted: 0, updated: 0, cancelled: 0 });

    const kept = rows.filter((_, n) => n % 2 === 0);
    const half = await runImport(services, { sourceId, input: nativeFeed(kept) });
    expect(half.counts).toMatchObject({ read: 10, inserted: 0, updated: 0, cancelled: 10 });
    const stored = await showtimesOf(sourceId);
    const cancelled = stored.filter((row) => row.status === "cancelled").map((row) => row.ref);
    expect(cancelled.sort()).toEqual(
      rows
        .filter((_, n) => n % 2 === 1)
        .map((row) => row.id)
        .sort(),
    );

    // Back in the feed: scheduled again.
    const back = await runImport(services, { sourceId, input: nativeFeed(rows) });
    expect(back.counts).toMatchObject({ inserted: 0, updated: 10, cancelled: 0 });

    const [run] = await database().db.select().from(importRuns).where(eq(importRuns.id, back.runId));
    expect(run).toMatchObject({ status: "succeeded", trigger: "schedule" });
    expect(run!.finishedAt).not.toBeNull();
    const [after] = await database().db.select().from(sources).where(eq(sources.id, sourceId));
    expect(after).toMatchObject({ lastStatus: "succeeded" });
  });

  it("gives new showtimes time-ordered ids (UUID version 7), distinct and rising with each batch", async () => {
    const sourceId = await source();
    await runImport(services, { sourceId, input: nativeFeed([feedRow(1), feedRow(2), feedRow(3)]) });
    await new Promise((resolve) => setTimeout(resolve, 2));
    const laterSource = await source();
    await runImport(services, { sourceId: laterSource, input: nativeFeed([feedRow(4)]) });
    const rows = await database()
      .db.select({ id: showtimes.id, sourceId: showtimes.sourceId })
      .from(showtimes)
      .where(sql`${showtimes.sourceId} in (${sourceId}::uuid, ${laterSource}::uuid)`);
    expect(rows).toHaveLength(4);
    for (const { id } of rows)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(rows.map((row) => row.id)).size).toBe(4);
    const first = rows.filter((row) => row.sourceId === sourceId).map((row) => row.id);
    const later = rows.find((row) => row.sourceId === laterSource)!.id;
    // The first 48 bits are the time in milliseconds: a later run's ids sort after an earlier one's.
    for (const id of first) expect(id < later).toBe(true);
  });

  it("imports a feed of many parts in one transaction and cancels across them", async () => {
    const sourceId = await source({ format: "reeltime-csv", isComplete: true });
    const csv = (count: number) =>
      [
        "id,title,starts_at",
        ...Array.from(
          { length: count },
          (_, n) =>
            // a distinct minute each (a repeated one would be the same show twice)
            `p${n},Dune: Part Two,2030-05-${String(1 + Math.floor(n / 600)).padStart(2, "0")}T${String(10 + Math.floor((n % 600) / 60)).padStart(2, "0")}:${String(n % 60).padStart(2, "0")}`,
        ),
      ].join("\n");
    const first = await runImport(services, { sourceId, input: csv(12_000) });
    expect(first.counts).toMatchObject({ read: 12_000, inserted: 12_000, unmatched: 0 });
    const again = await runImport(services, { sourceId, input: csv(12_000) });
    expect(again.counts).toMatchObject({ inserted: 0, updated: 0, cancelled: 0 });
    const shorter = await runImport(services, { sourceId, input: csv(7_000) });
    expect(shorter.counts).toMatchObject({ inserted: 0, updated: 0, cancelled: 5_000 });
    const [cancelled] = await queryRows<{ n: number; low: string }>(
      database().db,
      sql`select count(*)::int as n, min(source_ref) as low from showtimes
          where source_id = ${sourceId}::uuid and status = 'cancelled' and source_ref ~ '^p([7-9][0-9]{3}|1[01][0-9]{3})$'`,
    );
    expect(cancelled).toEqual({ n: 5_000, low: "p10000" });
  });

  it("closes a run a dead process left running", async () => {
    const sourceId = await source();
    const [stale] = await database()
      .db.insert(importRuns)
      .values({ sourceId })
      .returning({ id: importRuns.id });
    await runImport(services, { sourceId, input: nativeFeed([feedRow(1)]) });
    const [closed] = await database()
      .db.select()
      .from(importRuns)
      .where(and(eq(importRuns.id, stale!.id), eq(importRuns.sourceId, sourceId)));
    expect(closed).toMatchObject({ status: "failed", errorSummary: "ingest.problem.interrupted" });
  });
});
