// The media library end to end: an editor uploads a real PNG through the drop zone's file input and sees
// it with its dimensions; its media URL answers with the image and immutable caching; a text file named
// .png and a file over 10 MB are refused at the field before anything is sent; the detail dialog shows
// the URL; a delete is confirmed; axe finds nothing serious with errors shown and the dialog open, in
// light and dark.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";
import { hydrated, signedInAs } from "./support.ts";

const PATH = "/studio/assets";
const COLOUR_MODE_COOKIE = "reeltime-colour-mode";
/** Unique per run, so the spec also passes against a server it ran on before. */
const RUN = Date.now().toString(36);
const POSTER = `e2e-poster-${RUN}.png`;
const FAKE = `e2e-fake-${RUN}.png`;
const HUGE = `e2e-huge-${RUN}.png`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

let dir = "";
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "reeltime-assets-e2e-"));
  // A colour from the run id: the bytes differ from any earlier run's upload.
  const seed = parseInt(RUN.slice(-6), 36);
  const background = { r: seed % 256, g: (seed >> 8) % 256, b: (seed >> 16) % 256 };
  await writeFile(
    path.join(dir, POSTER),
    await sharp({ create: { width: 600, height: 900, channels: 3, background } })
      .png()
      .toBuffer(),
  );
  await writeFile(path.join(dir, FAKE), "This is a text file, not a picture.\n");
  await writeFile(path.join(dir, HUGE), Buffer.alloc(11 * 1024 * 1024, 1));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("an editor uploads a poster, finds it, opens its URL and deletes it", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: "light", url: baseURL! }]);
  await signedInAs(page, "editor");
  await page.goto(`${PATH}?q=${encodeURIComponent(RUN)}`);
  await hydrated(page);
  // The file input named by its field's label (a file input's accessible name adds the chooser's state).
  const input = page.getByLabel("Image").and(page.locator('input[type="file"]'));

  // Refused at the field, before sending: not an image whatever its name, and too large.
  await input.setInputFiles(path.join(dir, FAKE));
  await expect(page.getByText("This file is not a JPEG, PNG, WebP or SVG image.")).toBeVisible();
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Upload" }).click();
  await input.setInputFiles(path.join(dir, HUGE));
  await expect(page.getByText("This file is larger than 10 MB. Choose a smaller image.")).toBeVisible();
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Nothing matches your search or filters.")).toBeVisible();

  // A real PNG: its name and size show in the drop zone, then it is in the table with its dimensions.
  await input.setInputFiles(path.join(dir, POSTER));
  await expect(page.getByText(new RegExp(`${escape(POSTER)} \\(\\d+ kB\\)`))).toBeVisible();
  await expect(input).not.toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Used as").selectOption("poster");
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText(`${POSTER} was added to the library.`)).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(escape(POSTER)) });
  await expect(row).toContainText("600 × 900");
  await expect(row).toContainText("Poster");
  await expect(row.getByRole("img", { name: POSTER })).toBeVisible();

  // The detail dialog: the image, its media URL (served with immutable caching) and where it is used.
  await row.getByRole("link", { name: POSTER }).click();
  const detail = page.getByRole("dialog", { name: POSTER });
  await expect(detail.getByRole("img", { name: `${POSTER}, 600 × 900` })).toBeVisible();
  await expect(detail.getByText("This image is not used anywhere yet.")).toBeVisible();
  const url = await detail.getByLabel("Media URL").inputValue();
  expect(url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
  const media = await page.request.get(url);
  expect(media.status()).toBe(200);
  expect(media.headers()["content-type"]).toBe("image/png");
  expect(media.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(media.headers()["etag"]).toBe(`"${url.slice("/media/".length, -".png".length)}"`);
  expect(media.headers()["x-content-type-options"]).toBe("nosniff");
  const metadata = await sharp(await media.body()).metadata();
  expect([metadata.width, metadata.height]).toEqual([600, 900]);

  for (const mode of ["light", "dark"] as const) {
    await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: mode, url: baseURL! }]);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("dialog", { name: POSTER })).toBeVisible();
    await expectNoSeriousAxeViolations(page, `${PATH}, detail dialog (${mode})`);
    await page.getByRole("dialog", { name: POSTER }).getByRole("button", { name: "Close" }).first().click();
    await expect(page.getByRole("dialog", { name: POSTER })).toBeHidden();
    await input.setInputFiles(path.join(dir, FAKE));
    await expect(page.getByText("This file is not a JPEG, PNG, WebP or SVG image.")).toBeVisible();
    await expectNoSeriousAxeViolations(page, `${PATH}, upload refused at the field (${mode})`);
    if (mode === "light") {
      await row.getByRole("link", { name: POSTER }).click();
      await expect(page.getByRole("dialog", { name: POSTER })).toBeVisible();
      await expect(page).toHaveURL(/[?&]asset=/);
    }
  }

  // Delete, confirmed.
  await row.getByRole("button", { name: `Actions for ${POSTER}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete ${POSTER}?` });
  await expectNoSeriousAxeViolations(page, `${PATH}, delete confirmation (dark)`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(`${POSTER} was deleted.`)).toBeVisible();
  await expect(row).toBeHidden();
  expect((await page.request.get(url)).status()).toBe(404);
});

test("a viewer reads the library but has no upload form", async ({ page }) => {
  await signedInAs(page, "viewer");
  await page.goto(PATH);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Media library" })).toBeVisible();
  await expect(
    page.getByText("You can view the library. Editors and admins upload and delete images."),
  ).toBeVisible();
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
});
