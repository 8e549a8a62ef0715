// Vitest globalSetup: prepares the migrated template ONCE per run; every test database is a clone.
//   PGlite (default): one migrated PGlite dumped to a temp tarball (kept, keyed by the migrations'
//   content, so an unchanged schema is not migrated again next run); workers load clones from it.
//   PostgreSQL (TEST_DATABASE_URL set): database `reeltime_template`; workers CREATE DATABASE … TEMPLATE.
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import {
  createPostgresTemplate,
  dropLeftoverDatabases,
  PGLITE_TEMPLATE_ENV,
  pgliteTemplateFile,
} from "./test-db-template.ts";
import { hasSharedData, SHARED_DATA_NOTE } from "./shared-data.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** Path of the migrated PGlite data directory tarball. */
    pgliteTemplateFile: string;
    /** Set when the run uses PostgreSQL: the admin connection URL (TEST_DATABASE_URL). */
    testDatabaseUrl: string;
    /** Short id of this run, part of every PostgreSQL test database name. */
    testRunId: string;
  }
}

export async function setup(project: TestProject) {
  const started = performance.now();
  if (!hasSharedData) console.log(SHARED_DATA_NOTE);
  const runId = randomBytes(3).toString("hex");
  project.provide("testRunId", runId);
  const databaseUrl = process.env.TEST_DATABASE_URL ?? "";
  project.provide("testDatabaseUrl", databaseUrl);

  let templateFile = "";
  let what = "PostgreSQL reeltime_template created";
  if (databaseUrl) {
    await createPostgresTemplate(databaseUrl);
  } else {
    const template = await pgliteTemplateFile();
    templateFile = template.file;
    process.env[PGLITE_TEMPLATE_ENV] = templateFile;
    what = template.reused
      ? `PGlite template reused (${templateFile})`
      : `PGlite template built (${templateFile})`;
  }
  project.provide("pgliteTemplateFile", templateFile);
  if (process.env.TEST_DB_TIMINGS) {
    console.log(`[test-db] ${what} in ${Math.round(performance.now() - started)} ms`);
  }

  return async () => {
    if (databaseUrl) await dropLeftoverDatabases(databaseUrl, runId);
  };
}
