// The media library on a real database: uploads decided by content, SVGs sanitized, variants stored,
// duplicates found, scope per client and platform, permissions, where used, delete refused while used.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { assets, assetVariants } from "../../db/schema/assets.ts";
import { cinemaChains, movies } from "../../db/schema/catalog.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { uploadServices } from "./asset-test-support.ts";
import type { UploadServices } from "./upload-asset.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  createScenario,
  expectAppError,
  missingId,
  type Scenario,
} from "../tenancy/tenancy-test-fixtures.ts";
import { MAX_ASSET_BYTES, sniffImageType } from "./asset-schemas.ts";
import { assetUsage } from "./asset-usage.ts";
import { deleteAsset } from "./delete-asset.ts";
import { listAssetChoices } from "./list-asset-choices.ts";
import { listAssets } from "./list-assets.ts";
import { readMedia } from "./read-media.ts";
import { sanitizeSvg } from "./sanitize-svg.ts";
import { cleanFileName, uploadAsset } from "./upload-asset.ts";

let colour = 0;
/** A PNG of its own every call (a different colour), so uploads never collide by accident. */
async function png(width = 40, height = 60): Promise<Uint8Array> {
  colour++;
  const background = { r: colour % 256, g: (colour * 7) % 256, b: (colour * 13) % 256 };
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

const SVG = `<?xml version="1.0"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="80" onload="alert(1)">
  <script>alert(1)</script>
  <style>@import url(https://evil.example/x.css); rect { fill: red }</style>
  <style>.a { fill: url(#g) }</style>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>
  <linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient>
  <a href="javascript:alert(1)"><rect class="a" width="10" height="10" onclick="x()"/></a>
  <use xlink:href="https://evil.example/sprite.svg#x"/>
  <use href="#g"/>
  <image href="https://evil.example/track.png" width="5" height="5"/>
  <text x="1" y="20" fill="url(javascript:alert(1))">Logo &amp; co</text>
</svg>`;

describe("media library", () => {
  const database = useTestDatabase();
  let s: Scenario;
  let services: UploadServices;

  beforeAll(async () => {
    const { db } = database();
    services = uploadServices(db);
    s = await createScenario(db);
  });

  it("stores an upload with its variants, by content, and finds a second upload of the same bytes", async () => {
    const editor = actorFor(s.editorA, s.clientA);
    const bytes = await png(1000, 1500);
    const { asset, duplicate } = await uploadAsset(services, editor, {
      kind: "poster",
      file: { name: "C:\\fakepath\\dune.txt", bytes },
    });
    expect(duplicate).toBe(false);
    expect(asset).toMatchObject({
      kind: "poster",
      fileName: "dune.txt",
      mimeType: "image/png",
      width: 1000,
      height: 1500,
      bytes: bytes.length,
      ownerClientId: s.clientA.id,
      uploadedBy: s.editorA.profileId,
    });
    expect(asset.checksum).toBe(asset.storageKey);
    const variants = await services.db
      .select({ variant: assetVariants.variant, width: assetVariants.width, hash: assetVariants.contentHash })
      .from(assetVariants)
      .where(eq(assetVariants.assetId, asset.id));
    expect(variants.map((v) => v.variant).sort()).toEqual(["original", "thumbnail", "webp"]);
    expect(variants.find((v) => v.variant === "thumbnail")!.width).toBeLessThanOrEqual(320);
    const original = await readMedia(services, asset.storageKey);
    expect(Buffer.compare(original!.content, Buffer.from(bytes))).toBe(0);

    const again = await uploadAsset(services, editor, { kind: "other", file: { name: "copy.png", bytes } });
    expect(again).toMatchObject({ duplicate: true, asset: { id: asset.id, fileName: "dune.txt" } });
    expect(await countRows(services.db, assets, eq(assets.checksum, asset.checksum))).toBe(1);

    const [audit] = await auditRowsFor(services.db, "asset.upload");
    expect(audit).toMatchObject({ entityId: asset.id });
    expect(JSON.stringify(audit)).not.toContain("content");
  });

  it("refuses what is not an image, whatever its name, and files over 10 MB, writing nothing", async () => {
    const admin = actorFor(s.adminA, s.clientA);
    const before = await countRows(services.db, assets);
    const text = new TextEncoder().encode("just some text, not a picture");
    const notImage = await expectAppError(
      uploadAsset(services, admin, { kind: "poster", file: { name: "poster.png", bytes: text } }),
      "invalid_input",
    );
    expect(notImage.fieldErrors.file).toContain("studio.assets.validation.notAnImage");
    // A PNG signature followed by garbage is not a PNG either.
    const fake = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    await expectAppError(
      uploadAsset(services, admin, { kind: "poster", file: { name: "x.png", bytes: fake } }),
      "invalid_input",
    );
    const huge = new Uint8Array(MAX_ASSET_BYTES + 1);
    huge.set(await png());
    const tooLarge = await expectAppError(
      uploadAsset(services, admin, { kind: "poster", file: { name: "big.png", bytes: huge } }),
      "invalid_input",
    );
    expect(tooLarge.fieldErrors.file).toContain("studio.assets.validation.tooLarge");
    const none = await expectAppError(
      uploadAsset(services, admin, { kind: "poster", file: null }),
      "invalid_input",
    );
    expect(none.fieldErrors.file).toContain("studio.assets.validation.fileRequired");
    const badKind = await expectAppError(
      uploadAsset(services, admin, {
        kind: "banner" as "poster",
        file: { name: "a.png", bytes: await png() },
      }),
      "invalid_input",
    );
    expect(Object.keys(badKind.fieldErrors)).toEqual(["kind"]);
    expect(await countRows(services.db, assets)).toBe(before);
  });

  it("sanitizes an SVG: no scripts, handlers, foreign objects, outside links or imports", async () => {
    const clean = sanitizeSvg(SVG)!;
    expect(clean).toContain("<svg");
    expect(clean).toContain("<rect");
    expect(clean).toContain("Logo &amp; co");
    expect(clean).toContain('href="#g"');
    expect(clean).toContain("fill: url(#g)");
    for (const banned of [
      "script",
      "onload",
      "onclick",
      "foreignObject",
      "javascript:",
      "evil.example",
      "@import",
    ])
      expect(clean, banned).not.toContain(banned);
    expect(sanitizeSvg('<html><svg xmlns="http://www.w3.org/2000/svg"/></html>')).toBeNull();
    expect(sanitizeSvg('<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>')).toBeNull();
    expect(sanitizeSvg("<svg><g></svg>")).toBeNull();
    expect(sanitizeSvg(`<svg>${"<g>".repeat(5000)}${"</g>".repeat(5000)}</svg>`)).toBeNull();
    const escaped = sanitizeSvg(
      String.raw`<svg><style>@\69mport "https://evil.example/x.css";</style><rect style="fill: image-set('x.png' 1x)"/></svg>`,
    )!;
    expect(escaped).not.toContain("evil.example");
    expect(escaped).not.toContain("image-set");

    const superAdmin = actorFor(s.superAdmin);
    const { asset } = await uploadAsset(services, superAdmin, {
      kind: "logo",
      file: { name: "logo.svg", bytes: new TextEncoder().encode(SVG) },
    });
    expect(asset).toMatchObject({ mimeType: "image/svg+xml", width: 120, height: 80, ownerClientId: null });
    const stored = await readMedia(services, asset.storageKey);
    expect(stored!.content.toString("utf8")).not.toContain("script");
    expect(sniffImageType(new TextEncoder().encode("<svg-not"))).toBeNull();
  });

  it("lets viewers read but not upload or delete, and client users only their client", async () => {
    const viewer = actorFor(s.viewerA, s.clientA);
    await expectAppError(
      uploadAsset(services, viewer, { kind: "poster", file: { name: "a.png", bytes: await png() } }),
      "forbidden",
    );
    const adminB = actorFor(s.adminB, s.clientB);
    const { asset: ofB } = await uploadAsset(services, adminB, {
      kind: "backdrop",
      file: { name: "b-backdrop.png", bytes: await png() },
    });
    const seenByA = await listAssets(services, viewer, { pageSize: 200 });
    expect(seenByA.rows.every((row) => row.ownerClientId === s.clientA.id)).toBe(true);
    expect(seenByA.rows.some((row) => row.fileName === "dune.txt")).toBe(true);
    await expectAppError(deleteAsset(services, viewer, { assetId: ofB.id }), "forbidden");
    await expectAppError(
      deleteAsset(services, actorFor(s.adminA, s.clientA), { assetId: ofB.id }),
      "not_found",
    );
    await expectAppError(assetUsage(services, viewer, { assetId: ofB.id }), "not_found");
    await expectAppError(listAssets(services, actorFor(s.outsider)), "forbidden");

    // A super admin without a client sees the platform's assets; acting for B, B's as well.
    const platform = await listAssets(services, actorFor(s.superAdmin), { pageSize: 200 });
    expect(platform.rows.every((row) => row.ownerClientId === null)).toBe(true);
    const actingForB = await listAssets(services, actorFor(s.superAdmin, s.clientB), { pageSize: 200 });
    expect(actingForB.rows.map((row) => row.fileName)).toEqual(
      expect.arrayContaining(["b-backdrop.png", "logo.svg"]),
    );
  });

  it("lists with search, kind filter, sort and paging, and offers choices by kind", async () => {
    const admin = actorFor(s.adminA, s.clientA);
    await uploadAsset(services, admin, {
      kind: "logo",
      file: { name: "alpha-logo.png", bytes: await png(200, 100) },
    });
    await uploadAsset(services, admin, {
      kind: "logo",
      file: { name: "beta-logo.png", bytes: await png(300, 100) },
    });
    const logos = await listAssets(services, admin, { kind: "logo", sort: "fileName" });
    expect(logos.rows.map((row) => row.fileName)).toEqual(["alpha-logo.png", "beta-logo.png"]);
    expect(logos.rows[0]).toMatchObject({ usedCount: 0, ownerName: s.clientA.name });
    expect(logos.rows[0]!.variants.thumbnail.mimeType).toBe("image/webp");
    const searched = await listAssets(services, admin, { search: "BETA" });
    expect(searched.rows.map((row) => row.fileName)).toEqual(["beta-logo.png"]);
    const paged = await listAssets(services, admin, { sort: "-fileName", pageSize: 1, page: 2 });
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(paged.rows.map((row) => row.fileName)).toEqual(["beta-logo.png"]);

    const choices = await listAssetChoices(services, admin, { kind: "logo", q: "alpha" });
    expect(choices).toEqual([{ value: expect.any(String), label: "alpha-logo.png", hint: "200 × 100" }]);
    expect(await listAssetChoices(services, actorFor(s.adminB, s.clientB), { q: "alpha" })).toEqual([]);
  });

  it("refuses to delete an asset in use, naming where, and deletes it once unused", async () => {
    const editor = actorFor(s.editorA, s.clientA);
    const { asset } = await uploadAsset(services, editor, {
      kind: "poster",
      file: { name: "used.png", bytes: await png() },
    });
    const [movie] = await services.db
      .insert(movies)
      .values({ title: "Dune: Part Two", slug: `dune-${asset.id.slice(0, 8)}`, posterAssetId: asset.id })
      .returning({ id: movies.id });
    await services.db
      .insert(cinemaChains)
      .values({ name: "Pathé", slug: `pathe-${asset.id.slice(0, 8)}`, logoAssetId: asset.id });
    const usage = await assetUsage(services, editor, { assetId: asset.id });
    expect(usage).toMatchObject({
      total: 2,
      poster: [{ name: "Dune: Part Two" }],
      logo: [{ name: "Pathé" }],
    });
    const listed = await listAssets(services, editor, { search: "used.png" });
    expect(listed.rows[0]!.usedCount).toBe(2);

    const refused = await expectAppError(deleteAsset(services, editor, { assetId: asset.id }), "conflict");
    expect(refused.message).toContain("Poster of 1 movie: Dune: Part Two.");
    expect(refused.message).toContain("Logo of 1 cinema chain: Pathé.");

    await services.db.update(movies).set({ posterAssetId: null }).where(eq(movies.id, movie!.id));
    await services.db
      .update(cinemaChains)
      .set({ logoAssetId: null })
      .where(eq(cinemaChains.logoAssetId, asset.id));
    await deleteAsset(services, editor, { assetId: asset.id });
    expect(await countRows(services.db, assetVariants, eq(assetVariants.assetId, asset.id))).toBe(0);
    expect(await readMedia(services, asset.storageKey)).toBeNull();
    const [audit] = await auditRowsFor(services.db, "asset.delete");
    expect(audit).toMatchObject({ entityId: asset.id });
    await expectAppError(deleteAsset(services, editor, { assetId: missingId() }), "not_found");
  });

  it("keeps the same file in two owners' libraries apart: deleting one leaves the other served", async () => {
    const bytes = await png();
    const ofA = await uploadAsset(services, actorFor(s.adminA, s.clientA), {
      kind: "other",
      file: { name: "a.png", bytes },
    });
    const ofB = await uploadAsset(services, actorFor(s.adminB, s.clientB), {
      kind: "other",
      file: { name: "b.png", bytes },
    });
    expect(ofB.duplicate).toBe(false);
    expect(ofB.asset.id).not.toBe(ofA.asset.id);
    expect(ofB.asset.storageKey).toBe(ofA.asset.storageKey);
    await deleteAsset(services, actorFor(s.adminA, s.clientA), { assetId: ofA.asset.id });
    expect((await readMedia(services, ofB.asset.storageKey))?.content.equals(bytes)).toBe(true);
  });

  it("cleans file names", () => {
    expect(cleanFileName("/home/me/poster.png")).toBe("poster.png");
    expect(cleanFileName("  \u0000 ")).toBe("image");
    expect(cleanFileName("x".repeat(300))).toHaveLength(200);
  });
});
