// An export's file for download (/studio/data/tools/exports/<id>): super admins only; an expired export
// is gone (and purged on the way).
import { and, eq, gte } from "drizzle-orm";
import { z } from "zod";
import { exports } from "../../db/schema/tools.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { AppError } from "../errors.ts";
import { idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import { purgeExpiredExports } from "./purge-expired-exports.ts";
import type { AppServices } from "../services.ts";

const inputSchema = z.object({ id: idSchema });

export type ExportFile = {
  id: string;
  fileName: string;
  format: string;
  /** gzip-compressed */
  content: Buffer;
  bytes: number;
  rows: number;
};

export async function readExport(
  services: Pick<AppServices, "db" | "now">,
  actor: Actor,
  input: z.input<typeof inputSchema>,
): Promise<ExportFile> {
  requireSuperAdmin(actor);
  const { id } = parseInput(inputSchema, input);
  const now = services.now();
  await purgeExpiredExports(services);
  const [found] = await services.db
    .select({
      id: exports.id,
      fileName: exports.fileName,
      format: exports.format,
      content: exports.content,
      bytes: exports.bytes,
      rows: exports.rows,
    })
    .from(exports)
    .where(and(eq(exports.id, id), gte(exports.expiresAt, now)));
  if (!found) throw new AppError("not_found", "tools.exportNotFound");
  return found;
}
