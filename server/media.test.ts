// GET /media/<hash>.<ext> through the whole app: the stored bytes with their type, an immutable cache
// lifetime and an ETag (304 when it matches), nosniff, a locked-down policy for SVG, 404 for anything else.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaUrl } from "../core/assets/media-url.ts";
import { uploadAsset } from "../core/assets/upload-asset.ts";
import { variantsOf } from "../core/assets/asset-rules.ts";
import { actorFor, createPerson } from "../core/tenancy/tenancy-test-fixtures.ts";
import { createTestApp } from "../tests/helpers/test-app.ts";
import { useTestDatabase } from "../tests/helpers/test-db.ts";
import { uploadServices } from "../core/assets/asset-test-support.ts";
import type { createApp } from "./app.ts";

const database = useTestDatabase();
let app: ReturnType<typeof createApp>;
let close: () => Promise<void>;
let pngUrl = "";
let pngBytes: Buffer;
let webpUrl = "";
let svgUrl = "";

beforeAll(async () => {
  ({ app, close } = await createTestApp(database()));
  const { db } = database();
  const actor = actorFor(await createPerson(db, { isSuperAdmin: true }));
  pngBytes = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#123456" } })
    .png()
    .toBuffer();
  const png = await uploadAsset(uploadServices(db), actor, {
    kind: "poster",
    file: { name: "p.png", bytes: pngBytes },
  });
  const svg = await uploadAsset(uploadServices(db), actor, {
    kind: "logo",
    file: {
      name: "l.svg",
      bytes: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5"/></svg>',
      ),
    },
  });
  const variants = await variantsOf(db, [png.asset.id, svg.asset.id]);
  const of = (id: string, name: "original" | "webp") => variants.get(id)![name];
  pngUrl = mediaUrl(of(png.asset.id, "original").contentHash, "image/png");
  webpUrl = mediaUrl(of(png.asset.id, "webp").contentHash, "image/webp");
  svgUrl = mediaUrl(of(svg.asset.id, "original").contentHash, "image/svg+xml");
});
// Registered after the database's hook, so it runs first.
afterAll(async () => {
  await close();
});

describe("/media", () => {
  it("serves a variant's bytes with its type, an immutable lifetime, an ETag and nosniff", async () => {
    const res = await app.request(pngUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const hash = pngUrl.slice("/media/".length, -".png".length);
    expect(res.headers.get("etag")).toBe(`"${hash}"`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), pngBytes)).toBe(0);

    const webp = await app.request(webpUrl);
    expect(webp.headers.get("content-type")).toBe("image/webp");
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const etag = (await app.request(pngUrl)).headers.get("etag")!;
    const res = await app.request(pngUrl, { headers: { "if-none-match": `W/"nope", ${etag}` } });
    expect(res.status).toBe(304);
    expect(res.headers.get("etag")).toBe(etag);
    expect(await res.text()).toBe("");
    expect((await app.request(pngUrl, { headers: { "if-none-match": '"other"' } })).status).toBe(200);
  });

  it("sends SVG with a policy that runs and loads nothing", async () => {
    const res = await app.request(svgUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(await res.text()).toContain("<rect");
  });

  it("answers 404 for an unknown hash, a wrong extension or a malformed name, never 500", async () => {
    const unknown = `/media/${"a".repeat(64)}.png`;
    for (const path of [
      unknown,
      pngUrl.replace(".png", ".jpg"),
      pngUrl.replace(".png", ""),
      "/media/..%2F..%2Fetc%2Fpasswd",
      "/media/XYZ.png",
      `/media/${"A".repeat(64)}.png`,
      "/media/",
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
    }
  });
});
