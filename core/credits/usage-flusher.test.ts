// The meter's flushes when the database fails: usage kept for the next flush, kept in a file at shutdown
// and written at the next start, and a batch whose commit went through counted once.
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditUsage } from "../../db/schema/credits.ts";
import { createTestClient } from "../tenancy/tenancy-test-fixtures.ts";
import { flakyDatabase, meterStores, testRedis, useMeters } from "./meter-test-support.ts";
import { ledgerSum, storedBalance } from "./credit-test-helpers.ts";

const redis = testRedis();

describe.each(meterStores(redis))("credit meter: failed flushes and shutdown ($name)", (store) => {
  const { meter, setUp } = useMeters(store, createTestClient);

  it("keeps a failed flush's usage and writes it once the database answers again", async () => {
    const { db, clientId, keyId } = await setUp(100);
    const flaky = flakyDatabase(db, "before");
    const m = meter({ db: flaky.db });
    await m.charge(clientId, 7);
    m.record({
      clientId,
      apiKeyId: keyId,
      operation: "listMovies",
      credits: 7,
      error: false,
      at: new Date(),
    });
    flaky.failNext(1);
    await m.flush();
    expect(await storedBalance(db, clientId)).toBe(100);
    expect(m.unflushed(clientId)).toBe(7);
    expect(await m.balance(clientId)).toBe(93);
    await m.charge(clientId, 3);
    m.record({
      clientId,
      apiKeyId: keyId,
      operation: "listMovies",
      credits: 3,
      error: false,
      at: new Date(),
    });
    await m.flush();
    expect(m.unflushed(clientId)).toBe(0);
    expect(await storedBalance(db, clientId)).toBe(90);
    expect(await ledgerSum(db, clientId)).toBe(90);
    expect(await m.balance(clientId)).toBe(90);
    const [usage] = await db.select().from(creditUsage).where(eq(creditUsage.clientId, clientId));
    expect([usage!.requests, usage!.credits]).toEqual([2, 10]);
  });

  it("keeps usage the database did not take at shutdown in a file and writes it at the next start, once", async () => {
    const { db, clientId, keyId } = await setUp(100);
    const spillDirectory = await mkdtemp(path.join(tmpdir(), "reeltime-spill-"));
    const flaky = flakyDatabase(db, "before");
    const first = meter({ db: flaky.db, spillDirectory });
    await first.charge(clientId, 4);
    first.record({
      clientId,
      apiKeyId: keyId,
      operation: "listMovies",
      credits: 4,
      error: false,
      at: new Date(),
    });
    first.record({
      clientId,
      apiKeyId: keyId,
      operation: "listCinemas",
      credits: 0,
      error: true,
      at: new Date(),
    });
    flaky.failNext(10); // the database is down through the shutdown's flush and its retry
    await first.close();
    expect(await storedBalance(db, clientId)).toBe(100);
    expect((await readdir(spillDirectory)).filter((f) => f.endsWith(".usage.json"))).toHaveLength(1);

    // Two instances start on the same DATA_DIR: one of them takes the file.
    const [second, third] = [meter({ spillDirectory }), meter({ spillDirectory })];
    await Promise.all([second.flush(), third.flush()]);
    expect(await readdir(spillDirectory)).toEqual([]);
    expect(await storedBalance(db, clientId)).toBe(96);
    expect(await ledgerSum(db, clientId)).toBe(96);
    const usage = await db.select().from(creditUsage).where(eq(creditUsage.clientId, clientId));
    expect(usage.map((u) => [u.operation, u.requests, u.credits, u.errors]).sort()).toEqual([
      ["listCinemas", 1, 0, 1],
      ["listMovies", 1, 4, 0],
    ]);
    await rm(spillDirectory, { recursive: true, force: true });
  });

  it("leaves a kept usage file it cannot read for an operator and writes nothing from it", async () => {
    const spillDirectory = await mkdtemp(path.join(tmpdir(), "reeltime-spill-"));
    await writeFile(path.join(spillDirectory, "1-x.usage.json"), '{"version":1,"batches":[{"id":"x"}]}');
    await meter({ spillDirectory }).flush();
    expect(await readdir(spillDirectory)).toEqual(["1-x.usage.json.unreadable"]);
    await rm(spillDirectory, { recursive: true, force: true });
  });

  it("does not count a batch twice when its commit went through but the answer was lost", async () => {
    const { db, clientId, keyId } = await setUp(100);
    const flaky = flakyDatabase(db, "after");
    const m = meter({ db: flaky.db });
    await m.charge(clientId, 6);
    m.record({
      clientId,
      apiKeyId: keyId,
      operation: "listCinemas",
      credits: 6,
      error: false,
      at: new Date(),
    });
    flaky.failNext(1);
    await m.flush();
    expect(m.unflushed(clientId)).toBe(6);
    await m.flush();
    expect(m.unflushed(clientId)).toBe(0);
    expect(await storedBalance(db, clientId)).toBe(94);
    expect(await ledgerSum(db, clientId)).toBe(94);
    expect(await m.balance(clientId)).toBe(94);
  });
});
