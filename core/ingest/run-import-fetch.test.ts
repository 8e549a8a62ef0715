// The import run fetching a feed from its URL: with the source's credentials and the stored validators
// (a 304 reads nothing), and failing clearly, having changed nothing, on a 200 MB answer, a feed that
// never answers, a missing one, or a private address.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sources } from "../../db/schema/ingest.ts";
import { encryptFeedCredentials } from "./feed-credentials.ts";
import { runImport } from "./run-import.ts";
import { feedRow, nativeFeed, useImportTestWorld } from "./run-import-test-fixtures.ts";

const { database, services, key, source, showtimeCount } = useImportTestWorld();
let server: Server;
let base = "";
let etagHits = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? "/";
    if (path === "/feed.json") {
      if (request.headers.authorization !== "Bearer letmein") return void response.writeHead(401).end();
      etagHits += 1;
      if (request.headers["if-none-match"] === '"v1"') return void response.writeHead(304).end();
      response.writeHead(200, { etag: '"v1"' }).end(nativeFeed([feedRow(1), feedRow(2)]));
      return;
    }
    if (path === "/huge.json") {
      response.writeHead(200);
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
      return;
    }
    if (path === "/slow.json") return; // never answers
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("runImport", () => {
  it("fetches with credentials and validators, and fails clearly on a huge or silent feed", async () => {
    const sourceId = await source({ location: `${base}/feed.json` });
    await database()
      .db.update(sources)
      .set({
        credentialsEncrypted: encryptFeedCredentials({ type: "bearer", token: "letmein" }, key, sourceId),
      })
      .where(eq(sources.id, sourceId));
    const first = await runImport(services, { sourceId, trigger: "manual" });
    expect(first.counts).toMatchObject({ inserted: 2 });
    const second = await runImport(services, { sourceId });
    expect(second).toMatchObject({ status: "succeeded", notModified: true, counts: { read: 0 } });
    expect(etagHits).toBe(2);
    const [stored] = await database().db.select().from(sources).where(eq(sources.id, sourceId));
    expect(stored).toMatchObject({ httpEtag: '"v1"', lastStatus: "not-modified" });

    const before = await showtimeCount();
    for (const [path, reason] of [
      ["/huge.json", "ingest.problem.tooLarge"],
      ["/slow.json", "ingest.problem.timeout"],
      ["/missing.json", "ingest.problem.httpStatus"],
    ] as const) {
      const failing = await source({ location: `${base}${path}` });
      const result = await runImport(services, { sourceId: failing });
      expect(result, path).toMatchObject({
        status: "failed",
        problems: [expect.objectContaining({ message: reason })],
      });
    }
    const refused = await source({ location: "http://10.0.0.1/feed.json" });
    expect((await runImport(services, { sourceId: refused })).problems[0]).toMatchObject({
      message: "ingest.problem.privateAddress",
    });
    expect(await showtimeCount()).toBe(before);
  });
});
