// A showtime's cinema (with its country), movie and source are checked by triggers (migration 0011),
// once per statement for inserts: what the foreign keys did, on PGlite and on PostgreSQL. Every refusal is
// PostgreSQL's foreign_key_violation (23503) and leaves nothing written; deleting the other side cascades
// or unlinks as the keys' ON DELETE did. On PostgreSQL, a writer and a concurrent delete wait for each
// other the way a key's check and its FOR KEY SHARE lock make them.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCinema, ensureCountry } from "../core/catalog/catalog-test-helpers.ts";
import { queryRows } from "../core/shared/db-rows.ts";
import { testDatabaseKind, useTestDatabase } from "../tests/helpers/test-db.ts";
import type { Database } from "./client.ts";
import { cinemas, movies } from "./schema/catalog.ts";
import { sources } from "./schema/ingest.ts";
import { showtimes } from "./schema/showtimes.ts";

const database = useTestDatabase();

async function movie(db: Database): Promise<string> {
  const slug = `film-${randomUUID().slice(0, 8)}`;
  const [row] = await db.insert(movies).values({ title: slug, slug }).returning({ id: movies.id });
  return row!.id;
}

async function source(db: Database): Promise<string> {
  const [row] = await db
    .insert(sources)
    .values({ name: "Feed", format: "reeltime-json", location: "upload" })
    .returning({ id: sources.id });
  return row!.id;
}

type Show = Partial<typeof showtimes.$inferInsert> & { cinemaId: string };
const show = (values: Show) => ({
  countryCode: "NL",
  feedTitle: "Flow",
  startsAt: new Date("2031-05-01T18:00:00Z"),
  ...values,
});

async function count(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from showtimes`);
  return row!.n;
}

/** The PostgreSQL error code a rejected promise carries (drizzle wraps the driver's error as its cause). */
async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    const withCode = (value: unknown): string | undefined => {
      if (typeof value !== "object" || value === null) return undefined;
      if ("code" in value && typeof value.code === "string") return value.code;
      return "cause" in value ? withCode(value.cause) : undefined;
    };
    return withCode(error);
  }
  return undefined;
}

describe("showtime references", () => {
  it("refuses a statement with one unknown cinema, country, movie or source, writing none of its rows", async () => {
    const { db } = database();
    await ensureCountry(db, "NL", "Netherlands");
    await ensureCountry(db, "BE", "Belgium");
    const cinemaId = await createCinema(db);
    const movieId = await movie(db);
    const sourceId = await source(db);
    const before = await count(db);
    const good = show({ cinemaId, movieId, sourceId, sourceRef: "a" });
    for (const bad of [
      show({ cinemaId: randomUUID() }),
      show({ cinemaId, countryCode: "BE" }),
      show({ cinemaId, movieId: randomUUID() }),
      show({ cinemaId, sourceId: randomUUID(), sourceRef: "b" }),
    ]) {
      expect(await codeOf(db.insert(showtimes).values([good, bad]))).toBe("23503");
    }
    expect(await count(db)).toBe(before);
    await db.insert(showtimes).values([good, show({ cinemaId })]);
    expect(await count(db)).toBe(before + 2);
  });

  it("refuses an update to an unknown reference, and lets one that keeps them through", async () => {
    const { db } = database();
    const cinemaId = await createCinema(db);
    const [row] = await db
      .insert(showtimes)
      .values(show({ cinemaId, movieId: await movie(db) }))
      .returning({ id: showtimes.id });
    const id = eq(showtimes.id, row!.id);
    expect(await codeOf(db.update(showtimes).set({ movieId: randomUUID() }).where(id))).toBe("23503");
    expect(await codeOf(db.update(showtimes).set({ sourceId: randomUUID() }).where(id))).toBe("23503");
    expect(await codeOf(db.update(showtimes).set({ countryCode: "BE" }).where(id))).toBe("23503");
    expect(await codeOf(db.update(showtimes).set({ cinemaId: randomUUID() }).where(id))).toBe("23503");
    await db.update(showtimes).set({ seatsAvailable: 3 }).where(id);
    const otherMovie = await movie(db);
    await db
      .update(showtimes)
      .set({ movieId: otherMovie, cinemaId: await createCinema(db) })
      .where(id);
    const [after] = await db.select().from(showtimes).where(id);
    expect(after).toMatchObject({ movieId: otherMovie, seatsAvailable: 3 });
  });

  it("deletes a deleted cinema's showtimes, unlinks a deleted movie's or source's, marking them changed", async () => {
    const { db } = database();
    const cinemaId = await createCinema(db);
    const movieId = await movie(db);
    const sourceId = await source(db);
    const old = new Date("2020-01-01T00:00:00Z");
    const [linked] = await db
      .insert(showtimes)
      .values(show({ cinemaId, movieId, sourceId, sourceRef: "x", updatedAt: old }))
      .returning({ id: showtimes.id });
    const id = eq(showtimes.id, linked!.id);
    await db.delete(movies).where(eq(movies.id, movieId));
    await db.delete(sources).where(eq(sources.id, sourceId));
    const [unlinked] = await db.select().from(showtimes).where(id);
    expect(unlinked).toMatchObject({ movieId: null, sourceId: null });
    expect(unlinked!.updatedAt.getTime()).toBeGreaterThan(old.getTime());
    await db.delete(cinemas).where(eq(cinemas.id, cinemaId));
    expect(await db.select().from(showtimes).where(id)).toEqual([]);
  });

  it("moves a cinema's showtimes to its new country, and refuses a new id for a referenced movie or source", async () => {
    const { db } = database();
    const cinemaId = await createCinema(db);
    const movieId = await movie(db);
    const sourceId = await source(db);
    const [row] = await db
      .insert(showtimes)
      .values(show({ cinemaId, movieId, sourceId, sourceRef: "y" }))
      .returning({ id: showtimes.id });
    await db.update(cinemas).set({ countryCode: "BE" }).where(eq(cinemas.id, cinemaId));
    const [moved] = await db.select().from(showtimes).where(eq(showtimes.id, row!.id));
    expect(moved!.countryCode).toBe("BE");
    expect(await codeOf(db.update(movies).set({ id: randomUUID() }).where(eq(movies.id, movieId)))).toBe(
      "23503",
    );
    expect(await codeOf(db.update(sources).set({ id: randomUUID() }).where(eq(sources.id, sourceId)))).toBe(
      "23503",
    );
  });

  // Two sessions at once: PostgreSQL only (PGlite has one connection).
  it.runIf(testDatabaseKind() === "postgres")(
    "makes a concurrent delete of a movie wait for the writer that references it, and the other way round",
    async () => {
      const { db } = database();
      const cinemaId = await createCinema(db);

      /** Resolves once a session of this database waits for a lock, or the given work has settled. */
      const waitingOrDone = async (work: Promise<unknown>) => {
        let settled = false;
        void work.then(
          () => (settled = true),
          () => (settled = true),
        );
        for (;;) {
          const [row] = await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (settled || row!.n > 0) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };

      // The writer first: the delete waits for it, then unlinks the new showtime.
      const first = await movie(db);
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let inserted: () => void = () => {};
      const insertedSignal = new Promise<void>((resolve) => (inserted = resolve));
      const writer = db.transaction(async (tx) => {
        await tx.insert(showtimes).values(show({ cinemaId, movieId: first, feedTitle: "first" }));
        inserted();
        await gate;
      });
      await insertedSignal;
      // A query builder runs again on every then(): one promise each.
      const deletion = db.delete(movies).where(eq(movies.id, first)).execute();
      await waitingOrDone(deletion);
      release();
      await writer;
      await deletion;
      const [written] = await db.select().from(showtimes).where(eq(showtimes.feedTitle, "first"));
      expect(written!.movieId).toBeNull();

      // The delete first: the writer waits for it, then is refused.
      const second = await movie(db);
      let commit: () => void = () => {};
      const deleteGate = new Promise<void>((resolve) => (commit = resolve));
      let deleted: () => void = () => {};
      const deletedSignal = new Promise<void>((resolve) => (deleted = resolve));
      const remover = db.transaction(async (tx) => {
        await tx.delete(movies).where(eq(movies.id, second));
        deleted();
        await deleteGate;
      });
      await deletedSignal;
      const late = db
        .insert(showtimes)
        .values(show({ cinemaId, movieId: second, feedTitle: "second" }))
        .execute();
      const lateCode = codeOf(late);
      await waitingOrDone(late);
      commit();
      await remover;
      expect(await lateCode).toBe("23503");
      expect(await db.select().from(showtimes).where(eq(showtimes.feedTitle, "second"))).toEqual([]);
    },
  );
});
