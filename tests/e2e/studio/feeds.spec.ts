// Feeds end to end: a super admin opens a cinema's feeds, is refused a non-web address beside the field,
// adds a feed from an uploaded CSV file (one row with an impossible date), runs it now, sees the worker's
// run in the drawer (partly imported: 2 new, 1 rejected) and its problem in the logs; stores credentials
// (never shown again), deletes the feed. axe finds nothing serious with the drawer and the form open,
// light and dark. A client admin sees no feed controls on the chains page. On the fresh demo, "Run a feed"
// imports the demo's sample feed (db/seed/seed-demo-feed.ts), and asks to choose a feed when none is.
import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";
import { hydrated, signedInAs } from "./support.ts";

const COLOUR_MODE_COOKIE = "reeltime-colour-mode";
const RUN = Date.now().toString(36);
const FEED = `E2E feed ${RUN}`;
const CSV = [
  "id,title,starts_at,attributes",
  `${RUN}-1,Dune: Part Two (OV),2031-04-01T19:00,3D`,
  `${RUN}-2,Dune: Part Two,2031-04-31T19:00,`,
  `${RUN}-3,Perfect Days,2031-04-02T21:15,`,
].join("\n");

test("a super admin adds a feed from a file, runs it and finds its run and problem", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: "light", url: baseURL! }]);
  await signedInAs(page, "super admin");
  await page.goto("/studio/data/cinemas?q=Kriterion");
  await hydrated(page);
  await page.getByRole("button", { name: "Actions for Kriterion" }).click();
  await page.getByRole("menuitem", { name: "Feeds" }).click();
  const drawer = page.getByRole("dialog", { name: "Feeds of Kriterion" });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/feeds=/);
  await expectNoSeriousAxeViolations(page, "cinema feeds drawer (light)");

  await drawer.getByRole("button", { name: "Add feed" }).first().click();
  const form = page.getByRole("dialog", { name: "New feed" });
  await form.getByLabel("Name").fill(FEED);
  await form.getByLabel("Format").selectOption("reeltime-csv");
  await form.getByRole("textbox", { name: /^Address/ }).fill("ftp://feeds.example.com/kriterion.csv");
  await form.getByRole("button", { name: "Add feed" }).click();
  await expect(form.getByText("Enter an http or https address.")).toBeVisible();
  await expect(form.getByRole("textbox", { name: /^Address/ })).toHaveAttribute("aria-invalid", "true");

  await form.getByRole("radio", { name: "An uploaded file" }).check();
  await form.getByLabel("Refresh").selectOption("");
  await form
    .getByLabel("Feed file")
    .setInputFiles({ name: "kriterion.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  for (const mode of ["light", "dark"] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), mode === "dark");
    await expectNoSeriousAxeViolations(page, `new feed form (${mode})`);
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await form.getByRole("button", { name: "Add feed" }).click();
  await expect(page.getByText(`Feed ${FEED} added.`)).toBeVisible();
  await expect(form).toBeHidden();

  const card = drawer.getByRole("listitem").filter({ hasText: FEED });
  await expect(card).toContainText("Uploaded file kriterion.csv");
  await expect(card).toContainText("Never run");
  await card.getByRole("button", { name: new RegExp(`^Run now\\W+${FEED}$`) }).click();
  await expect(page.getByText(`Feed ${FEED} will run in a moment.`)).toBeVisible();
  // The worker in the server runs it; the drawer shows the run once it is recorded.
  await expect
    .poll(
      async () => {
        await page.reload();
        await hydrated(page);
        return (
          (await page
            .getByRole("dialog", { name: "Feeds of Kriterion" })
            .getByRole("listitem")
            .filter({ hasText: FEED })
            .textContent()) ?? ""
        );
      },
      { timeout: 60_000, intervals: [1_000, 2_000] },
    )
    .toContain("Partly imported");
  const ran = page
    .getByRole("dialog", { name: "Feeds of Kriterion" })
    .getByRole("listitem")
    .filter({ hasText: FEED });
  await expect(ran).toContainText("3 read, 2 new, 0 updated, 0 cancelled");
  await expect(ran).toContainText("1 rejected");

  await ran.getByRole("link", { name: new RegExp(`^See its runs\\W+${FEED}$`) }).click();
  await expect(page).toHaveURL(/tab=imports/);
  await hydrated(page);
  await page
    .getByRole("button", { name: new RegExp(`problem\\W+${FEED}`) })
    .first()
    .click();
  const run = page.getByRole("dialog", { name: `Import of ${FEED}` });
  await expect(run.getByRole("cell", { name: "line 3" })).toBeVisible();
  await expect(run.getByText(/2031-04-31T19:00/)).toBeVisible();
  await expectNoSeriousAxeViolations(page, "import run dialog");
  await page.keyboard.press("Escape");

  // Credentials are stored, never shown again.
  await page.goto("/studio/data/cinemas?q=Kriterion");
  await hydrated(page);
  await page.getByRole("button", { name: "Actions for Kriterion" }).click();
  await page.getByRole("menuitem", { name: "Feeds" }).click();
  const again = page
    .getByRole("dialog", { name: "Feeds of Kriterion" })
    .getByRole("listitem")
    .filter({ hasText: FEED });
  await again.getByRole("button", { name: new RegExp(`^Edit\\W+${FEED}$`) }).click();
  const edit = page.getByRole("dialog", { name: "Edit feed" });
  await edit.getByLabel("Authentication").selectOption("bearer");
  await edit.getByLabel("Token").fill("s3cret-token");
  await edit.getByRole("button", { name: "Save feed" }).click();
  await expect(page.getByText(`Feed ${FEED} saved.`)).toBeVisible();
  await expect(again).toContainText("Credentials stored");
  await again.getByRole("button", { name: new RegExp(`^Edit\\W+${FEED}$`) }).click();
  await expect(edit.getByLabel("Authentication")).toHaveValue("keep");
  await expect(edit.getByText("s3cret-token")).toHaveCount(0);
  await expect(page.locator('input[value="s3cret-token"]')).toHaveCount(0);
  await edit.getByRole("button", { name: "Cancel" }).click();

  await again.getByRole("button", { name: new RegExp(`^Delete\\W+${FEED}$`) }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(new RegExp(`Feed ${FEED} deleted; 2 showtimes stay`))).toBeVisible();
  await expect(again).toHaveCount(0);
});

test("a client admin gets no feed controls and no feeds", async ({ page }) => {
  await signedInAs(page, "admin");
  const response = await page.goto("/studio/data/cinema-chains?feeds=00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(200);
  await hydrated(page);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Actions for / })).toHaveCount(0);
});

test("on a fresh demo, Run a feed imports the sample feed; sent with no feed chosen, it says to choose one", async ({
  page,
}) => {
  await signedInAs(page, "super admin");
  await page.goto("/studio/data/tools");
  await hydrated(page);
  const feed = page.getByRole("combobox", { name: "Feed", exact: true });
  const runNow = page.getByRole("button", { name: "Run now" });
  await runNow.click();
  await expect(page.getByText("Choose a feed.")).toBeVisible();
  await expect(page.getByText("Not a valid id.")).toHaveCount(0);

  await feed.selectOption({ label: "Demo feed (sample file)" });
  await runNow.click();
  await expect(page.getByText("Demo feed (sample file) will be imported now.")).toBeVisible();
  const row = page
    .getByRole("table", { name: "Recent background jobs" })
    .getByRole("row", { name: /Feed import/ })
    .first();
  await expect(row).toContainText("Completed", { timeout: 30_000 });

  await page.goto("/studio/data/logs?tab=imports");
  const run = page.getByRole("row", { name: /Demo feed \(sample file\)/ }).first();
  await expect(run).toContainText("Succeeded");
  await expect(run).toContainText("8 new");
});
