import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { widgetUsage } from "../../db/schema/credits.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { actorFor, createScenario, expectAppError, type Scenario } from "../tenancy/tenancy-test-fixtures.ts";
import { listWidgetUsageByDay } from "./list-widget-usage-by-day.ts";
import { recordWidgetUsage, WIDGET_USAGE_MAX_BATCH } from "./record-widget-usage.ts";
import { USAGE_NOW, usageServices } from "./usage-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;

beforeAll(async () => {
  s = await createScenario(database().db);
});

const rowsOf = (clientId: string) =>
  database()
    .db.select({ day: widgetUsage.day, impressions: widgetUsage.impressions, clicks: widgetUsage.clicks })
    .from(widgetUsage)
    .where(eq(widgetUsage.clientId, clientId));

describe("recordWidgetUsage", () => {
  it("adds each batch to the client's row of the UTC day, one row per day", async () => {
    const services = usageServices(database().db);
    const clientId = s.clientA.id;
    expect(await recordWidgetUsage(services, { clientId, impressions: 2, clicks: 0 })).toEqual({
      day: "2026-03-15",
      recorded: true,
    });
    await recordWidgetUsage(services, { clientId, impressions: 1, clicks: 3 });
    // Days are UTC days: 22:30Z is still the 15th, 00:10Z the 16th (whatever the client's own zone).
    await recordWidgetUsage(usageServices(database().db, new Date("2026-03-15T22:30:00Z")), {
      clientId,
      impressions: 0,
      clicks: 1,
    });
    await recordWidgetUsage(usageServices(database().db, new Date("2026-03-16T00:10:00Z")), {
      clientId,
      impressions: 5,
      clicks: 0,
    });
    expect(await rowsOf(clientId)).toEqual(
      expect.arrayContaining([
        { day: "2026-03-15", impressions: 3, clicks: 4 },
        { day: "2026-03-16", impressions: 5, clicks: 0 },
      ]),
    );
    expect(await rowsOf(clientId)).toHaveLength(2);
    // What /studio/stats reads: the client's own days, no one else's.
    const days = await listWidgetUsageByDay(services, actorFor(s.viewerA, s.clientA), { days: 7 });
    expect(days.at(-1)).toEqual({ day: "2026-03-15", impressions: 3, clicks: 4 });
    expect(await rowsOf(s.clientB.id)).toEqual([]);
  });

  it("writes nothing for a batch of zeros, and refuses counts out of range", async () => {
    const services = usageServices(database().db, new Date(USAGE_NOW.getTime() - 5 * 86_400_000));
    const clientId = s.clientB.id;
    expect(await recordWidgetUsage(services, { clientId, impressions: 0, clicks: 0 })).toMatchObject({
      recorded: false,
    });
    for (const bad of [-1, 1.5, WIDGET_USAGE_MAX_BATCH + 1, Number.NaN]) {
      await expectAppError(
        recordWidgetUsage(services, { clientId, impressions: bad, clicks: 0 }),
        "invalid_input",
      );
      await expectAppError(
        recordWidgetUsage(services, { clientId, impressions: 0, clicks: bad }),
        "invalid_input",
      );
    }
    expect(await rowsOf(clientId)).toEqual([]);
  });
});
