// The page cache's Node front over a real socket: it answers a current entry itself, with the headers a
// document carries and a request id, logs and counts it, and hands everything else to the app.
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { PageAnswer } from "./page-cache.ts";
import { pageCacheFront } from "./page-cache-front.ts";

const PAGE: PageAnswer = {
  status: 200,
  headers: [
    ["content-type", "text/html; charset=utf-8"],
    ["ETag", '"p1"'],
    ["Content-Length", "13"],
  ],
  body: Buffer.from("<p>cached</p>"),
  nonce: "nonce-of-the-page",
};

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serve(answerFor: (url: string) => PageAnswer | undefined, options: { atOnce?: boolean } = {}) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { base: undefined },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    }),
  );
  const recorded: [string, string, number][] = [];
  const looked: string[] = [];
  const front = pageCacheFront({
    pageCache: {
      lookup: (_method, head) => {
        looked.push(head.url);
        if (options.atOnce) return answerFor(new URL(head.url).pathname);
        return Promise.resolve().then(() => answerFor(new URL(head.url).pathname));
      },
    },
    logger,
    metrics: { record: (method, path, status) => recorded.push([method, path, status]) },
    documentHeaders: (nonce) => [
      ["Content-Security-Policy", `script-src 'nonce-${nonce}'`],
      ["X-Content-Type-Options", "nosniff"],
      ["Content-Type", "text/plain"],
    ],
  });
  let appCalls = 0;
  const app = (_req: IncomingMessage, res: ServerResponse) => {
    appCalls += 1;
    res.writeHead(200, { "content-type": "text/plain" }).end("from the app");
  };
  const server = createServer((req, res) => {
    const answered = front(req, res);
    if (answered === false) return app(req, res);
    if (answered !== true) void answered.then((done) => (done ? undefined : app(req, res)));
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, lines, recorded, looked, appCalls: () => appCalls };
}

describe("the page cache's Node front", () => {
  it("answers a held page with its headers, the document's policy with the page's nonce, and a request id", async () => {
    const front = await serve((path) => (path === "/" ? PAGE : undefined));
    const first = await fetch(`${front.base}/?city=Paris`);
    expect(await first.text()).toBe("<p>cached</p>");
    expect(first.headers.get("content-security-policy")).toBe("script-src 'nonce-nonce-of-the-page'");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    // the page's own header wins over the document default
    expect(first.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(first.headers.get("etag")).toBe('"p1"');
    const id = first.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const second = await fetch(`${front.base}/`, { headers: { "x-request-id": "edge-req-12345678" } });
    expect(second.headers.get("x-request-id")).toBe("edge-req-12345678");
    const third = await fetch(`${front.base}/`, { headers: { "x-request-id": "bad id with spaces" } });
    expect(third.headers.get("x-request-id")).not.toBe("bad id with spaces");
    await third.text();
    expect(front.appCalls()).toBe(0);
    expect(front.recorded).toEqual([
      ["GET", "/", 200],
      ["GET", "/", 200],
      ["GET", "/", 200],
    ]);
    expect(front.lines[0]).toMatchObject({
      requestId: id,
      method: "GET",
      path: "/",
      status: 200,
      msg: "request",
    });
    expect(front.lines).toHaveLength(3);
  });

  it("answers 304 with no body", async () => {
    const front = await serve(() => ({ ...PAGE, status: 304, body: null, headers: [["ETag", '"p1"']] }));
    const response = await fetch(`${front.base}/`);
    expect(response.status).toBe(304);
    expect(response.headers.get("content-security-policy")).toContain("nonce-of-the-page");
  });

  it("hands misses, other methods and unusual targets to the app without asking the cache", async () => {
    const front = await serve(() => undefined);
    expect(await (await fetch(`${front.base}/nothing-held`)).text()).toBe("from the app");
    expect(front.looked).toHaveLength(1);
    expect(await (await fetch(`${front.base}/`, { method: "POST", body: "x" })).text()).toBe("from the app");
    const raw = await rawRequest(front.base, "GET //elsewhere/ HTTP/1.1");
    expect(raw).toContain("from the app");
    expect(front.looked).toHaveLength(1);
    expect(front.appCalls()).toBe(3);
    expect(front.lines).toHaveLength(0);
  });

  it("hands the request to the app when the cache cannot answer", async () => {
    const front = await serve(() => {
      throw new Error("the data version is out of reach");
    });
    expect(await (await fetch(`${front.base}/`)).text()).toBe("from the app");
    expect(front.appCalls()).toBe(1);
  });

  it("answers at once when the cache does, and hands a miss or a failure to the app the same way", async () => {
    const front = await serve(
      (path) => {
        if (path === "/broken") throw new Error("the data version is out of reach");
        return path === "/" ? PAGE : undefined;
      },
      { atOnce: true },
    );
    const hit = await fetch(`${front.base}/`);
    expect(await hit.text()).toBe("<p>cached</p>");
    expect(hit.headers.get("content-security-policy")).toBe("script-src 'nonce-nonce-of-the-page'");
    expect(await (await fetch(`${front.base}/elsewhere`)).text()).toBe("from the app");
    expect(await (await fetch(`${front.base}/broken`)).text()).toBe("from the app");
    expect(front.appCalls()).toBe(2);
    expect(front.recorded).toEqual([["GET", "/", 200]]);
    expect(front.lines).toEqual([expect.objectContaining({ path: "/", status: 200, msg: "request" })]);
  });
});

/** A request line fetch would normalise: written on a socket as it is. */
async function rawRequest(base: string, requestLine: string): Promise<string> {
  const { connect } = await import("node:net");
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  await once(socket, "connect");
  socket.write(`${requestLine}\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`);
  let text = "";
  for await (const chunk of socket) text += String(chunk);
  return text;
}
