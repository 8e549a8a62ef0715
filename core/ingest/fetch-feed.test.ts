// Fetching feeds from a real HTTP server on 127.0.0.1: conditional requests, the size limit on a 200 MB
// answer, the timeout, retries, redirects, and the SSRF guard (a private address is refused unless allowed).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_FEED_FETCH_SETTINGS,
  type FeedFetchSettings,
  FeedFetchError,
  fetchFeed,
  fetchImage,
  isPrivateAddress,
} from "./fetch-feed.ts";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
const routes = new Map<string, Handler>();
const hits = new Map<string, number>();
let server: Server;
let base: string;

const settings: FeedFetchSettings = {
  ...DEFAULT_FEED_FETCH_SETTINGS,
  timeoutMs: 2_000,
  retries: 2,
  backoffMs: 10,
  allowedPrivateHosts: ["127.0.0.1"],
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = routes.get(path);
    if (handler) handler(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  routes.set("/feed.json", (request, response) => {
    if (request.headers["if-none-match"] === '"v1"') return response.writeHead(304).end();
    response.writeHead(200, {
      "content-type": "application/json",
      etag: '"v1"',
      "last-modified": "Tue, 24 Nov 2026 10:00:00 GMT",
    });
    response.end('{"showtimes":[]}');
  });
  routes.set("/secret.json", (request, response) => {
    if (request.headers.authorization !== "Bearer s3cret") return response.writeHead(401).end();
    response.writeHead(200).end("ok");
  });
  routes.set("/gzip.json", (_request, response) => {
    response.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(Buffer.from('{"a":1}')));
  });
  routes.set("/huge.json", (_request, response) => {
    // 200 MB, streamed: the client stops reading at its limit.
    response.writeHead(200, { "content-type": "application/json" });
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const write = () => {
      while (sent < 200) {
        sent += 1;
        if (!response.write(chunk)) return void response.once("drain", write);
      }
      response.end();
    };
    response.on("close", () => (sent = 200));
    write();
  });
  routes.set("/slow.json", () => {
    // never answers
  });
  let flaky = 0;
  routes.set("/flaky.json", (_request, response) => {
    flaky += 1;
    if (flaky < 3) return response.writeHead(503).end();
    response.writeHead(200).end("third time");
  });
  routes.set("/gone.json", (_request, response) => response.writeHead(410).end());
  routes.set("/moved.json", (_request, response) =>
    response.writeHead(301, { location: "/feed.json" }).end(),
  );
  routes.set("/to-localhost.json", (_request, response) =>
    response.writeHead(302, { location: "http://localhost:8080/feed.json" }).end(),
  );
  routes.set("/loop.json", (_request, response) => response.writeHead(302, { location: "/loop.json" }).end());
  routes.set("/poster.png", (_request, response) =>
    response.writeHead(200, { "content-type": "image/png" }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
  );
  routes.set("/poster-elsewhere.png", (_request, response) =>
    response.writeHead(302, { location: `http://localhost:${new URL(base).port}/poster.png` }).end(),
  );
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function reason(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FeedFetchError) return { reason: error.reason, values: error.values };
    throw error;
  }
  throw new Error("expected a FeedFetchError");
}

describe("fetchFeed", () => {
  it("fetches, remembers the validators, and gets 304 with them", async () => {
    const first = await fetchFeed({ url: `${base}/feed.json` }, settings);
    expect(first).toMatchObject({ status: "fetched", body: '{"showtimes":[]}', etag: '"v1"' });
    if (first.status !== "fetched") throw new Error("unreachable");
    expect(first.lastModified).toBe("Tue, 24 Nov 2026 10:00:00 GMT");
    expect(await fetchFeed({ url: `${base}/feed.json`, etag: first.etag }, settings)).toEqual({
      status: "not-modified",
    });
  });

  it("sends credentials and decompresses", async () => {
    const secret = await fetchFeed(
      { url: `${base}/secret.json`, credentials: { type: "bearer", token: "s3cret" } },
      settings,
    );
    expect(secret).toMatchObject({ status: "fetched", body: "ok" });
    expect(await reason(fetchFeed({ url: `${base}/secret.json` }, settings))).toEqual({
      reason: "ingest.problem.httpStatus",
      values: { status: 401 },
    });
    expect(await fetchFeed({ url: `${base}/gzip.json` }, settings)).toMatchObject({ body: '{"a":1}' });
  });

  it("stops reading a 200 MB answer at the limit", async () => {
    // A 1 MB limit: the same code path as the default 50 MB, without reading 50 MB within the test's
    // 2 s budget on a loaded machine.
    const small = { ...settings, maxBytes: 1024 * 1024 };
    expect(await reason(fetchFeed({ url: `${base}/huge.json` }, small))).toEqual({
      reason: "ingest.problem.tooLarge",
      values: { limit: 1024 * 1024 },
    });
  });

  it("gives up on a feed that does not answer in time, after its retries", async () => {
    hits.delete("/slow.json");
    const quick = { ...settings, timeoutMs: 300, retries: 1 };
    expect(await reason(fetchFeed({ url: `${base}/slow.json` }, quick))).toEqual({
      reason: "ingest.problem.timeout",
      values: { seconds: 0.3 },
    });
    expect(hits.get("/slow.json")).toBe(2);
  });

  it("retries a 503 and succeeds; does not retry a 410", async () => {
    expect(await fetchFeed({ url: `${base}/flaky.json` }, settings)).toMatchObject({ body: "third time" });
    hits.delete("/gone.json");
    expect(await reason(fetchFeed({ url: `${base}/gone.json` }, settings))).toEqual({
      reason: "ingest.problem.httpStatus",
      values: { status: 410 },
    });
    expect(hits.get("/gone.json")).toBe(1);
  });

  it("follows redirects, checking every hop", async () => {
    expect(await fetchFeed({ url: `${base}/moved.json` }, settings)).toMatchObject({ status: "fetched" });
    expect(await reason(fetchFeed({ url: `${base}/to-localhost.json` }, settings))).toEqual({
      reason: "ingest.problem.privateAddress",
      values: { host: "localhost" },
    });
    expect((await reason(fetchFeed({ url: `${base}/loop.json` }, settings))).reason).toBe(
      "ingest.problem.tooManyRedirects",
    );
  });

  it("sends no credential header, custom ones included, to another origin after a redirect", async () => {
    // A second server: another port is another origin.
    const seen: Record<string, string | undefined>[] = [];
    const elsewhere = createServer((request, response) => {
      seen.push({
        key: request.headers["x-feed-key"] as string | undefined,
        auth: request.headers.authorization,
      });
      response.writeHead(200).end("[]");
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
    const target = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/feed.json`;
    routes.set("/keyed.json", (request, response) => {
      if (request.headers["x-feed-key"] !== "k3y") return response.writeHead(401).end();
      response.writeHead(302, { location: target }).end();
    });
    routes.set("/keyed-same-origin.json", (_request, response) => {
      response.writeHead(302, { location: "/keyed-echo.json" }).end();
    });
    routes.set("/keyed-echo.json", (request, response) => {
      response.writeHead(200).end(String(request.headers["x-feed-key"]));
    });
    try {
      for (const credentials of [
        { type: "header", name: "X-Feed-Key", value: "k3y" },
        { type: "bearer", token: "k3y" },
      ] as const) {
        const url = credentials.type === "header" ? `${base}/keyed.json` : `${base}/moved-away.json`;
        routes.set("/moved-away.json", (_request, response) => {
          response.writeHead(301, { location: target }).end();
        });
        expect(await fetchFeed({ url, credentials }, settings)).toMatchObject({ status: "fetched" });
      }
      expect(seen).toEqual([
        { key: undefined, auth: undefined },
        { key: undefined, auth: undefined },
      ]);
      // The feed's own origin keeps receiving it.
      const same = await fetchFeed(
        {
          url: `${base}/keyed-same-origin.json`,
          credentials: { type: "header", name: "X-Feed-Key", value: "k3y" },
        },
        settings,
      );
      expect(same).toMatchObject({ status: "fetched", body: "k3y" });
    } finally {
      await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
    }
  });

  it("refuses private and loopback addresses unless the host is allowed", async () => {
    const strict = { ...settings, allowedPrivateHosts: [] };
    expect(await reason(fetchFeed({ url: `${base}/feed.json` }, strict))).toEqual({
      reason: "ingest.problem.privateAddress",
      values: { host: "127.0.0.1" },
    });
    const port = new URL(base).port;
    for (const url of [
      `http://localhost:${port}/feed.json`,
      `http://[::1]:${port}/feed.json`,
      `http://[::ffff:127.0.0.1]:${port}/x`,
    ]) {
      expect((await reason(fetchFeed({ url }, strict))).reason, url).toBe("ingest.problem.privateAddress");
    }
    for (const url of [
      "ftp://example.com/feed",
      "file:///etc/passwd",
      "not a url",
      `http://user:pw@127.0.0.1:${port}/`,
    ]) {
      expect((await reason(fetchFeed({ url }, strict))).reason, url).toMatch(
        /^ingest\.problem\.(badUrl|credentialsInUrl)$/,
      );
    }
  });

  it("knows which addresses are private", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:10.0.0.1",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["8.8.8.8", "93.184.216.34", "2606:4700::1111", "not-an-ip"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});

describe("fetchImage (posters from the metadata provider)", () => {
  it("fetches an image from the allowed host, following redirects there", async () => {
    expect(await fetchImage(`${base}/poster.png`, settings)).toEqual({
      contentType: "image/png",
      bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    });
  });

  it("refuses a redirect to a private address, an answer that is no image, and one over the limit", async () => {
    expect(await reason(fetchImage(`${base}/poster-elsewhere.png`, settings))).toEqual({
      reason: "ingest.problem.privateAddress",
      values: { host: "localhost" },
    });
    expect((await reason(fetchImage(`${base}/feed.json`, settings))).reason).toBe(
      "ingest.problem.httpStatus",
    );
    expect((await reason(fetchImage(`${base}/poster.png`, { ...settings, maxBytes: 3 }))).reason).toBe(
      "ingest.problem.tooLarge",
    );
    expect(
      (await reason(fetchImage(`${base}/poster.png`, { ...settings, allowedPrivateHosts: [] }))).reason,
    ).toBe("ingest.problem.privateAddress");
  });
});
