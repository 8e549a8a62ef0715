// /studio/assets through the real app, signed in as the demo accounts: uploads (multipart) by an editor,
// refusals beside the field, a duplicate, the body limit's readable refusal, the list, CSV and choices,
// delete refused while used, and viewers refused every change.
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { assets } from "../../../db/schema/assets.ts";
import { movies } from "../../../db/schema/catalog.ts";
import { MAX_ASSET_BYTES } from "../../../core/assets/asset-schemas.ts";
import {
  BASE,
  csvRows,
  dataPath,
  get,
  postForm,
  setUpStudio,
  type App,
  type Who,
} from "../../../tests/helpers/studio-test-app.ts";

const { database, studio } = setUpStudio();
let app: App;
let cookies: Record<Who, string>;
const ASSETS = "/studio/assets";

const assetCount = async () => (await database().db.select({ n: count() }).from(assets))[0]!.n;

let shade = 0;
async function png(width: number, height: number) {
  shade += 17;
  return sharp({ create: { width, height, channels: 3, background: { r: shade % 256, g: 90, b: 30 } } })
    .png()
    .toBuffer();
}

function upload(
  file: { name: string; bytes: Uint8Array<ArrayBuffer>; type?: string },
  cookie: string,
  kind = "poster",
) {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("kind", kind);
  form.set("file", new File([file.bytes], file.name, { type: file.type ?? "image/png" }));
  return app.request(`${BASE}${ASSETS}`, { method: "POST", body: form, headers: { origin: BASE, cookie } });
}

beforeAll(() => {
  ({ app, cookies } = studio());
});

describe("uploading", () => {
  it("adds an editor's PNG to the client's library and says so; the same file again is found", async () => {
    const bytes = await png(1000, 1500);
    const res = await upload({ name: "dune-poster.png", bytes }, cookies.editor);
    expect(res.status).toBe(200);
    // Toasts travel as message references, translated in the browser.
    expect(await res.text()).toMatch(/studio\.assets\.toast\.uploaded\|\{\\+"name\\+":\\+"dune-poster\.png/);
    const again = await upload({ name: "other-name.png", bytes }, cookies.admin);
    expect(await again.text()).toMatch(
      /studio\.assets\.toast\.duplicate\|\{\\+"name\\+":\\+"dune-poster\.png/,
    );

    const page = await (await get(app, ASSETS, cookies.viewer)).text();
    expect(page).toContain("dune-poster.png");
    expect(page).toContain("1000 × 1500");
    expect(page).toMatch(/<img[^>]+alt="dune-poster.png"/);
  });

  it("refuses a text file named .png beside the field, and writes nothing", async () => {
    const before = await assetCount();
    const res = await upload(
      { name: "fake.png", bytes: new TextEncoder().encode("hello, I am text"), type: "image/png" },
      cookies.editor,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("This file is not a JPEG, PNG, WebP or SVG image.");
    expect(await assetCount()).toBe(before);
  });

  it("turns a 20 MB upload without JavaScript into the page saying why, writing nothing", async () => {
    const before = await assetCount();
    const big = new Uint8Array(20 * 1024 * 1024);
    big.set(await png(10, 10));
    const res = await upload({ name: "huge.png", bytes: big }, cookies.editor);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${ASSETS}?refused=too-large`);
    const refused = await (await get(app, `${ASSETS}?refused=too-large`, cookies.editor)).text();
    expect(refused).toContain("The file was not uploaded: it is larger than 10 MB.");
    // Just over 10 MB fits the body limit; the operation refuses it beside the field.
    const over = new Uint8Array(MAX_ASSET_BYTES + 10);
    over.set(await png(10, 10));
    const field = await upload({ name: "over.png", bytes: over }, cookies.editor);
    expect(field.status).toBe(400);
    expect(await field.text()).toContain("This file is larger than 10 MB.");
    // The size is formatted in the reader's language, not sent as English text.
    const arabic = await upload({ name: "over.png", bytes: over }, `${cookies.editor}; reeltime-locale=ar`);
    expect(await arabic.text()).toContain("حجم هذا الملف أكبر من 10 م.ب.");
    const page = await (
      await get(app, `${ASSETS}?refused=too-large`, `${cookies.editor}; reeltime-locale=ar`)
    ).text();
    expect(page).toContain("أكبر من 10 م.ب.");
    expect(await assetCount()).toBe(before);
  });

  it("refuses a viewer's upload and delete with 403", async () => {
    const res = await upload({ name: "v.png", bytes: await png(5, 5) }, cookies.viewer);
    expect(res.status).toBe(403);
    const [existing] = await database().db.select({ id: assets.id }).from(assets).limit(1);
    const del = await postForm(app, ASSETS, { intent: "delete", assetId: existing!.id }, cookies.viewer);
    expect(del.status).toBe(403);
  });
});

describe("reading", () => {
  it("lists with search and kind filter, exports CSV, and answers choices for pickers", async () => {
    await upload({ name: "kinepolis-logo.png", bytes: await png(400, 200) }, cookies.admin, "logo");
    const data = await (await get(app, dataPath(`${ASSETS}?kind=logo`), cookies.admin)).text();
    expect(data).toContain("kinepolis-logo.png");
    expect(data).not.toContain("dune-poster.png");

    const csv = csvRows(await (await get(app, `${ASSETS}?q=kinepolis&format=csv`, cookies.viewer)).text());
    expect(csv[0]).toEqual([
      "Id",
      "File name",
      "Kind",
      "MIME type",
      "Size (bytes)",
      "Width (pixels)",
      "Height (pixels)",
      "Owner",
      "Uploaded",
      "Used",
      "URL",
    ]);
    expect(csv.slice(1).map((r) => r[1])).toEqual(["kinepolis-logo.png"]);
    expect(csv[1]![10]).toMatch(/^http:\/\/localhost(:\d+)?\/media\/[0-9a-f]{64}\.png$/);

    const choices = await get(app, `${ASSETS}/choices?kind=logo&q=kine`, cookies.viewer);
    expect(choices.status).toBe(200);
    expect(await choices.json()).toEqual({
      options: [{ value: expect.any(String), label: "kinepolis-logo.png", hint: "400 × 200" }],
    });
    // The super admin without a client sees the platform's library, not the demo client's.
    const platform = await (await get(app, `${ASSETS}/choices?q=kine`, cookies.superAdmin)).json();
    expect(platform).toEqual({ options: [] });
  });

  it("opens the detail of an asset with its media URL and where it is used", async () => {
    const [row] = await database()
      .db.select({ id: assets.id })
      .from(assets)
      .where(eq(assets.fileName, "dune-poster.png"));
    await database()
      .db.insert(movies)
      .values({ title: "Dune: Part Two", slug: "dune-part-two-assets", posterAssetId: row!.id });
    // The dialog renders in the browser; its data comes with the page.
    const detail = await (await get(app, dataPath(`${ASSETS}?asset=${row!.id}`), cookies.viewer)).text();
    expect(detail).toMatch(/\/media\/[0-9a-f]{64}\.png/);
    expect(detail).toContain("Dune: Part Two");
    const elsewhere = await (
      await get(app, dataPath(`${ASSETS}?asset=${row!.id}`), cookies.superAdmin)
    ).text();
    expect(elsewhere).not.toContain("Dune: Part Two");
  });
});

describe("deleting", () => {
  it("refuses to delete an asset in use, naming where, and deletes an unused one", async () => {
    const [used] = await database()
      .db.select({ id: assets.id })
      .from(assets)
      .where(eq(assets.fileName, "dune-poster.png"));
    const refused = await postForm(
      app,
      ASSETS,
      { intent: "delete", assetId: used!.id, confirm: "1" },
      cookies.editor,
    );
    expect(refused.status).toBe(409);
    const refusal = await refused.text();
    expect(refusal).toContain("error.studio.assets.inUse");
    expect(refusal).toMatch(/posterNames\\+":\\+"Dune: Part Two/);

    const [unused] = await database()
      .db.select({ id: assets.id })
      .from(assets)
      .where(eq(assets.fileName, "kinepolis-logo.png"));
    const res = await postForm(
      app,
      ASSETS,
      { intent: "delete", assetId: unused!.id, confirm: "1" },
      cookies.admin,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("studio.assets.toast.deleted");
    expect(await database().db.select().from(assets).where(eq(assets.id, unused!.id))).toEqual([]);
  });
});
