// One page of a list: the API's `{ data, pagination: { next_cursor } }`. Queries fetch one row more than
// the page size; when it is there, the last row shown gives the cursor of the next page.
import type { ApiOperationId } from "./operations.ts";
import { type CursorKey, encodeCursor } from "./cursor.ts";

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export type Pagination = {
  /** pass as `cursor` for the next page; null on the last page */
  next_cursor: string | null;
};

export type Page<Item> = { data: Item[]; pagination: Pagination };

export function toPage<Row, Item>(input: {
  rows: Row[];
  limit: number;
  operation: ApiOperationId;
  fingerprint: string;
  keyOf: (row: Row) => CursorKey;
  toItem: (row: Row) => Item;
}): Page<Item> {
  const { rows, limit } = input;
  const shown = rows.length > limit ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  const more = rows.length > limit && last !== undefined;
  return {
    data: shown.map(input.toItem),
    pagination: {
      next_cursor: more ? encodeCursor(input.operation, input.fingerprint, input.keyOf(last)) : null,
    },
  };
}

/** The page size asked for, within 1…MAX_PAGE_SIZE (the API's schema refuses others before this). */
export function pageSize(limit: number | undefined): number {
  if (limit === undefined || !Number.isInteger(limit)) return DEFAULT_PAGE_SIZE;
  return Math.min(Math.max(limit, 1), MAX_PAGE_SIZE);
}
