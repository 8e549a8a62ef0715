// The tools page's short tables (every table, the newest jobs: no paging) and their empty time cell.
import type { ReactNode } from "react";
import { LocalTime } from "../../../components/shell/local-time.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui/table.tsx";

export type Column<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: "start" | "end";
  className?: string;
};

/** A short, complete list (no paging: the page shows every table and the newest jobs). */
export function ListTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <Table caption={caption} captionHidden>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableHeaderCell key={column.key} align={column.align}>
              {column.header}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align} className={column.className}>
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A time, or a dash for none. */
export function Time({ iso }: { iso: string | null }) {
  return iso ? <LocalTime iso={iso} /> : <span className="text-slate-600 dark:text-slate-400">–</span>;
}
