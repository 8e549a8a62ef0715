import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { isDatabaseUnavailable, reportUnavailable, RETRY_AFTER_SECONDS } from "../core/unavailable.ts";
import { requestInfoContext, servicesContext } from "./lib/context.ts";
import { lowPriorityModulePreloads, wantsLowPriorityScripts } from "./lib/script-priority.server.ts";

// The server reads these from the build to fill the router context (one instance of each key).
export { requestInfoContext, servicesContext } from "./lib/context.ts";
// …and this, to key its cache of rendered public pages.
export { pageVariant } from "./lib/page-variant.server.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const userAgent = request.headers.get("user-agent");
  const crawler = Boolean(userAgent && isbot(userAgent));
  // The database (or Redis) is away: the error page says "try again" in the status, for browsers and
  // crawlers alike, instead of a 500.
  if (responseStatusCode >= 500 && loadContext.get(requestInfoContext).outcome?.unavailable) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
  }

  // Crawlers get the status and a bare body, never the error page.
  if (crawler && responseStatusCode >= 400) {
    const retryAfter = responseHeaders.get("Retry-After");
    return new Response(`${responseStatusCode}`, {
      status: responseStatusCode,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        ...(retryAfter ? { "Retry-After": retryAfter } : {}),
      },
    });
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const { nonce } = loadContext.get(requestInfoContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers wait for everything, so they see the full listing.
    const readyOption: keyof RenderToPipeableStreamOptions = crawler ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const final = (callback: () => void) => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          };
          const body = wantsLowPriorityScripts(request.url)
            ? lowPriorityModulePreloads({ final })
            : new PassThrough({ final });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** Unexpected loader/action/render errors reach the JSON log with the request's id; users see none of it. */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: RouterContextProvider },
) {
  if (request.signal.aborted) return;
  const logger = context.get(servicesContext).logger;
  if (isDatabaseUnavailable(error)) {
    const outcome = context.get(requestInfoContext).outcome;
    if (outcome) outcome.unavailable = true;
    reportUnavailable(logger, "pages", error);
    return;
  }
  logger.error({ err: error, url: new URL(request.url).pathname }, "unhandled error in a route");
}
