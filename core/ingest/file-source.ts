// The source behind a feed FILE imported from the command line: found by format, file and cinema or chain
// (so the same file imported again is the same source and updates the same showtimes), created once.
import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { cinemaChains, cinemas } from "../../db/schema/catalog.ts";
import { sources } from "../../db/schema/ingest.ts";
import { AppError } from "../errors.ts";
import type { FeedFormat } from "./feed.ts";

/** The CLI's format names (the issue's) → the stored formats. */
export const FILE_FORMATS = {
  "native-json": "reeltime-json",
  "native-csv": "reeltime-csv",
  "schema-org": "schema-org",
  "veezi-json": "veezi-json",
  "veezi-xml": "veezi-xml",
  vista: "vista-ocapi",
} as const satisfies Record<string, FeedFormat>;
export type FileFormatName = keyof typeof FILE_FORMATS;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findId(db: Database, table: typeof cinemas | typeof cinemaChains, idOrSlug: string) {
  const condition: SQL | undefined = UUID.test(idOrSlug)
    ? or(eq(table.id, idOrSlug), eq(table.slug, idOrSlug))
    : eq(table.slug, idOrSlug);
  const [row] = await db.select({ id: table.id }).from(table).where(condition);
  return row?.id;
}

export async function findOrCreateFileSource(
  db: Database,
  input: { format: FileFormatName; file: string; cinema?: string; chain?: string; complete: boolean },
) {
  const cinemaId = input.cinema ? await findId(db, cinemas, input.cinema) : null;
  if (input.cinema && !cinemaId)
    throw new AppError("not_found", "ingest.cinemaNotFound", { values: { cinema: input.cinema } });
  const chainId = input.chain ? await findId(db, cinemaChains, input.chain) : null;
  if (input.chain && !chainId)
    throw new AppError("not_found", "ingest.chainNotFound", { values: { chain: input.chain } });
  const format = FILE_FORMATS[input.format];
  const location = `file:${input.file}`;
  const [existing] = await db
    .select({ id: sources.id, name: sources.name })
    .from(sources)
    .where(
      and(
        eq(sources.format, format),
        eq(sources.location, location),
        cinemaId ? eq(sources.cinemaId, cinemaId) : isNull(sources.cinemaId),
        chainId ? eq(sources.chainId, chainId) : isNull(sources.chainId),
      ),
    );
  if (existing) return existing;
  const [created] = await db
    .insert(sources)
    .values({
      name: input.file.split(/[\\/]/).pop() ?? input.file,
      format,
      location,
      cinemaId,
      chainId,
      isComplete: input.complete,
      scheduleIntervalSeconds: null,
    })
    .returning({ id: sources.id, name: sources.name });
  return created!;
}
