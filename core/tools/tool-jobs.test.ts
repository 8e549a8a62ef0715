// The data tools as jobs: each start operation (super admin, audited, typed confirmation where it is
// dangerous) queues its kind, the server's handler runs it, and the result is what the page shows.
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { movieAliases, movies, movieTitles } from "../../db/schema/catalog.ts";
import { missingLinks } from "../../db/schema/ingest.ts";
import { showtimes } from "../../db/schema/showtimes.ts";
import { exports } from "../../db/schema/tools.ts";
import { DEFAULT_FEED_FETCH_SETTINGS } from "../ingest/fetch-feed.ts";
import { jobHandlers } from "../../server/jobs.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { createApiResponseCache } from "../cache/response-cache.ts";
import { uploadServices } from "../assets/asset-test-support.ts";
import { createCinema, ensureCountry } from "../catalog/catalog-test-helpers.ts";
import { normalizeFeedTitle } from "../catalog/movies/normalize-feed-title.ts";
import { appJobKinds } from "../jobs/job-kinds.ts";
import type { JobQueue, JobRecord } from "../jobs/job-queue.ts";
import { testQueue, waitForJob } from "../jobs/job-test-helpers.ts";
import {
  actorFor,
  auditRowsFor,
  createScenario,
  expectAppError,
  missingId,
  type Scenario,
} from "../tenancy/tenancy-test-fixtures.ts";
import { exportData } from "./export-data.ts";
import { readExport } from "./read-export.ts";
import { startExport } from "./start-export.ts";
import { startMaintenance } from "./start-maintenance.ts";
import { startPurge } from "./start-purge.ts";
import { startRematch } from "./start-rematch.ts";
import { startReindex } from "./start-reindex.ts";

const database = useTestDatabase();
const day = 24 * 60 * 60 * 1000;
let s: Scenario;
let jobs: JobQueue<typeof appJobKinds>;
let services: { db: ReturnType<typeof database>["db"]; jobs: typeof jobs; now: () => Date };
let cinemaId: string;
let clock = new Date();

beforeAll(async () => {
  const { db } = database();
  s = await createScenario(db);
  jobs = testQueue(database(), appJobKinds);
  services = { db, jobs, now: () => clock };
  await jobs.work(
    jobHandlers({
      ...uploadServices(db),
      jobs,
      apiCache: createApiResponseCache(),
      now: () => clock,
      feeds: { fetch: DEFAULT_FEED_FETCH_SETTINGS, credentialsKey: Buffer.alloc(32, 1) },
      imageFetch: DEFAULT_FEED_FETCH_SETTINGS,
    }),
  );
  await ensureCountry(db, "NL", "Netherlands");
  cinemaId = await createCinema(db);
});
afterAll(async () => {
  await jobs.stop({ drainTimeoutMs: 1_000 });
});

const finished = (id: string): Promise<JobRecord> =>
  waitForJob(jobs, id, (j) => ["completed", "failed", "cancelled"].includes(j.state), 30_000);
const admin = () => actorFor(s.superAdmin);
const clientAdmin = () => actorFor(s.adminA, s.clientA);

describe("tool jobs", { timeout: 60_000 }, () => {
  it("analyzes one table and vacuums all of them, with progress; refuses unknown tables and non-admins", async () => {
    const analyze = await startMaintenance(services, admin(), { operation: "analyze", table: "movies" });
    const analyzed = await finished(analyze.jobId);
    expect(analyzed).toMatchObject({
      state: "completed",
      kind: "db-maintenance",
      result: { operation: "analyze", tables: 1 },
      progress: { done: 1, total: 1 },
    });

    const vacuum = await startMaintenance(services, admin(), { operation: "vacuum", table: "" });
    const vacuumed = await finished(vacuum.jobId);
    expect(vacuumed.state).toBe("completed");
    expect((vacuumed.result as { tables: number }).tables).toBeGreaterThan(20);
    expect(vacuumed.progress?.done).toBe(vacuumed.progress?.total);

    const [audit] = await auditRowsFor(database().db, "tools.maintenance.start");
    expect(audit).toMatchObject({ actorProfileId: s.superAdmin.profileId, entityId: vacuum.jobId });

    await expectAppError(
      startMaintenance(services, admin(), { operation: "analyze", table: "no_such_table" }),
      "invalid_input",
      "tools.unknownTable",
    );
    await expectAppError(
      startMaintenance(services, admin(), { operation: "analyze", table: "movies; DROP TABLE users" }),
      "invalid_input",
    );
    await expectAppError(
      startMaintenance(services, clientAdmin(), { operation: "analyze" }),
      "forbidden",
      "access.superAdminOnly",
    );
  });

  it("purges only showtimes older than the age, once the word is typed", async () => {
    const { db } = database();
    clock = new Date();
    await db.insert(showtimes).values(
      [400, 40, 5, -2].map((age) => ({
        cinemaId,
        countryCode: "NL",
        feedTitle: `purge ${age}`,
        startsAt: new Date(clock.getTime() - age * day),
      })),
    );
    await expectAppError(
      startPurge(services, admin(), { olderThanDays: 30, confirmWord: "" }),
      "invalid_input",
    );
    await expectAppError(
      startPurge(services, admin(), { olderThanDays: 30, confirmWord: "purge please" }),
      "invalid_input",
    );
    await expectAppError(
      startPurge(services, clientAdmin(), { olderThanDays: 30, confirmWord: "PURGE" }),
      "forbidden",
    );
    expect(await db.select().from(showtimes)).toHaveLength(4);

    const { jobId } = await startPurge(services, admin(), { olderThanDays: 30, confirmWord: "PURGE" });
    expect(await finished(jobId)).toMatchObject({ state: "completed", result: { deleted: 2 } });
    const left = await db.select({ title: showtimes.feedTitle }).from(showtimes);
    expect(left.map((r) => r.title).sort()).toEqual(["purge -2", "purge 5"]);
    await db.delete(showtimes);
  });

  it("links unmatched showtimes whose title now has an alias, and closes their missing links", async () => {
    const { db } = database();
    const [movie] = await db
      .insert(movies)
      .values({ title: "The Seventh Seal", slug: "the-seventh-seal-rematch", year: 1957 })
      .returning({ id: movies.id });
    const startsAt = new Date(Date.now() + 3 * day);
    await db.insert(showtimes).values([
      { cinemaId, countryCode: "NL", feedTitle: "Het zevende zegel", startsAt },
      {
        cinemaId,
        countryCode: "NL",
        feedTitle: "Het zevende zegel",
        startsAt: new Date(startsAt.getTime() + day),
      },
      { cinemaId, countryCode: "NL", feedTitle: "Qwxz Unknown Picture", startsAt },
      {
        cinemaId,
        countryCode: "NL",
        feedTitle: "Het zevende zegel",
        startsAt,
        status: "cancelled",
        sourceRef: "cancelled-one",
      },
    ]);
    await db.insert(missingLinks).values({
      rawTitle: "Het zevende zegel",
      normalizedTitle: normalizeFeedTitle("Het zevende zegel"),
    });

    // Before the alias, nothing links.
    const first = await startRematch(services, admin());
    expect(await finished(first.jobId)).toMatchObject({
      state: "completed",
      result: { titles: 2, linkedTitles: 0, linkedShowtimes: 0, unmatchedTitles: 2 },
    });

    await db
      .insert(movieAliases)
      .values({ movieId: movie!.id, normalizedTitle: normalizeFeedTitle("Het zevende zegel") });
    const second = await startRematch(services, admin());
    const done = await finished(second.jobId);
    expect(done).toMatchObject({
      state: "completed",
      result: { titles: 2, linkedTitles: 1, linkedShowtimes: 2, unmatchedTitles: 1 },
      progress: { done: 2, total: 2 },
    });
    const rows = await db
      .select({ movieId: showtimes.movieId, status: showtimes.status, title: showtimes.feedTitle })
      .from(showtimes);
    expect(rows.filter((r) => r.movieId === movie!.id)).toHaveLength(2);
    // A cancelled showtime is left alone.
    expect(rows.find((r) => r.status === "cancelled")?.movieId).toBeNull();
    const [link] = await db.select().from(missingLinks);
    expect(link).toMatchObject({
      resolution: "linked",
      resolvedMovieId: movie!.id,
      resolvedBy: s.superAdmin.profileId,
    });
    expect(await auditRowsFor(db, "tools.rematch.start")).toHaveLength(2);

    await expectAppError(startRematch(services, clientAdmin()), "forbidden");
    await db.delete(showtimes);
  });

  it("rebuilds the search indexes once the word is typed", async () => {
    await expectAppError(startReindex(services, admin(), { confirmWord: "reindex" }), "invalid_input");
    await expectAppError(startReindex(services, clientAdmin(), { confirmWord: "REINDEX" }), "forbidden");
    const { jobId } = await startReindex(services, admin(), { confirmWord: "REINDEX" });
    expect(await finished(jobId)).toMatchObject({
      state: "completed",
      result: { indexes: 3 },
      progress: { done: 3, total: 3 },
    });
  });
});

describe("exports", { timeout: 60_000 }, () => {
  let movieId: string;
  beforeAll(async () => {
    const { db } = database();
    const [movie] = await db
      .insert(movies)
      .values({ title: 'Export, "quoted"', slug: "export-quoted", year: 2001, genres: ["drama", "war"] })
      .returning({ id: movies.id });
    movieId = movie!.id;
    // Titles a feed could bring: a spreadsheet must not run them.
    await db.insert(movies).values([
      { title: '=HYPERLINK("https://evil.example","x")', slug: "export-formula-1" },
      { title: "@SUM(1+1)*cmd|' /C calc'!A0", slug: "export-formula-2" },
      { title: "-2+3", slug: "export-formula-3" },
    ]);
    await db.insert(movieTitles).values({ movieId, locale: "nl", title: "Uitvoer" });
    await db.insert(movieAliases).values({ movieId, normalizedTitle: "uitvoer alias" });
  });

  const fileOf = async (jobId: string) => {
    const job = await finished(jobId);
    expect(job.state).toBe("completed");
    const { exportId } = job.result as { exportId: string };
    const file = await readExport(services, admin(), { id: exportId });
    return { job, file, text: gunzipSync(file.content).toString("utf8") };
  };

  it("exports a table as CSV with a header row and every row, quoted where needed", async () => {
    const { db } = database();
    const { jobId } = await startExport(services, admin(), { table: "movies", format: "csv" });
    const { file, text, job } = await fileOf(jobId);
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    const count = (await db.select({ id: movies.id }).from(movies)).length;
    expect(rows).toHaveLength(count);
    expect(text.split("\r\n")[0]).toMatch(/^id,title,/);
    const exported = rows.find((r) => r.id === movieId)!;
    expect(exported).toMatchObject({ title: 'Export, "quoted"', year: "2001", genres: '["drama","war"]' });
    const formulas = rows.filter((r) => r.slug!.startsWith("export-formula-")).map((r) => r.title);
    expect(formulas.sort()).toEqual([
      "'-2+3",
      '\'=HYPERLINK("https://evil.example","x")',
      "'@SUM(1+1)*cmd|' /C calc'!A0",
    ]);
    expect(file).toMatchObject({ format: "csv", rows: count, bytes: Buffer.byteLength(text) });
    expect(file.fileName).toMatch(/^reeltime-movies-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(job.result).toMatchObject({ rows: count, capped: false, cap: 1_000_000 });
    const [audit] = await auditRowsFor(db, "tools.export.start");
    expect(audit).toMatchObject({
      actorProfileId: s.superAdmin.profileId,
      after: { table: "movies", format: "csv" },
    });
  });

  it("exports the catalogue as JSON: movies with their titles and aliases", async () => {
    const { jobId } = await startExport(services, admin(), { table: "catalogue", format: "json" });
    const { text } = await fileOf(jobId);
    const catalogue = JSON.parse(text) as Record<string, unknown>[];
    expect(catalogue.find((m) => m.id === movieId)).toMatchObject({
      title: 'Export, "quoted"',
      titles: [{ locale: "nl", title: "Uitvoer" }],
      aliases: ["uitvoer alias"],
    });
  });

  it("never exports accounts, sessions, keys or feed credentials", async () => {
    for (const table of ["users", "accounts", "sessions", "api_keys", "sources", "catalogue; DROP"]) {
      await expectAppError(
        startExport(services, admin(), { table: table as "movies", format: "csv" }),
        "invalid_input",
      );
    }
    for (const table of ["cinemas", "showtimes", "countries", "attributes"] as const) {
      const { jobId } = await startExport(services, admin(), { table, format: "csv" });
      const { text } = await fileOf(jobId);
      const header = text.split("\r\n")[0]!;
      expect(header).not.toMatch(/password|secret|token|credential|key_hash/i);
    }
    await expectAppError(
      startExport(services, clientAdmin(), { table: "movies", format: "csv" }),
      "forbidden",
    );
  });

  it("stops at the cap and says so", async () => {
    const { db } = database();
    const result = await exportData(
      { db, now: () => new Date() },
      { jobId: missingId(), table: "movies", format: "json", requestedBy: null, maxRows: 1 },
    );
    expect(result).toMatchObject({ rows: 1, capped: true, cap: 1 });
    const file = await readExport(services, admin(), { id: result.exportId });
    expect(JSON.parse(gunzipSync(file.content).toString("utf8"))).toHaveLength(1);
  });

  it("downloads only for super admins, and not after it expired (then it is purged)", async () => {
    const { db } = database();
    const result = await exportData(
      { db, now: () => new Date() },
      { jobId: missingId(), table: "countries", format: "csv", requestedBy: s.superAdmin.profileId },
    );
    await expectAppError(readExport(services, clientAdmin(), { id: result.exportId }), "forbidden");
    await expectAppError(
      readExport(services, admin(), { id: missingId() }),
      "not_found",
      "tools.exportNotFound",
    );
    await expectAppError(readExport(services, admin(), { id: "../etc" }), "invalid_input");

    const later = { ...services, now: () => new Date(Date.now() + 8 * day) };
    await expectAppError(readExport(later, admin(), { id: result.exportId }), "not_found");
    expect(await db.select({ id: exports.id }).from(exports).where(eq(exports.id, result.exportId))).toEqual(
      [],
    );
  });
});
