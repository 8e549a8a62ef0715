// The widget guide's building blocks: a section card, a reference table, a code block, inline code
// and a default value with its colour swatch.
import { useId, type ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { cx } from "../ui/cx.ts";
import { ScrollRegion } from "../ui/scroll-region.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../ui/table.tsx";

export const muted = "text-slate-600 dark:text-slate-400";

/** A block of code, scrollable sideways (by keyboard too) when it is wider than the card. */
export function CodeBlock({
  code,
  label,
  testId,
  wrap = false,
}: {
  code: string;
  label: string;
  testId?: string;
  /** wrap long lines instead of scrolling sideways (a snippet to read whole) */
  wrap?: boolean;
}) {
  const id = useId();
  return (
    <figure className="min-w-0">
      <figcaption id={id} className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </figcaption>
      <ScrollRegion
        labelledBy={id}
        className="rounded-md border border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-950"
      >
        <pre
          className={cx(
            "p-3 font-mono text-xs leading-relaxed text-slate-900 dark:text-slate-100",
            wrap && "break-all whitespace-pre-wrap",
          )}
        >
          <code data-testid={testId}>{code}</code>
        </pre>
      </ScrollRegion>
    </figure>
  );
}

/** Inline code; kept on one line unless `wrap` (a sentence of a warning, a long value). */
export function Code({ children, wrap = false }: { children: ReactNode; wrap?: boolean }) {
  return (
    <code
      className={cx(
        "rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.8125rem] text-slate-900 dark:bg-slate-800 dark:text-slate-100",
        wrap ? "break-words" : "whitespace-nowrap",
      )}
    >
      {children}
    </code>
  );
}

export function GuideSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6">
      <Card>
        <CardHeader>
          <CardTitle id={`${id}-heading`}>{title}</CardTitle>
          {intro ? <CardDescription className="max-w-3xl">{intro}</CardDescription> : null}
        </CardHeader>
        <CardContent className="space-y-5">{children}</CardContent>
      </Card>
    </section>
  );
}

export type ReferenceColumn<Row> = {
  header: string;
  /** the cells' class (a minimum width) */
  className?: string;
  cell: (row: Row) => ReactNode;
};

/** A reference table (its caption for screen readers only): a row a thing, its rows aligned to the top. */
export function ReferenceTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly ReferenceColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <Table caption={caption} captionHidden>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableHeaderCell key={column.header}>{column.header}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} className="align-top">
            {columns.map((column) => (
              <TableCell key={column.header} className={column.className}>
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A default value, with a swatch when it is a colour. */
export function DefaultValue({ value }: { value: string }) {
  const colour = /^#[0-9a-f]{3,8}$/i.test(value);
  return (
    <span className="inline-flex items-center gap-1.5">
      {colour ? (
        <span
          aria-hidden="true"
          className="inline-block size-3.5 shrink-0 rounded-sm border border-slate-400"
          style={{ backgroundColor: value }}
        />
      ) : null}
      <Code wrap={value.length > 12}>{value}</Code>
    </span>
  );
}
