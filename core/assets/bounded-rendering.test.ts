// #21, finding 1: a 200-byte SVG filter kept sharp busy for minutes on the server's thread pool. Filters are
// now stripped before rendering; rendering runs in a child process with a deadline (killed past it) and a
// short queue; the same file again is found before any rendering; uploads are limited per person and client.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { createAuthLimits } from "../auth/limits.ts";
import { actorFor, createScenario, expectAppError, type Scenario } from "../tenancy/tenancy-test-fixtures.ts";
import { createImageRenderer, type ImageRenderer } from "./image-renderer.ts";
import { sanitizeSvg } from "./sanitize-svg.ts";
import { testAccountServices, testImageRenderer } from "./asset-test-support.ts";
import { uploadAsset, type UploadServices } from "./upload-asset.ts";

const MORPHOLOGY_BOMB =
  '<svg width="3000" height="3000"><filter id="f"><feMorphology operator="dilate" radius="300"/></filter>' +
  '<rect width="3000" height="3000" filter="url(#f)"/></svg>';

const png = (colour: number) =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: { r: colour, g: 0, b: 0 } } })
    .png()
    .toBuffer();

/** A renderer that counts what it is asked to render. */
function counting(inner: ImageRenderer) {
  const counter = { renders: 0 };
  const renderer: ImageRenderer = {
    render: (bytes, mimeType) => {
      counter.renders += 1;
      return inner.render(bytes, mimeType);
    },
    close: () => Promise.resolve(),
  };
  return { renderer, counter };
}

describe("sanitizing SVG filters away", () => {
  it("drops filter elements, filter attributes and CSS filters", () => {
    const clean = sanitizeSvg(MORPHOLOGY_BOMB)!;
    expect(clean).toContain("<rect");
    expect(clean).not.toMatch(/filter|feMorphology|radius/i);
    const styled = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><style>rect { filter: blur(900px) }</style>' +
        '<rect style="filter: blur(900px)" width="9" height="9"/><feGaussianBlur stdDeviation="900"/></svg>',
    )!;
    expect(styled).not.toMatch(/blur|filter|stdDeviation/i);
    expect(styled).toContain("<rect");
  });
});

describe("the image renderer", () => {
  it("renders in its own process and reports unreadable bytes", async () => {
    const renderer = testImageRenderer();
    const ok = await renderer.render(await png(1), "image/png");
    expect(ok).toMatchObject({ ok: true, image: { width: 30, height: 20 } });
    expect(await renderer.render(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2]), "image/png")).toEqual({
      ok: false,
      reason: "unreadable",
    });
  });

  it("kills every render over its deadline and answers too-complex, starting a fresh process for each", async () => {
    // A deadline no render can meet (the process alone takes longer to start): every render is killed.
    const strict = createImageRenderer({ timeoutMs: 1 });
    try {
      expect(await strict.render(await png(2), "image/png")).toEqual({ ok: false, reason: "too-complex" });
      expect(await strict.render(await png(3), "image/png")).toEqual({ ok: false, reason: "too-complex" });
    } finally {
      await strict.close();
    }
  });

  it("refuses renders beyond its queue as busy, and finishes the ones it took", async () => {
    const renderer = createImageRenderer({ maxQueued: 1 });
    try {
      const bytes = await Promise.all([png(4), png(5), png(6), png(7)]);
      const outcomes = await Promise.all(bytes.map((b) => renderer.render(b, "image/png")));
      // One running, one queued, the rest refused at once.
      expect(outcomes.map((o) => (o.ok ? "ok" : o.reason))).toEqual(["ok", "ok", "busy", "busy"]);
    } finally {
      await renderer.close();
    }
  });
});

describe("uploads", () => {
  const database = useTestDatabase();
  let s: Scenario;
  beforeAll(async () => {
    s = await createScenario(database().db);
  });

  const services = (renderer: ImageRenderer, limits = createAuthLimits()): UploadServices => ({
    db: database().db,
    images: renderer,
    accounts: testAccountServices(limits),
  });

  it("stores the morphology SVG without its filter", async () => {
    const editor = actorFor(s.editorA, s.clientA);
    const { asset } = await uploadAsset(services(testImageRenderer()), editor, {
      kind: "logo",
      file: { name: "bomb.svg", bytes: new TextEncoder().encode(MORPHOLOGY_BOMB) },
    });
    expect(asset).toMatchObject({ mimeType: "image/svg+xml", width: 3000, height: 3000 });
  });

  it("finds the same file again before rendering it", async () => {
    const editor = actorFor(s.editorA, s.clientA);
    const { renderer, counter } = counting(testImageRenderer());
    const bytes = await png(8);
    const first = await uploadAsset(services(renderer), editor, {
      kind: "poster",
      file: { name: "a.png", bytes },
    });
    const again = await uploadAsset(services(renderer), editor, {
      kind: "poster",
      file: { name: "b.png", bytes },
    });
    expect(again).toEqual({ asset: first.asset, duplicate: true });
    expect(counter.renders).toBe(1);
  });

  it("refuses a file that takes too long to render, writing nothing", async () => {
    const editor = actorFor(s.editorA, s.clientA);
    const strict = createImageRenderer({ timeoutMs: 1 });
    try {
      const refused = await expectAppError(
        uploadAsset(services(strict), editor, {
          kind: "poster",
          file: { name: "slow.png", bytes: await png(9) },
        }),
        "invalid_input",
      );
      expect(refused.fieldErrors.file).toContain("studio.assets.validation.tooComplex");
    } finally {
      await strict.close();
    }
  });

  it("limits uploads per person and per library, before rendering", async () => {
    const { renderer, counter } = counting(testImageRenderer());
    const limits = createAuthLimits({
      rules: {
        assetUploadPerson: { points: 2, durationSeconds: 3600 },
        assetUploadOwner: { points: 3, durationSeconds: 3600 },
      },
    });
    const upload = async (person: Scenario["editorA"], colour: number) =>
      uploadAsset(services(renderer, limits), actorFor(person, s.clientA), {
        kind: "poster",
        file: { name: "p.png", bytes: await png(colour) },
      });
    await upload(s.editorA, 20);
    await upload(s.editorA, 21);
    const person = await expectAppError(upload(s.editorA, 22), "rate_limited");
    expect(person.fieldErrors.file).toContain("studio.assets.validation.tooManyUploads");
    await upload(s.adminA, 23); // another person of the same client: the library's third
    await expectAppError(upload(s.adminA, 24), "rate_limited"); // the library's limit
    expect(counter.renders).toBe(3);
  });
});
