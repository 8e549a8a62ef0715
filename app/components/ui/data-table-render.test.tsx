// Server rendering of DataTable inside a React Router stub: the markup a browser without JavaScript gets
// (a GET form, sort and page links, filters, the empty state), hidden columns and row selection.
import { describe, expect, it } from "vitest";
import { DataTable, type DataTableColumn } from "./data-table.tsx";
import { attr, render, tag } from "./ui-test-render.tsx";

type Key = { id: string; name: string; status: string };

const columns: DataTableColumn<Key>[] = [
  { key: "name", header: "Name", cell: (row) => row.name, sortable: true },
  { key: "status", header: "Status", cell: (row) => row.status },
  {
    key: "created",
    header: "Created",
    cell: () => "today",
    sortable: true,
    sortKey: "createdAt",
    align: "end",
  },
];

const rows: Key[] = Array.from({ length: 10 }, (_, i) => ({
  id: `k${i}`,
  name: `Key ${i}`,
  status: "active",
}));

function renderTable(url: string, overrides: Partial<Parameters<typeof DataTable<Key>>[0]> = {}) {
  return render(
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      total={57}
      page={2}
      pageSize={10}
      sort="-name"
      caption="API keys"
      filters={[
        {
          name: "status",
          label: "Status",
          options: [
            { value: "active", label: "Active" },
            { value: "revoked", label: "Revoked" },
          ],
        },
      ]}
      exportHref="/studio/keys.csv"
      {...overrides}
    />,
    url,
  );
}

describe("DataTable", () => {
  const url = "/studio/keys?q=main&status=active&sort=-name&tab=mine&page=2";
  const html = renderTable(url);
  const decoded = html.replaceAll("&amp;", "&");

  it("says how many rows match, or that more match than were counted", () => {
    expect(html.replaceAll("<!-- -->", "")).toContain("Showing 11–20 of 57");
    const capped = renderTable(url, { total: 10_001, totalCapped: true }).replaceAll("<!-- -->", "");
    expect(capped).toContain("Showing 11–20 of over 10,000");
  });

  it("has a caption, column headers and the rows", () => {
    expect(html).toContain('<caption id="');
    expect(html).toMatch(/<caption[^>]*class="sr-only"[^>]*>API keys<\/caption>/);
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
    expect(html.match(/<tr class=/g)).toHaveLength(10);
  });

  it("marks the sorted column with aria-sort and links each sortable header to its next sort", () => {
    expect(tag(html, '<th scope="col" aria-sort')).toContain('aria-sort="descending"');
    expect(html.match(/aria-sort=/g)).toHaveLength(1);
    // Sorting by name again flips to ascending, back to page 1, other parameters kept.
    expect(decoded).toContain('href="/studio/keys?q=main&status=active&sort=name&tab=mine"');
    expect(decoded).toContain('href="/studio/keys?q=main&status=active&sort=createdAt&tab=mine"');
  });

  it("is a GET form that keeps the parameters it does not own", () => {
    const form = tag(html, "<form");
    expect(attr(form, "method")).toBe("get");
    expect(attr(form, "action")).toBe("/studio/keys");
    expect(attr(form, "role")).toBe("search");
    expect(html).toContain('<input type="hidden" name="sort" value="-name"/>');
    expect(html).toContain('<input type="hidden" name="tab" value="mine"/>');
    expect(html).not.toContain('type="hidden" name="page"');
    expect(html).not.toContain('type="hidden" name="q"');
    const search = tag(html, '<input[^>]*name="q"');
    expect(attr(search, "value")).toBe("main");
    expect(attr(tag(html, `<label[^>]*for="${attr(search, "id")}"`), "class")).toBe("sr-only");
  });

  it("renders filters and the page size as native selects of the same form", () => {
    expect(html).toMatch(/<option value="active" selected="">Active<\/option>/);
    const size = tag(html, '<select[^>]*name="pageSize"');
    expect(attr(size, "form")).toBe(attr(tag(html, "<form"), "id"));
    expect(html).toMatch(/<option value="10" selected="">10<\/option>/);
    expect(html).toContain(">Rows per page</label>");
  });

  it("paginates with links that keep the other parameters", () => {
    expect(html).toContain("Showing 11–20 of 57");
    expect(html).toContain("Page 2 of 6");
    expect(html).toMatch(/<nav aria-label="Pagination">/);
    expect(attr(tag(decoded, '<a rel="next"'), "href")).toBe(
      "/studio/keys?q=main&status=active&sort=-name&tab=mine&page=3",
    );
    expect(attr(tag(decoded, '<a rel="prev"'), "href")).toBe(
      "/studio/keys?q=main&status=active&sort=-name&tab=mine",
    );
    expect(decoded).toContain('href="/studio/keys?q=main&status=active&sort=-name&tab=mine&page=6"');
  });

  it("disables the links that lead nowhere on the first page", () => {
    const first = renderTable("/studio/keys", { page: 1, sort: "" });
    expect(first.match(/role="link" aria-disabled="true"/g)).toHaveLength(2);
    expect(attr(tag(first, '<a rel="next"'), "href")).toBe("/studio/keys?page=2");
  });

  it("offers the CSV export and is not busy when idle", () => {
    expect(tag(html, '<a href="/studio/keys.csv"')).toContain("download");
    expect(html).toContain("Export CSV");
    expect(html).not.toContain("aria-busy");
  });

  it("shows an empty state, with a way out when searching", () => {
    const empty = renderTable(url, { rows: [], total: 0 });
    expect(empty).toContain("Nothing matches your search or filters.");
    expect(empty.replaceAll("&amp;", "&")).toContain('href="/studio/keys?sort=-name&tab=mine"');
    expect(empty).toContain("Clear search and filters");
    expect(empty).not.toContain("Showing");

    const fresh = renderTable("/studio/keys", {
      rows: [],
      total: 0,
      emptyTitle: "No keys yet",
      emptyHint: "Create one",
    });
    expect(fresh).toContain("No keys yet");
    expect(fresh).toContain("Create one");
    expect(fresh).toMatch(/<td colSpan="3">|<td colspan="3">/);
  });

  it("counts a filter only with one of its own values: a value the loader ignores is not a filter", () => {
    const props = { rows: [], total: 0, emptyTitle: "No keys yet", emptyHint: "Create one" };
    const bogus = renderTable("/studio/keys?status=bogus", props);
    expect(bogus).toContain("No keys yet");
    expect(bogus).not.toContain("Nothing matches your search or filters.");
    expect(renderTable("/studio/keys?status=revoked", props)).toContain(
      "Nothing matches your search or filters.",
    );
  });
});

describe("DataTable column visibility", () => {
  const hideable: DataTableColumn<Key>[] = [
    { key: "name", header: "Name", cell: (row) => row.name, sortable: true },
    { key: "status", header: "Status", cell: (row) => `status-${row.status}`, hideable: true },
    {
      key: "created",
      header: <span>Created</span>,
      label: "Created on",
      cell: () => "today",
      hideable: true,
    },
  ];

  it("leaves out the columns hidden in the URL, header and cells, and keeps hide= in every link", () => {
    const html = renderTable("/studio/keys?sort=-name&hide=status&page=2", { columns: hideable });
    const decoded = html.replaceAll("&amp;", "&");
    expect(html.match(/<th scope="col"/g)).toHaveLength(2);
    expect(html).not.toContain("status-active");
    expect(html).not.toContain(">Status</th>");
    expect(html).toContain("today");
    expect(attr(tag(decoded, '<a rel="next"'), "href")).toBe("/studio/keys?sort=-name&hide=status&page=3");
    expect(html).toContain('<input type="hidden" name="hide" value="status"/>');
  });

  it("ignores hide= for a column that may not be hidden", () => {
    const html = renderTable("/studio/keys?hide=name", { columns: hideable });
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
  });

  it("offers a labelled Columns menu button (disabled until scripts run), only when a column is hideable", () => {
    const html = renderTable("/studio/keys", { columns: hideable });
    const trigger = tag(html, '<button[^>]*aria-haspopup="menu"');
    expect(trigger).toMatch(/\sdisabled=""/);
    expect(html).toMatch(/Columns<\/button>/);
    expect(renderTable("/studio/keys")).not.toContain("Columns</button>");
  });
});

describe("DataTable row selection", () => {
  const selection = {
    rowLabel: (row: Key) => row.name,
    canSelect: (row: Key) => row.id !== "k3",
    actions: [
      {
        key: "revoke",
        label: "Revoke",
        tone: "danger" as const,
        action: "/studio/keys",
        confirm: (ids: readonly string[]) => ({ title: `Revoke ${ids.length} keys?` }),
      },
      { key: "export", label: "Export selected", action: "/studio/keys" },
    ],
  };

  it("renders a labelled checkbox per row and a select-all box for the page", () => {
    const html = renderTable("/studio/keys", { selection, page: 1 });
    expect(html.match(/<th scope="col"/g)).toHaveLength(4);
    const all = tag(html, '<input[^>]*aria-label="Select all rows on this page"');
    expect(attr(all, "type")).toBe("checkbox");
    const first = tag(html, '<input[^>]*aria-label="Select Key 0"');
    expect(attr(first, "type")).toBe("checkbox");
    expect(first).not.toMatch(/\schecked=""/);
    expect(html.match(/aria-label="Select Key \d"/g)).toHaveLength(10);
    // Nothing selected: no bar, an empty live region waiting to announce the count.
    expect(html).not.toContain("Actions for the selected rows");
    expect(html).toMatch(/<p class="sr-only" aria-live="polite" aria-atomic="true"><\/p>/);
  });

  it("shows the selected rows, the count and the bulk actions for a (controlled) selection", () => {
    const html = renderTable("/studio/keys", {
      selection: { ...selection, selectedIds: ["k1", "k2", "gone"] },
      page: 1,
    });
    expect(tag(html, '<input[^>]*aria-label="Select Key 1"')).toMatch(/\schecked=""/);
    expect(tag(html, '<input[^>]*aria-label="Select Key 0"')).not.toMatch(/\schecked=""/);
    expect(html.match(/data-state="selected"/g)).toHaveLength(2);
    // The id of a row no longer on the page is not counted.
    expect(html).toContain("2 rows selected");
    const bar = tag(html, '<div role="group"');
    expect(attr(bar, "aria-label")).toBe("Actions for the selected rows");
    // The destructive action is a ConfirmDialog: its no-script form carries the ids and confirm=1.
    expect(html).toContain('<input type="hidden" name="intent" value="revoke"/>');
    expect(html).toContain('<input type="hidden" name="ids" value="k1,k2"/>');
    expect(html).toContain('<input type="hidden" name="confirm" value="1"/>');
    expect(html).toContain("Export selected");
    expect(html).toContain("Clear selection");
  });

  it("marks the select-all box checked when every selectable row of the page is selected", () => {
    const ids = rows.map((row) => row.id).filter((id) => id !== "k3");
    const html = renderTable("/studio/keys", { selection: { ...selection, selectedIds: ids }, page: 1 });
    expect(tag(html, '<input[^>]*aria-label="Select all rows on this page"')).toMatch(/\schecked=""/);
    expect(html).toContain("9 rows selected");
  });

  it("spans the empty state over the selection column too", () => {
    const html = renderTable("/studio/keys", { selection, rows: [], total: 0 });
    expect(html).toMatch(/<td colSpan="4">|<td colspan="4">/);
  });
});
