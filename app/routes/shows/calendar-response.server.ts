// An iCalendar answer: text/calendar, a strong ETag over the body (304 when the client has it), public
// caching for a few minutes (feed readers poll), and a file name for downloads.
import { createHash } from "node:crypto";

export function calendarResponse(
  request: Request,
  body: string,
  options: { filename: string; maxAgeSeconds: number; attachment?: boolean },
): Response {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = {
    "Content-Type": "text/calendar; charset=utf-8",
    "Cache-Control": `public, max-age=${options.maxAgeSeconds}`,
    ETag: etag,
    "Content-Disposition": `${options.attachment === false ? "inline" : "attachment"}; filename="${options.filename}"`,
  };
  const presented = request.headers.get("If-None-Match");
  if (presented && presented.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === "HEAD" ? null : body, { status: 200, headers });
}

/** No such show, cinema, film or city: a plain 404 (calendar apps show the status, not a page). */
export function notFoundResponse(): Response {
  return new Response("Not found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
