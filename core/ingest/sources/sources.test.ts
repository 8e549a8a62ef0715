// Feed (source) operations on a real database: super admins only; credentials encrypted and write-only
// ("keep" leaves them, "none" clears them); uploads checked (empty, not text, missing); the refresh
// schedule follows the interval and the enabled flag; run now queues an import; delete keeps the showtimes.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sources, sourceUploads } from "../../../db/schema/ingest.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { createCinema, ensureCountry } from "../../catalog/catalog-test-helpers.ts";
import { appJobKinds } from "../../jobs/job-kinds.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { testQueue } from "../../jobs/job-test-helpers.ts";
import { parseInput } from "../../shared/input.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  createScenario,
  expectAppError,
  type Scenario,
} from "../../tenancy/tenancy-test-fixtures.ts";
import { decryptFeedCredentials } from "../feed-credentials.ts";
import { DEFAULT_FEED_FETCH_SETTINGS } from "../fetch-feed.ts";
import { createSource } from "./create-source.ts";
import { deleteSource } from "./delete-source.ts";
import { listSources } from "./list-sources.ts";
import { runSourceNow } from "./run-source-now.ts";
import { createSourceSchema } from "./source-schemas.ts";
import type { SourceServices } from "./sources.ts";
import { updateSource } from "./update-source.ts";

const database = useTestDatabase();
let s: Scenario;
let services: SourceServices;
let jobs: JobQueue<typeof appJobKinds>;
let cinemaId = "";
const key = Buffer.alloc(32, 9);

beforeAll(async () => {
  const { db } = database();
  jobs = testQueue(database(), appJobKinds, { worker: false });
  services = {
    db,
    now: () => new Date(),
    feeds: { fetch: DEFAULT_FEED_FETCH_SETTINGS, credentialsKey: key },
    jobs,
  };
  s = await createScenario(db);
  await ensureCountry(db, "NL", "Netherlands");
  cinemaId = await createCinema(db);
});
afterAll(async () => {
  await jobs.stop();
});

const admin = () => actorFor(s.superAdmin);
const stored = async (id: string) =>
  (await database().db.select().from(sources).where(eq(sources.id, id)))[0]!;
const scheduled = async () => (await jobs.schedules("import-feed")).map((schedule) => schedule.key);
const form = {
  name: "Kriterion programme",
  format: "reeltime-json",
  input: "url",
  url: "https://feeds.example.com/kriterion.json",
  interval: "3600",
  enabled: "on",
  complete: "on",
  credentials: "bearer",
  token: "s3cret-token",
} as const;

describe("feed operations", () => {
  it("refuse everyone but super admins, writing nothing", async () => {
    const before = await countRows(database().db, sources);
    for (const person of [s.adminA, s.editorA, s.viewerA]) {
      await expectAppError(
        createSource(services, actorFor(person, s.clientA), { ...form, cinemaId }),
        "forbidden",
      );
    }
    expect(await countRows(database().db, sources)).toBe(before);
  });

  it("store credentials encrypted and never return them; the schedule follows interval and enabled", async () => {
    // The action parses the form and the operation its input again: the parsed form parses to itself.
    const parsed = parseInput(createSourceSchema, { ...form, cinemaId });
    const created = await createSource(services, admin(), parsed);
    expect(created).toMatchObject({ name: form.name, hasCredentials: true, scheduleIntervalSeconds: 3600 });
    expect(JSON.stringify(created)).not.toContain("s3cret-token");
    const row = await stored(created.id);
    expect(row.credentialsEncrypted).not.toContain("s3cret-token");
    expect(decryptFeedCredentials(row.credentialsEncrypted!, key, created.id)).toEqual({
      type: "bearer",
      token: "s3cret-token",
    });
    expect(await scheduled()).toContain(created.id);
    const [audit] = await auditRowsFor(database().db, "ingest.source.create");
    expect(JSON.stringify(audit)).not.toContain("s3cret-token");

    const kept = await updateSource(services, admin(), {
      ...form,
      id: created.id,
      credentials: "keep",
      token: undefined,
      interval: "",
    });
    expect(kept).toMatchObject({ hasCredentials: true, scheduleIntervalSeconds: null });
    expect((await stored(created.id)).credentialsEncrypted).toBe(row.credentialsEncrypted);
    expect(await scheduled()).not.toContain(created.id);

    await updateSource(services, admin(), { ...form, id: created.id, credentials: "none", enabled: "" });
    expect((await stored(created.id)).credentialsEncrypted).toBeNull();
    expect(await scheduled()).not.toContain(created.id);
    await expectAppError(
      runSourceNow({ ...services }, admin(), { id: created.id }),
      "conflict",
      "studio.sources.disabled",
    );
  });

  it("refuse a bad address, missing credentials, and a feed on no cinema or chain", async () => {
    const bad = await expectAppError(
      createSource(services, admin(), { ...form, cinemaId, url: "ftp://feeds.example.com/x", token: "" }),
      "invalid_input",
    );
    expect(Object.keys(bad.fieldErrors).sort()).toEqual(["token", "url"]);
    await expectAppError(createSource(services, admin(), { ...form }), "invalid_input");
    await expectAppError(
      createSource(services, admin(), { ...form, cinemaId: "00000000-0000-4000-8000-000000000000" }),
      "invalid_input",
    );
  });

  it("take an uploaded file (text, within the limit) and list it with the feed", async () => {
    const upload = (content: string | Uint8Array) => ({
      fileName: "kriterion.csv",
      content: typeof content === "string" ? new TextEncoder().encode(content) : content,
    });
    const base = { ...form, input: "upload", credentials: "none", format: "reeltime-csv", cinemaId } as const;
    for (const [content, reason] of [
      ["", "studio.sources.validation.fileEmpty"],
      [new Uint8Array([0xff, 0xfe, 0x00, 0xd8]), "studio.sources.validation.fileNotText"],
    ] as const) {
      const error = await expectAppError(
        createSource(services, admin(), base, upload(content)),
        "invalid_input",
      );
      expect(error.fieldErrors.file).toBe(reason);
    }
    const missing = await expectAppError(createSource(services, admin(), base), "invalid_input");
    expect(missing.fieldErrors.file).toBe("studio.sources.validation.fileRequired");

    const created = await createSource(
      services,
      admin(),
      base,
      upload("id,title,starts_at\n1,Dune,2031-01-01T20:00\n"),
    );
    expect((await stored(created.id)).location).toBe("upload");
    const listed = await listSources(services, admin(), { cinemaId });
    expect(listed.find((feed) => feed.id === created.id)).toMatchObject({
      uploadedFile: "kriterion.csv",
      lastRun: null,
    });
    const [file] = await database()
      .db.select()
      .from(sourceUploads)
      .where(eq(sourceUploads.sourceId, created.id));
    expect(file).toMatchObject({ bytes: 43, uploadedBy: s.superAdmin.profileId });
  });

  it("queue an import on run now, and delete a feed keeping its showtimes", async () => {
    const created = await createSource(services, admin(), { ...form, cinemaId });
    const { jobId } = await runSourceNow(services, admin(), { id: created.id });
    expect(await jobs.get(jobId)).toMatchObject({
      kind: "import-feed",
      state: "created",
      payload: { sourceId: created.id, trigger: "manual", triggeredBy: s.superAdmin.profileId },
    });
    const [show] = await database()
      .db.insert(showtimes)
      .values({
        cinemaId,
        countryCode: "NL",
        feedTitle: "Dune",
        startsAt: new Date("2031-01-01T19:00:00Z"),
        sourceId: created.id,
        sourceRef: "1",
      })
      .returning({ id: showtimes.id });
    const deleted = await deleteSource(services, admin(), { id: created.id });
    expect(deleted).toEqual({ id: created.id, name: form.name, showtimes: 1 });
    const [kept] = await database().db.select().from(showtimes).where(eq(showtimes.id, show!.id));
    expect(kept).toMatchObject({ sourceId: null });
    expect(await scheduled()).not.toContain(created.id);
    await expectAppError(deleteSource(services, admin(), { id: created.id }), "not_found");
  });
});
