// The edge's headers on both paths: over a real socket (the Node request and response are edited) and
// in-process (app.request(): the Fetch objects are). Both must give the same answers.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, requestMeta } from "../../core/request-meta.ts";
import type { ServerEnv } from "../context-variables.ts";
import { edge } from "./edge.ts";
import { documentSecurityHeaders } from "./security-headers.ts";

function edgeApp() {
  const app = new Hono<ServerEnv>();
  const options = { gtm: false, development: false, https: false };
  app.use(
    edge({
      logger: pino({ level: "silent" }),
      metrics: { record: () => {} },
      trustedProxies: [],
      security: options,
      stateChangeChecks: (_c, next) => next(),
    }),
  );
  app.get("/page", documentSecurityHeaders(options), (c) =>
    c.html(`<script nonce="${c.get("nonce")}">1</script>`),
  );
  app.get("/json", (c) => c.json({ nonce: c.get("nonce") }));
  app.get("/json-behind-document-headers", documentSecurityHeaders(options), (c) => c.json({ ok: true }));
  app.get("/own-page", documentSecurityHeaders(options), (c) =>
    c.html("<p>own</p>", 200, { "Content-Security-Policy": "default-src 'none'" }),
  );
  app.get("/plain", () => new Response("plain"));
  app.get("/redirect", () => Response.redirect("http://localhost/json", 302));
  app.get("/own-headers", (c) =>
    c.text("own", 200, { "Content-Security-Policy": "default-src 'none'", "X-Frame-Options": "SAMEORIGIN" }),
  );
  // Every header the request has, read the way a copy of the Request sees them (React Router, auth).
  app.get("/copied", (c) =>
    c.json({ headers: Object.fromEntries(new Headers(c.req.raw.headers)), meta: requestMeta(c.req.raw) }),
  );
  app.post("/copied", async (c) => {
    const copy = new Request(c.req.raw);
    return c.json({ body: await copy.text(), meta: requestMeta(copy) });
  });
  return app;
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

let server: ServerType;
let port = 0;
beforeAll(async () => {
  server = serve({ fetch: edgeApp().fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function overSocket(path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path, method: body === undefined ? "GET" : "POST", headers, agent: false },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function inProcess(path: string, headers: Record<string, string> = {}, body?: string) {
  const res = await edgeApp().request(path, { method: body === undefined ? "GET" : "POST", headers, body });
  return {
    status: res.status,
    headers: Object.fromEntries(res.headers) as Record<string, string>,
    body: await res.text(),
  };
}

describe.each([
  ["over a socket", overSocket],
  ["in-process", inProcess],
] as const)("%s", (_, ask) => {
  it("gives a document its CSP with the request's nonce, and the document policies", async () => {
    const first = await ask("/page");
    const second = await ask("/page");
    const csp = String(first.headers["content-security-policy"]);
    const nonce = /nonce="([^"]+)"/.exec(first.body)?.[1] ?? "";
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(second.headers["content-security-policy"]).not.toEqual(csp);
    expect(first.headers["x-content-type-options"]).toBe("nosniff");
    expect(first.headers["x-frame-options"]).toBe("DENY");
    expect(first.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(first.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(first.headers["permissions-policy"]).toContain("camera=()");
    expect(first.headers["strict-transport-security"]).toBeUndefined();
    expect(first.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("gives everything else the policy that loads nothing", async () => {
    for (const path of ["/json", "/json-behind-document-headers"]) {
      const json = await ask(path);
      expect(json.headers["content-security-policy"], path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(json.headers["x-content-type-options"], path).toBe("nosniff");
      expect(json.headers["x-frame-options"], path).toBe("DENY");
      expect(json.headers["cross-origin-opener-policy"], path).toBeUndefined();
      expect(json.headers["x-request-id"], path).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect((JSON.parse((await ask("/json")).body) as { nonce: string }).nonce).toMatch(
      /^[A-Za-z0-9+/]{22}==$/,
    );
  });

  it("puts them on a response the route built itself, and on one with immutable headers", async () => {
    const plain = await ask("/plain");
    expect(plain.body).toBe("plain");
    expect(plain.headers["x-content-type-options"]).toBe("nosniff");
    expect(plain.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const redirect = await ask("/redirect");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe("http://localhost/json");
    expect(redirect.headers["x-frame-options"]).toBe("DENY");
    expect(redirect.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a route's own CSP and frame policy", async () => {
    const own = await ask("/own-headers");
    expect(own.headers["content-security-policy"]).toBe("default-src 'none'");
    expect(own.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(own.headers["x-content-type-options"]).toBe("nosniff");
    const ownPage = await ask("/own-page");
    expect(ownPage.headers["content-security-policy"]).toBe("default-src 'none'");
    expect(ownPage.headers["cross-origin-opener-policy"]).toBe("same-origin");
  });

  it("replaces a client's client-address and malformed request-id headers in every copy of the request", async () => {
    const sent = { [CLIENT_IP_HEADER]: "203.0.113.9", "x-request-id": "no good; id" };
    const copied = await ask("/copied", sent);
    const { headers, meta } = JSON.parse(copied.body) as {
      headers: Record<string, string>;
      meta: { ip: string; requestId: string };
    };
    expect(meta.ip).not.toBe("203.0.113.9");
    expect(headers[CLIENT_IP_HEADER]).toBe(meta.ip);
    expect(meta.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers["x-request-id"]).toBe(meta.requestId);
    expect(copied.headers["x-request-id"]).toBe(meta.requestId);

    const posted = await ask("/copied", { ...sent, "content-type": "text/plain" }, "the body");
    const answer = JSON.parse(posted.body) as { body: string; meta: { ip: string; requestId: string } };
    expect(answer.body).toBe("the body");
    expect(answer.meta.ip).toBe(meta.ip);
    expect(answer.meta.requestId).toBe(posted.headers["x-request-id"]);
  });

  it("keeps a well-formed incoming request id", async () => {
    const kept = await ask("/copied", { "x-request-id": "proxy-id-12345678" });
    expect(kept.headers["x-request-id"]).toBe("proxy-id-12345678");
    expect((JSON.parse(kept.body) as { meta: { requestId: string } }).meta.requestId).toBe(
      "proxy-id-12345678",
    );
  });
});
