import type { Context, MiddlewareHandler, Next } from "hono";
import type { ServerEnv } from "../context-variables.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Page and studio actions read HTML form bodies only. Before React Router sees a state-changing request
 * outside /api: a missing or other content type is 415, a multipart body that does not parse is 400 —
 * a client's mistake is never the server's 500. (The parse runs on a clone; the action reads the
 * original.)
 */
export function formBodies(): MiddlewareHandler<ServerEnv> {
  // Only a state-changing request outside /api pays for an async step.
  return (c, next) => {
    if (SAFE_METHODS.has(c.req.method.toUpperCase())) return next();
    // c.req.path is the decoded path Hono routes by (case-sensitive, like its /api routes).
    const path = c.req.path;
    if (path === "/api" || path.startsWith("/api/")) return next();
    return checkFormBody(c, next);
  };
}

async function checkFormBody(c: Context<ServerEnv>, next: Next): Promise<Response | void> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    return c.text("Unsupported Media Type: send a form", 415, { "Cache-Control": "no-store" });
  }
  if (type === "multipart/form-data") {
    try {
      await c.req.raw.clone().formData();
    } catch {
      return c.text("Bad Request: the form data could not be read", 400, { "Cache-Control": "no-store" });
    }
  }
  await next();
}
