// A PostgreSQL database of the bench's or the soak's own, created on an admin connection and dropped
// (with force) when they are done, so a run never touches a database that holds anything else.
import { randomBytes } from "node:crypto";
import pg from "pg";

export type ScratchDatabase = { name: string; url: string; drop: () => Promise<void> };

/** The admin connection could not be made: the caller says which setting points at PostgreSQL. */
export class AdminUnreachable extends Error {}

async function withAdmin(adminUrl: string, run: (admin: pg.Client) => Promise<unknown>) {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new AdminUnreachable(error instanceof Error ? error.message : String(error), { cause: error });
  }
  try {
    await run(admin);
  } finally {
    await admin.end();
  }
}

/** Creates `<prefix>_<8 hex>` on the PostgreSQL `adminUrl` points at; its URL is adminUrl's with that name. */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)),
  };
}
