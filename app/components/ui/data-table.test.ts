// The TanStack model under DataTable, built as the component builds it (useTable with
// dataTableOptions, rendered once on the server): URL state in, column and selection state out.
import {
  useTable,
  type ColumnVisibilityState,
  type ReactTable,
  type RowSelectionState,
} from "@tanstack/react-table";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { readHiddenColumns, tableUrl, TABLE_PARAMS } from "../../lib/table-url.ts";
import {
  columnDefs,
  columnSignature,
  dataTableOptions,
  hiddenKeys,
  selectedOnPage,
  selectionState,
  sortingState,
  visibilityState,
  type DataTableFeatures,
  type ModelColumn,
} from "./data-table-model.ts";
import { bulkFields } from "./data-table-selection.tsx";

type Key = { id: string; name: string; slug: string; locked?: boolean };

const columns: ModelColumn[] = [
  { key: "name", sortable: true },
  { key: "slug", sortable: true, hideable: true },
  { key: "created", sortable: true, sortKey: "createdAt", hideable: true },
  { key: "actions" },
];

const rows: Key[] = [
  { id: "k1", name: "One", slug: "one" },
  { id: "k2", name: "Two", slug: "two", locked: true },
  { id: "k3", name: "Three", slug: "three" },
];

function model(
  options: {
    sort?: string;
    hidden?: string[];
    selection?: RowSelectionState;
    canSelect?: (row: Key) => boolean;
  } = {},
) {
  const changes: { visibility: ColumnVisibilityState[]; selection: RowSelectionState[] } = {
    visibility: [],
    selection: [],
  };
  const tableOptions = dataTableOptions<Key>({
    columns,
    defs: columnDefs<Key>(columns),
    rows,
    rowKey: (row) => row.id,
    total: 57,
    page: 2,
    pageSize: 10,
    sort: options.sort ?? "-name",
    hidden: options.hidden ?? [],
    selection: options.selection ?? {},
    canSelect: options.canSelect,
    onColumnVisibilityChange: (visibility) => changes.visibility.push(visibility),
    onRowSelectionChange: (selection) => changes.selection.push(selection),
  });
  let built: ReactTable<DataTableFeatures, Key> | undefined;
  function Probe() {
    built = useTable<DataTableFeatures, Key>(tableOptions);
    return null;
  }
  renderToString(createElement(Probe));
  if (!built) throw new Error("the table was not built");
  return { table: built, changes };
}

describe("the model's sorting and paging (manual: the server did both)", () => {
  it("marks the column whose sort key is in the URL, in its direction", () => {
    expect(sortingState(columns, "-createdAt")).toEqual([{ id: "created", desc: true }]);
    expect(sortingState(columns, "slug")).toEqual([{ id: "slug", desc: false }]);
    // Not a sortable column's key (or the column's own key when it sorts by another): nothing sorted.
    expect(sortingState(columns, "created")).toEqual([]);
    expect(sortingState(columns, "actions")).toEqual([]);
    const { table } = model({ sort: "-createdAt" });
    expect(table.getColumn("created")?.getIsSorted()).toBe("desc");
    expect(table.getColumn("name")?.getIsSorted()).toBe(false);
  });

  it("keeps the rows in the server's order and counts pages from the total", () => {
    const { table } = model({ sort: "name" });
    expect(table.getRowModel().rows.map((row) => row.id)).toEqual(["k1", "k2", "k3"]);
    expect(table.getPageCount()).toBe(6);
    expect(table.getCanPreviousPage()).toBe(true);
    expect(table.getCanNextPage()).toBe(true);
  });

  it("derives the column definitions from keys and flags only", () => {
    expect(columnDefs(columns).map((def) => [def.id, def.enableSorting, def.enableHiding])).toEqual([
      ["name", true, false],
      ["slug", true, true],
      ["created", true, true],
      ["actions", false, false],
    ]);
    const renamed = columns.map((column) => ({ ...column }));
    expect(columnSignature(renamed)).toBe(columnSignature(columns));
    expect(columnSignature([...columns, { key: "extra" }])).not.toBe(columnSignature(columns));
  });
});

describe("column visibility", () => {
  it("hides the columns the URL names, and only hideable ones", () => {
    const params = new URLSearchParams("hide=slug&hide=name&hide=actions&hide=nonsense");
    const hidden = readHiddenColumns(
      params,
      columns.filter((c) => c.hideable).map((c) => c.key),
    );
    expect(hidden).toEqual(["slug"]);
    const { table } = model({ hidden });
    expect(table.getVisibleLeafColumns().map((c) => c.id)).toEqual(["name", "created", "actions"]);
    expect(
      table
        .getRowModel()
        .rows[0]?.getVisibleCells()
        .map((cell) => cell.column.id),
    ).toEqual(["name", "created", "actions"]);
    expect(
      table
        .getAllLeafColumns()
        .filter((c) => c.getCanHide())
        .map((c) => c.id),
    ).toEqual(["slug", "created"]);
  });

  it("turns a toggle into the URL's hidden keys, keeping the page", () => {
    const { table, changes } = model({ hidden: ["slug"] });
    table.getColumn("created")?.toggleVisibility(false);
    expect(changes.visibility).toHaveLength(1);
    const hidden = hiddenKeys(columns, changes.visibility[0]!);
    expect(hidden).toEqual(["slug", "created"]);
    expect(tableUrl(new URLSearchParams("sort=name&page=2&hide=slug"), { [TABLE_PARAMS.hide]: hidden })).toBe(
      "?sort=name&page=2&hide=slug&hide=created",
    );

    table.getColumn("slug")?.toggleVisibility(true);
    expect(hiddenKeys(columns, changes.visibility[1]!)).toEqual([]);
  });

  it("maps between hidden keys and TanStack's state (only an explicit false hides)", () => {
    expect(visibilityState(["slug"])).toEqual({ slug: false });
    expect(hiddenKeys(columns, { slug: true, created: false, name: false })).toEqual(["created"]);
  });
});

describe("row selection", () => {
  it("selects every selectable row of the page with the select-all box", () => {
    const { table, changes } = model({ canSelect: (row) => !row.locked });
    expect(table.getIsAllPageRowsSelected()).toBe(false);
    table.toggleAllPageRowsSelected(true);
    expect(changes.selection.at(-1)).toEqual({ k1: true, k3: true });
    expect(table.getRow("k2").getCanSelect()).toBe(false);
  });

  it("reports all, some or none selected, from the controlled state", () => {
    const some = model({ selection: selectionState(["k1"]) }).table;
    expect(some.getIsSomePageRowsSelected()).toBe(true);
    expect(some.getIsAllPageRowsSelected()).toBe(false);
    expect(some.getRow("k1").getIsSelected()).toBe(true);
    const all = model({ selection: selectionState(["k1", "k2", "k3"]) }).table;
    expect(all.getIsAllPageRowsSelected()).toBe(true);
    // Locked rows do not count towards "all".
    const allSelectable = model({
      selection: selectionState(["k1", "k3"]),
      canSelect: (row) => !row.locked,
    }).table;
    expect(allSelectable.getIsAllPageRowsSelected()).toBe(true);
  });

  it("toggles one row, and clears the page with the select-all box", () => {
    const { table, changes } = model({ selection: selectionState(["k1", "k2", "k3"]) });
    table.getRow("k2").toggleSelected(false);
    expect(changes.selection.at(-1)).toEqual({ k1: true, k3: true });
    table.toggleAllPageRowsSelected(false);
    expect(changes.selection.at(-1)).toEqual({});
  });

  it("acts only on selected rows that are still on the page", () => {
    // k9 was deleted (or filtered out) after it was selected.
    expect(selectedOnPage({ k9: true, k3: true, k1: true }, ["k1", "k2", "k3"])).toEqual(["k1", "k3"]);
  });

  it("posts the selected ids as one field by default, or the page's own fields", () => {
    const action = { key: "delete", label: "Delete", action: "/studio/keys" };
    expect(bulkFields(action, ["k1", "k3"])).toEqual({ intent: "delete", ids: "k1,k3" });
    expect(
      bulkFields({ ...action, fields: (ids) => ({ intent: "revoke", keyIds: ids.join(" ") }) }, ["k1", "k3"]),
    ).toEqual({ intent: "revoke", keyIds: "k1 k3" });
  });
});
