// GET /studio/data/tools/exports/<id>: an export's file, as an attachment, decompressed on the way out.
// Super admins only (the route guard covers /studio/data/*, and readExport checks again).
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { isAppError } from "../../../../core/errors.ts";
import { readExport } from "../../../../core/tools/read-export.ts";
import { studioRequest } from "../../../lib/studio-request.server.ts";
import type { Route } from "./+types/tool-export.ts";

const TYPES: Record<string, string> = {
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, session } = studioRequest(context);
  try {
    const file = await readExport(services, session.actor, { id: params.exportId });
    const body = Readable.toWeb(Readable.from([file.content]).pipe(createGunzip())) as ReadableStream;
    return new Response(body, {
      headers: {
        "Content-Type": TYPES[file.format] ?? "application/octet-stream",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (isAppError(error)) throw new Response(null, { status: error.status });
    throw error;
  }
}
