// The dashboard's usage chart as the server renders it: the words and the table a reader without the
// drawing (or without JavaScript) gets, and the empty state that leads to a first call.
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en.json" with { type: "json" };
import type { UsageChart as UsageChartData } from "../../../core/usage/usage-chart.ts";
import { usageWindow } from "../../../core/usage/usage-range.ts";
import { apiUsageTotals } from "../../../core/usage/usage-totals.ts";
import { I18nProvider } from "../../lib/i18n.tsx";
import { UsageChart } from "./usage-chart.tsx";

function render(chart: UsageChartData): string {
  const Stub = createRoutesStub([
    {
      path: "/studio",
      Component: () => (
        <I18nProvider lang="en" messages={en}>
          <UsageChart chart={chart} />
        </I18nProvider>
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={["/studio"]} />);
}

function chartOf(requestsByDay: Record<string, number>): UsageChartData {
  const days = usageWindow(new Date("2026-03-15T12:00:00Z"), 30).days.map((day) => ({
    day,
    requests: requestsByDay[day] ?? 0,
    credits: requestsByDay[day] ?? 0,
  }));
  return { days, totals: apiUsageTotals(days.map((d) => ({ ...d, errors: 0 }))) };
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("UsageChart", () => {
  it("titles the chart, sums it up in words and gives every day in a table", () => {
    const html = render(chartOf({ "2026-03-10": 1200, "2026-03-15": 34 }));
    const words = text(html);
    expect(words).toContain("API usage, last 30 days");
    expect(words).toContain("1,234 requests and 1,234 credits used in the last 30 days.");
    expect(words).toContain("Busiest day: Tue, Mar 10, 2026, with 1,200 requests.");
    expect(words).toContain("Show as table");
    // the drawing is for sighted readers only; the table carries the numbers
    expect(html).toMatch(/<div aria-hidden="true">/);
    expect(html.match(/<tr/g)).toHaveLength(31);
    expect(words).toContain("Sun, Mar 15, 2026 34 34");
    expect(words).toContain("Sat, Feb 14, 2026 0 0");
    expect(html).toContain('href="/studio/stats"');
  });

  it("without calls, says so and points to creating a key and the console", () => {
    const html = render(chartOf({}));
    expect(text(html)).toContain("No API calls in the last 30 days");
    expect(html).toContain('href="/studio/api-keys"');
    expect(html).toContain('href="/studio/api-lookup"');
    expect(html).not.toContain("<table");
  });
});
