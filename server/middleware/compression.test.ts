// Compression over a real socket and in-process: what is compressed, how, and what is left alone.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseEncoding, compression, MIN_BYTES } from "./compression.ts";

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Showtime number ${i}` })) };
const bigText = JSON.stringify(big);
const streamedParts = ["<html><body>", "x".repeat(3000), "</body></html>"];

function compressedApp() {
  const app = new Hono();
  app.use(compression());
  app.get("/tiny", (c) => c.json({ status: "ok" }));
  app.get("/big", (c) => c.json(big));
  app.get(
    "/big-with-length",
    () =>
      new Response(bigText, {
        headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(bigText)) },
      }),
  );
  app.get("/streamed", () => {
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        // later parts arrive later, like a page rendering behind Suspense
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 20));
        const part = streamedParts[i++];
        if (part === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(part));
      },
    });
    return new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
  });
  // The same strong (or weak) ETag over bodies that differ: which bytes come back shows what was reused.
  let served = 0;
  app.get("/etag/:kind", (c) => {
    served += 1;
    const tag = c.req.param("kind") === "strong" ? '"v1"' : 'W/"v1"';
    return new Response(`${served} ${bigText}`, {
      headers: { "content-type": "application/json", etag: tag },
    });
  });
  app.get("/encoded", () => new Response(bigText, { headers: { "content-encoding": "identity" } }));
  app.get("/binary", () => new Response(new Uint8Array(4096), { headers: { "content-type": "image/png" } }));
  app.get("/no-transform", (c) => c.json(big, 200, { "Cache-Control": "no-transform" }));
  return app;
}

type Answer = { status: number; headers: Record<string, string | undefined>; body: Buffer };

let server: ServerType;
let port = 0;
beforeAll(async () => {
  server = serve({ fetch: compressedApp().fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function overSocket(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const inProcessApp = compressedApp();
async function inProcess(path: string, headers: Record<string, string> = {}, method = "GET") {
  const res = await inProcessApp.request(path, { headers, method });
  return {
    status: res.status,
    headers: Object.fromEntries(res.headers) as Record<string, string>,
    body: Buffer.from(await res.arrayBuffer()),
  };
}

describe.each([
  ["over a socket", overSocket],
  ["in-process", inProcess],
] as const)("%s", (_, ask) => {
  it("leaves a response alone when the client accepts no encoding", async () => {
    const res = await ask("/big");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString()).toBe(bigText);
  });

  it("sends a complete body under the threshold as it is, with its length", async () => {
    const res = await ask("/tiny", { "accept-encoding": "gzip, br" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body.toString()).toBe('{"status":"ok"}');
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(MIN_BYTES);
  });

  it("compresses a complete body of unknown length whole, with its compressed length", async () => {
    const res = await ask("/big", { "accept-encoding": "br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toContain("Accept-Encoding");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(bigText);
  });

  it("compresses a body of known length without Last-Modified", async () => {
    const res = await ask("/big-with-length", { "accept-encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(gunzipSync(res.body).toString()).toBe(bigText);
  });

  it("compresses a body with a strong ETag once, and a weak one every time", async () => {
    const strong1 = await ask("/etag/strong", { "accept-encoding": "gzip" });
    const strong2 = await ask("/etag/strong", { "accept-encoding": "gzip" });
    expect(strong1.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(strong2.body).toString()).toBe(gunzipSync(strong1.body).toString());
    const weak1 = await ask("/etag/weak", { "accept-encoding": "gzip" });
    const weak2 = await ask("/etag/weak", { "accept-encoding": "gzip" });
    expect(gunzipSync(weak2.body).toString()).not.toBe(gunzipSync(weak1.body).toString());
    expect(gunzipSync(weak2.body).toString()).toMatch(/^\d+ \{"items"/);
  });

  it("compresses a streamed page as it streams, every part in order", async () => {
    const res = await ask("/streamed", { "accept-encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-length"]).toBeUndefined();
    expect(gunzipSync(res.body).toString()).toBe(streamedParts.join(""));
  });

  it("leaves encoded, binary, no-transform and HEAD responses alone", async () => {
    const encoded = await ask("/encoded", { "accept-encoding": "br" });
    expect(encoded.headers["content-encoding"]).toBe("identity");
    expect(encoded.body.toString()).toBe(bigText);
    const binary = await ask("/binary", { "accept-encoding": "br" });
    expect(binary.headers["content-encoding"]).toBeUndefined();
    expect(binary.body.length).toBe(4096);
    const noTransform = await ask("/no-transform", { "accept-encoding": "br" });
    expect(noTransform.headers["content-encoding"]).toBeUndefined();
    const head = await ask("/big", { "accept-encoding": "br" }, "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
  });
});

describe("chooseEncoding", () => {
  it("prefers br, then gzip, and honours q=0", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("gzip");
    expect(chooseEncoding("identity")).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});
