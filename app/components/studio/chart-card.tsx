// A chart that every reader can use: a titled card with a text summary, the chart itself (drawn by
// recharts in the browser, hidden from assistive technology) and the same numbers as a table behind a
// "show as table" disclosure that works without JavaScript. Colours come from CSS variables set per
// colour mode, each series also told apart by its shape (bars, solid or dashed lines).
import type { ReactNode } from "react";
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from "recharts";
import { useTextDirection } from "../../lib/direction.ts";
import { useT } from "../../lib/i18n.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { cx, focusRing } from "../ui/cx.ts";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../ui/table.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";

/**
 * The series colours: each at least 3:1 against the card (white in light mode, slate-900 in dark),
 * as WCAG 1.4.11 asks of graphics; the darker shades in light mode, the lighter ones in dark mode.
 */
export const CHART_COLOUR_VARIABLES = cx(
  "[--chart-green:var(--color-green-700)] dark:[--chart-green:var(--color-green-400)]",
  "[--chart-sky:var(--color-sky-700)] dark:[--chart-sky:var(--color-sky-300)]",
  "[--chart-red:var(--color-red-700)] dark:[--chart-red:var(--color-red-400)]",
  "[--chart-amber:var(--color-amber-700)] dark:[--chart-amber:var(--color-amber-300)]",
  "[--chart-violet:var(--color-violet-700)] dark:[--chart-violet:var(--color-violet-300)]",
  "[--chart-axis:var(--color-slate-600)] dark:[--chart-axis:var(--color-slate-400)]",
  "[--chart-grid:var(--color-slate-200)] dark:[--chart-grid:var(--color-slate-700)]",
  "[--chart-cursor:var(--color-slate-100)] dark:[--chart-cursor:var(--color-slate-800)]",
);

export type ChartColour = "green" | "sky" | "red" | "amber" | "violet";
const colourVar = (colour: ChartColour) => `var(--chart-${colour})`;

export type ChartSeries<Row> = {
  key: keyof Row & string;
  label: string;
  colour: ChartColour;
  kind: "bar" | "line";
  dashed?: boolean;
  /** a second value axis on the end side (a rate beside counts) */
  axis?: "start" | "end";
  format: (value: number) => string;
};

export type ChartCardProps<Row> = {
  title: string;
  /** the chart's message in words: totals, the peak, the trend */
  summary: string;
  rows: readonly Row[];
  /** the category of each row: a day, an operation, a key */
  category: {
    key: keyof Row & string;
    label: string;
    /** short, for the axis */
    format: (value: string) => string;
    /** in full, for the tooltip and the table (default: format) */
    formatLong?: (value: string) => string;
  };
  series: readonly ChartSeries<Row>[];
  /** bars along the categories (days), or one bar per category down the chart (operations, keys) */
  layout?: "columns" | "rows";
  height?: number;
  /** shown under the summary (a link to the full statistics) */
  footer?: ReactNode;
  className?: string;
  id?: string;
  /** the title's heading level, so the page outline stays right (default h2) */
  headingAs?: "h2" | "h3";
};

const numberOf = (row: object, key: string): number => {
  const value = (row as Record<string, unknown>)[key];
  return typeof value === "number" ? value : 0;
};
const textOf = (row: object, key: string): string => {
  const value = (row as Record<string, unknown>)[key];
  return value === null || value === undefined ? "" : String(value);
};

function Swatch({ series }: { series: { colour: ChartColour; kind: "bar" | "line"; dashed?: boolean } }) {
  return series.kind === "bar" ? (
    <span
      aria-hidden="true"
      className="inline-block size-3 rounded-sm"
      style={{ background: colourVar(series.colour) }}
    />
  ) : (
    <svg aria-hidden="true" width="16" height="12" viewBox="0 0 16 12" className="inline-block">
      <line
        x1="0"
        y1="6"
        x2="16"
        y2="6"
        stroke={colourVar(series.colour)}
        strokeWidth="2.5"
        strokeDasharray={series.dashed ? "4 3" : undefined}
      />
    </svg>
  );
}

function ChartTooltip<Row extends object>({
  active,
  payload,
  category,
  series,
}: TooltipContentProps & Pick<ChartCardProps<Row>, "category" | "series">) {
  const row: unknown = payload?.[0]?.payload;
  if (!active || typeof row !== "object" || row === null) return null;
  return (
    <div className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-md dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100">
      <p className="mb-1 font-semibold">
        {(category.formatLong ?? category.format)(textOf(row, category.key))}
      </p>
      <ul className="space-y-0.5">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-2">
            <Swatch series={s} />
            <span>{s.label}:</span>
            <span className="ms-auto ps-3 font-medium tabular-nums">{s.format(numberOf(row, s.key))}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const AXIS_TICK = { fill: "var(--chart-axis)", fontSize: 12 };

function Chart<Row extends object>({
  rows,
  category,
  series,
  layout = "columns",
  height,
}: Pick<ChartCardProps<Row>, "rows" | "category" | "series" | "layout"> & { height: number }) {
  const byRows = layout === "rows";
  // Right to left, the chart mirrors: time (and the bars of a rows chart) runs from the right, the
  // first value axis (or the categories) stands on the right and the second on the left.
  const rtl = useTextDirection() === "rtl";
  const startSide = rtl ? "right" : "left";
  const endSide = rtl ? "left" : "right";
  // SVG text anchors follow the inherited direction: right to left, the labels of an axis on the left
  // would run into the plot. So the ticks are laid out left to right, each text isolated right to left
  // to read in its order ("28 نوفمبر").
  const tick = rtl ? { ...AXIS_TICK, direction: "ltr" } : AXIS_TICK;
  const label = (text: string) => (rtl ? `\u2067${text}\u2069` : text);
  const hasEndAxis = series.some((s) => s.axis === "end");
  const firstStart = series.find((s) => s.axis !== "end");
  const firstEnd = series.find((s) => s.axis === "end");
  const categoryAxis = {
    dataKey: String(category.key),
    tick,
    tickFormatter: (value: unknown) => label(category.format(String(value))),
    stroke: "var(--chart-grid)",
  };
  return (
    <ComposedChart
      data={[...rows]}
      layout={byRows ? "vertical" : "horizontal"}
      responsive
      style={{ width: "100%", height }}
      accessibilityLayer={false}
      margin={rtl ? { top: 8, right: 0, bottom: 0, left: 8 } : { top: 8, right: 8, bottom: 0, left: 0 }}
    >
      <CartesianGrid stroke="var(--chart-grid)" vertical={byRows} horizontal={!byRows} />
      {byRows ? (
        <>
          <YAxis {...categoryAxis} type="category" width={140} interval={0} orientation={startSide} />
          <XAxis
            type="number"
            reversed={rtl}
            tick={tick}
            stroke="var(--chart-grid)"
            allowDecimals={false}
            tickFormatter={(value: number) => label(firstStart?.format(value) ?? String(value))}
          />
        </>
      ) : (
        <>
          <XAxis {...categoryAxis} minTickGap={16} reversed={rtl} />
          <YAxis
            yAxisId="start"
            orientation={startSide}
            tick={tick}
            stroke="var(--chart-grid)"
            allowDecimals={false}
            width={56}
            tickFormatter={(value: number) => label(firstStart?.format(value) ?? String(value))}
          />
          {hasEndAxis ? (
            <YAxis
              yAxisId="end"
              orientation={endSide}
              tick={tick}
              stroke="var(--chart-grid)"
              width={56}
              tickFormatter={(value: number) => label(firstEnd?.format(value) ?? String(value))}
            />
          ) : null}
        </>
      )}
      <Tooltip
        cursor={{ fill: "var(--chart-cursor)", stroke: "var(--chart-grid)" }}
        content={(props) => <ChartTooltip {...props} category={category} series={series} />}
      />
      {series.map((s) => {
        const axis = byRows ? {} : { yAxisId: s.axis ?? "start" };
        return s.kind === "bar" ? (
          <Bar
            key={s.key}
            dataKey={String(s.key)}
            name={s.label}
            fill={colourVar(s.colour)}
            radius={byRows ? (rtl ? [3, 0, 0, 3] : [0, 3, 3, 0]) : [3, 3, 0, 0]}
            maxBarSize={byRows ? 22 : 28}
            isAnimationActive={false}
            {...axis}
          />
        ) : (
          <Line
            key={s.key}
            dataKey={String(s.key)}
            name={s.label}
            type="monotone"
            stroke={colourVar(s.colour)}
            strokeWidth={2.5}
            strokeDasharray={s.dashed ? "6 4" : undefined}
            dot={rows.length <= 31 ? { r: 2.5, fill: colourVar(s.colour), strokeWidth: 0 } : false}
            activeDot={{ r: 4 }}
            isAnimationActive={false}
            {...axis}
          />
        );
      })}
    </ComposedChart>
  );
}

export function ChartCard<Row extends object>({
  title,
  summary,
  rows,
  category,
  series,
  layout = "columns",
  height = 256,
  footer,
  className,
  id,
  headingAs = "h2",
}: ChartCardProps<Row>) {
  const t = useT();
  const hydrated = useHydrated();
  const headingId = `${id ?? category.key}-chart-title`;
  return (
    <section aria-labelledby={headingId} className={className} id={id}>
      <Card className="h-full">
        <CardHeader>
          <CardTitle as={headingAs} id={headingId}>
            {title}
          </CardTitle>
          <CardDescription>{summary}</CardDescription>
        </CardHeader>
        <CardContent className={cx("space-y-3", CHART_COLOUR_VARIABLES)}>
          {/* The table below carries the same numbers for assistive technology. */}
          <div aria-hidden="true">
            <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
              {series.map((s) => (
                <li key={s.key} className="flex items-center gap-1.5">
                  <Swatch series={s} />
                  {s.label}
                </li>
              ))}
            </ul>
            <div style={{ height }} data-chart={id ?? category.key}>
              {hydrated ? (
                <Chart rows={rows} category={category} series={series} layout={layout} height={height} />
              ) : null}
            </div>
          </div>
          <details className="group text-sm">
            <summary
              className={cx(
                "w-fit cursor-pointer rounded-sm font-medium text-primary-800 underline-offset-4 hover:underline dark:text-primary-300",
                focusRing,
              )}
            >
              <span className="group-open:hidden">{t("studio.usageChart.showTable")}</span>
              <span className="hidden group-open:inline">{t("studio.usageChart.hideTable")}</span>
            </summary>
            <div className="mt-2">
              <Table caption={title} captionHidden>
                <TableHead>
                  <TableRow>
                    <TableHeaderCell>{category.label}</TableHeaderCell>
                    {series.map((s) => (
                      <TableHeaderCell key={s.key} align="end">
                        {s.label}
                      </TableHeaderCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row, index) => (
                    <TableRow key={`${textOf(row, category.key)}-${index}`}>
                      <TableCell>
                        {(category.formatLong ?? category.format)(textOf(row, category.key))}
                      </TableCell>
                      {series.map((s) => (
                        <TableCell key={s.key} align="end" numeric>
                          {s.format(numberOf(row, s.key))}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </details>
          {footer}
        </CardContent>
      </Card>
    </section>
  );
}
