// The client address: who may vouch for it (TRUSTED_PROXIES), over real sockets and in-process.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, requestMeta } from "../../core/request-meta.ts";
import type { ServerEnv } from "../context-variables.ts";
import { compileTrust, resolveClientAddress } from "./client-address.ts";
import { edge } from "./edge.ts";

describe("resolveClientAddress", () => {
  const none = compileTrust([]);
  const loopback = compileTrust(["loopback"]);
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it("ignores X-Forwarded-For and X-Real-IP from a peer that is not a trusted proxy", () => {
    const spoofed = headers({ "x-forwarded-for": "203.0.113.1", "x-real-ip": "203.0.113.2" });
    expect(resolveClientAddress("192.0.2.10", spoofed, none)).toBe("192.0.2.10");
    expect(resolveClientAddress("192.0.2.10", spoofed, loopback)).toBe("192.0.2.10");
    expect(resolveClientAddress("127.0.0.1", spoofed, none)).toBe("127.0.0.1");
  });

  it("walks X-Forwarded-For from the right through trusted hops only", () => {
    const chain = headers({ "x-forwarded-for": "203.0.113.1, 10.0.0.5" });
    // 10.0.0.5 is not trusted: it is the client as far as we can tell.
    expect(resolveClientAddress("127.0.0.1", chain, loopback)).toBe("10.0.0.5");
    expect(resolveClientAddress("127.0.0.1", chain, compileTrust(["loopback", "10.0.0.0/8"]))).toBe(
      "203.0.113.1",
    );
  });

  it("takes a well-formed X-Real-IP from a trusted peer when there is no X-Forwarded-For", () => {
    expect(resolveClientAddress("127.0.0.1", headers({ "x-real-ip": "203.0.113.3" }), loopback)).toBe(
      "203.0.113.3",
    );
    expect(resolveClientAddress("127.0.0.1", headers({ "x-real-ip": "not-an-ip" }), loopback)).toBe(
      "127.0.0.1",
    );
  });

  it("keeps the peer when a trusted proxy forwards something that is not an address", () => {
    expect(resolveClientAddress("127.0.0.1", headers({ "x-forwarded-for": "junk" }), loopback)).toBe(
      "127.0.0.1",
    );
  });

  it("counts a request without a socket as 127.0.0.1", () => {
    expect(resolveClientAddress(undefined, headers({}), none)).toBe("127.0.0.1");
  });
});

/** A probe app: the edge's middleware, then a route that answers what requestMeta() reads. */
function probe(trustedProxies: string[]) {
  const app = new Hono<ServerEnv>();
  app.use(
    edge({
      logger: pino({ level: "silent" }),
      metrics: { record: () => {} },
      trustedProxies,
      security: { gtm: false, development: false, https: false },
      stateChangeChecks: (_c, next) => next(),
    }),
  );
  app.get("/probe", (c) => c.json(requestMeta(c.req.raw)));
  return app;
}

const servers: ServerType[] = [];
async function listen(trustedProxies: string[]) {
  const server = serve({ fetch: probe(trustedProxies).fetch, port: 0, hostname: "127.0.0.1" });
  servers.push(server);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return (server.address() as AddressInfo).port;
}
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** GET /probe from a chosen loopback source address (all of 127.0.0.0/8 is this host). */
function ask(port: number, from: string, headers: Record<string, string> = {}) {
  return new Promise<{ ip?: string; requestId?: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path: "/probe", localAddress: from, headers, agent: false },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve(JSON.parse(body) as { ip?: string; requestId?: string }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("over a real socket", () => {
  let untrusted = 0;
  let trusted = 0;
  beforeAll(async () => {
    untrusted = await listen([]);
    trusted = await listen(["127.0.0.2"]);
  });

  it("does not let an untrusted peer choose its address with X-Forwarded-For or our own header", async () => {
    const seen = await ask(untrusted, "127.0.0.2", {
      "x-forwarded-for": "203.0.113.50",
      "x-real-ip": "203.0.113.51",
      [CLIENT_IP_HEADER]: "203.0.113.52",
    });
    expect(seen.ip).toBe("127.0.0.2");
  });

  it("gives each visitor without a forwarding header their own address, not one shared bucket", async () => {
    expect((await ask(untrusted, "127.0.0.3")).ip).toBe("127.0.0.3");
    expect((await ask(untrusted, "127.0.0.4")).ip).toBe("127.0.0.4");
  });

  it("honours X-Forwarded-For only from the trusted proxy", async () => {
    expect((await ask(trusted, "127.0.0.2", { "x-forwarded-for": "203.0.113.60" })).ip).toBe("203.0.113.60");
    expect((await ask(trusted, "127.0.0.3", { "x-forwarded-for": "203.0.113.60" })).ip).toBe("127.0.0.3");
  });

  it("hands requestMeta() the request id the server chose", async () => {
    const bad = await ask(untrusted, "127.0.0.2", { "x-request-id": "no good; id" });
    expect(bad.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const good = await ask(untrusted, "127.0.0.2", { "x-request-id": "proxy-id-12345678" });
    expect(good.requestId).toBe("proxy-id-12345678");
  });
});
