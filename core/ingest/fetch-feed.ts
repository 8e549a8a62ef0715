// Fetching a feed over HTTP(S), as a careful client: an overall timeout, a size limit counted on the
// decompressed body, conditional requests (ETag / Last-Modified), retries with backoff for what may pass
// (network errors, 429, 5xx), redirects followed by hand so each hop is checked, and no way in to private or
// loopback addresses (SSRF) unless the host is explicitly allowed by configuration. The address check runs
// in the socket's own DNS lookup, so a name cannot resolve public for a check and private for the connect.
import dns from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { Agent, fetch, type Response } from "undici";

export type FeedFetchSettings = {
  /** whole request, headers and body (ms) */
  timeoutMs: number;
  /** the most bytes of (decompressed) body read */
  maxBytes: number;
  /** retries after the first try, for network errors, timeouts, 429 and 5xx */
  retries: number;
  /** first backoff (ms); doubles each retry */
  backoffMs: number;
  /** hosts (names or literal addresses) allowed to resolve to private or loopback addresses */
  allowedPrivateHosts: readonly string[];
};

export const DEFAULT_FEED_FETCH_SETTINGS: FeedFetchSettings = {
  timeoutMs: 30_000,
  maxBytes: 50 * 1024 * 1024,
  retries: 2,
  backoffMs: 1_000,
  allowedPrivateHosts: [],
};

export type FeedCredentials =
  | { type: "basic"; username: string; password: string }
  | { type: "bearer"; token: string }
  | { type: "header"; name: string; value: string };

export type FeedRequest = {
  url: string;
  etag?: string | null;
  lastModified?: string | null;
  credentials?: FeedCredentials | null;
};

export type FeedResponse =
  | { status: "fetched"; body: string; etag: string | null; lastModified: string | null; bytes: number }
  | { status: "not-modified" };

/** Why a fetch failed: `reason` is a message key under `ingest.problem.*`. */
export class FeedFetchError extends Error {
  readonly reason: string;
  readonly values: Record<string, string | number>;
  /** worth another try (network, timeout, 429, 5xx) */
  readonly transient: boolean;
  constructor(reason: string, values: Record<string, string | number> = {}, transient = false) {
    super(`${reason}: ${JSON.stringify(values)}`);
    this.name = "FeedFetchError";
    this.reason = reason;
    this.values = values;
    this.transient = transient;
  }
}

const MAX_REDIRECTS = 5;

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** Loopback, private, link-local, carrier-grade NAT, multicast or unspecified: not the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, "ipv4");
    return blocked.check(address, "ipv6");
  }
  return blocked.check(address, "ipv4");
}

function hostAllowed(host: string, settings: FeedFetchSettings) {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return settings.allowedPrivateHosts.some((allowed) => allowed.toLowerCase() === bare);
}

/** The socket's lookup: resolves as usual, then refuses private answers for hosts not allowed. */
function guardedLookup(settings: FeedFetchSettings): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as dns.LookupAddress[];
      if (!hostAllowed(hostname, settings) && list.some((entry) => isPrivateAddress(entry.address))) {
        return callback(new FeedFetchError("ingest.problem.privateAddress", { host: hostname }), "", 0);
      }
      if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`no address for ${hostname}`), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

function checkUrl(raw: string, settings: FeedFetchSettings): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedFetchError("ingest.problem.badUrl", { url: raw.slice(0, 200) });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FeedFetchError("ingest.problem.badUrl", { url: raw.slice(0, 200) });
  }
  if (url.username || url.password) throw new FeedFetchError("ingest.problem.credentialsInUrl");
  // A literal address never reaches the DNS lookup: checked here.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && isPrivateAddress(host) && !hostAllowed(host, settings)) {
    throw new FeedFetchError("ingest.problem.privateAddress", { host });
  }
  return url;
}

/** The headers that carry a feed's credentials: Authorization, or the custom header the source names. */
function credentialHeaders(credentials: FeedCredentials | null | undefined): Record<string, string> {
  if (!credentials) return {};
  if (credentials.type === "basic") {
    const token = Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64");
    return { authorization: `Basic ${token}` };
  }
  if (credentials.type === "bearer") return { authorization: `Bearer ${credentials.token}` };
  return { [credentials.name.toLowerCase()]: credentials.value };
}

async function readLimited(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  if (body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        await reader.cancel();
        throw new FeedFetchError("ingest.problem.tooLarge", { limit: maxBytes });
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/** Refuses a body its Content-Length already says is too large (a compressed body is counted as read). */
async function refuseDeclaredTooLarge(response: Response, maxBytes: number) {
  const declared = Number(response.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes && !response.headers.get("content-encoding")) {
    await response.body?.cancel();
    throw new FeedFetchError("ingest.problem.tooLarge", { limit: maxBytes });
  }
}

/** Our own refusal, wherever undici wrapped it (a cause chain, an AggregateError of connect attempts). */
function refusalIn(error: unknown): FeedFetchError | undefined {
  if (error instanceof FeedFetchError) return error;
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const found = refusalIn(inner);
      if (found) return found;
    }
  }
  return error instanceof Error && error.cause !== undefined ? refusalIn(error.cause) : undefined;
}

function codeOf(error: unknown): string {
  if (error instanceof Error && "code" in error && typeof error.code === "string") return error.code;
  return error instanceof Error && error.cause !== undefined ? codeOf(error.cause) : "unknown";
}

/**
 * A GET through the guard: the start and every redirect hop checked, credential headers sent to the
 * first origin only (once dropped they stay dropped, as browsers do). Answers the first response that
 * is not a redirect, its body unread.
 */
async function guardedGet(
  start: URL,
  headers: Record<string, string>,
  credentialNames: readonly string[],
  settings: FeedFetchSettings,
  context: { agent: Agent; signal: AbortSignal },
): Promise<Response> {
  let url = start;
  for (let hop = 0; ; hop += 1) {
    const response = await fetch(url, {
      headers,
      signal: context.signal,
      redirect: "manual",
      dispatcher: context.agent,
    });
    if (response.status < 300 || response.status >= 400 || response.status === 304) return response;
    const location = response.headers.get("location");
    await response.body?.cancel();
    if (!location || hop >= MAX_REDIRECTS) throw new FeedFetchError("ingest.problem.tooManyRedirects");
    const next = checkUrl(new URL(location, url).href, settings);
    if (next.origin !== url.origin) for (const name of credentialNames) delete headers[name];
    url = next;
  }
}

/** What undici threw, as a FeedFetchError: our own refusal, a timeout, or a network failure. */
function asFetchError(error: unknown, signal: AbortSignal, settings: FeedFetchSettings): FeedFetchError {
  const refusal = refusalIn(error);
  if (refusal) return refusal;
  if (signal.aborted) {
    return new FeedFetchError("ingest.problem.timeout", { seconds: settings.timeoutMs / 1000 }, true);
  }
  return new FeedFetchError("ingest.problem.network", { code: codeOf(error) }, true);
}

async function fetchOnce(
  request: FeedRequest,
  settings: FeedFetchSettings,
  agent: Agent,
): Promise<FeedResponse> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  const url = checkUrl(request.url, settings);
  const headers: Record<string, string> = {
    accept:
      "application/json, application/ld+json, text/csv, application/xml, text/xml, text/html;q=0.8, */*;q=0.5",
    "user-agent": "Reeltime feed importer",
  };
  const credentials = credentialHeaders(request.credentials);
  Object.assign(headers, credentials);
  if (request.etag) headers["if-none-match"] = request.etag;
  if (request.lastModified) headers["if-modified-since"] = request.lastModified;
  try {
    const response = await guardedGet(url, headers, Object.keys(credentials), settings, { agent, signal });
    if (response.status === 304) {
      await response.body?.cancel();
      return { status: "not-modified" };
    }
    if (!response.ok) {
      await response.body?.cancel();
      const transient = response.status === 429 || response.status >= 500;
      throw new FeedFetchError("ingest.problem.httpStatus", { status: response.status }, transient);
    }
    await refuseDeclaredTooLarge(response, settings.maxBytes);
    const body = await readLimited(response.body as ReadableStream<Uint8Array> | null, settings.maxBytes);
    return {
      status: "fetched",
      body: new TextDecoder("utf-8").decode(body),
      bytes: body.byteLength,
      etag: response.headers.get("etag"),
      lastModified: response.headers.get("last-modified"),
    };
  } catch (error) {
    throw asFetchError(error, signal, settings);
  }
}

/** Fetches a feed; throws FeedFetchError with a reason after the retries are spent. */
export async function fetchFeed(
  request: FeedRequest,
  settings: FeedFetchSettings = DEFAULT_FEED_FETCH_SETTINGS,
): Promise<FeedResponse> {
  const agent = new Agent({ connect: { lookup: guardedLookup(settings) } });
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await fetchOnce(request, settings, agent);
      } catch (error) {
        if (!(error instanceof FeedFetchError) || !error.transient || attempt >= settings.retries)
          throw error;
        await new Promise((resolve) => setTimeout(resolve, settings.backoffMs * 2 ** attempt));
      }
    }
  } finally {
    await agent.close();
  }
}

/**
 * Fetches an image (a poster the metadata provider names) through the same guard as feeds: no private
 * or loopback address unless allowed, every redirect hop checked, the body counted against `maxBytes`
 * as it arrives. One try; throws FeedFetchError, or answers an image's type and bytes.
 */
export async function fetchImage(
  url: string,
  settings: FeedFetchSettings,
): Promise<{ contentType: string; bytes: Uint8Array }> {
  const agent = new Agent({ connect: { lookup: guardedLookup(settings) } });
  const signal = AbortSignal.timeout(settings.timeoutMs);
  try {
    const headers = { accept: "image/*", "user-agent": "Reeltime metadata" };
    const response = await guardedGet(checkUrl(url, settings), headers, [], settings, { agent, signal });
    const contentType = response.headers.get("content-type") ?? "";
    if (!response.ok || !contentType.startsWith("image/")) {
      await response.body?.cancel();
      throw new FeedFetchError("ingest.problem.httpStatus", { status: response.status });
    }
    await refuseDeclaredTooLarge(response, settings.maxBytes);
    const bytes = await readLimited(response.body as ReadableStream<Uint8Array> | null, settings.maxBytes);
    return { contentType, bytes: new Uint8Array(bytes) };
  } catch (error) {
    throw asFetchError(error, signal, settings);
  } finally {
    await agent.close();
  }
}
