import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../tests/helpers/test-app.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { scalarBundlePath } from "./api-docs.ts";

describe("/api/docs", () => {
  const database = useTestDatabase();
  let test: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    test = await createTestApp(database());
  });
  afterAll(async () => {
    await test?.close();
  });

  it("renders Scalar from our own bundle, with a nonce and its own policy", async () => {
    const response = await test.app.request("/api/docs");
    expect(response.status).toBe(200);
    const html = await response.text();
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/https?:|'unsafe-eval'|\*/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(html).toMatch(
      // The nonce is base64: escape its + and / for the pattern.
      new RegExp(
        `<script src="/api/docs/scalar-[0-9a-f]{16}\\.js" nonce="${nonce!.replace(/[+/=]/g, "\\$&")}"></script>`,
      ),
    );
    expect(html).toContain('"url": "/api/v1/openapi.json"');
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it("serves the bundle content-hashed, immutable and compressed", async () => {
    const html = await (await test.app.request("/api/docs")).text();
    const src = /<script src="([^"]+)"/.exec(html)![1]!;
    const raw = await test.app.request(src);
    expect(raw.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await raw.arrayBuffer()).equals(await readFile(scalarBundlePath()))).toBe(true);
    const gzipped = await test.app.request(src, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(
      gunzipSync(Buffer.from(await gzipped.arrayBuffer())).equals(await readFile(scalarBundlePath())),
    ).toBe(true);
    expect((await test.app.request("/api/docs/scalar-0000000000000000.js")).status).toBe(404);
  });
});
