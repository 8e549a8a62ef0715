// Server rendering of the primitives inside a React Router stub: the markup a browser without
// JavaScript gets, with its labels and ARIA wiring.
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en.json" with { type: "json" };
import { I18nProvider } from "../../lib/i18n.tsx";
import { Badge } from "./badge.tsx";
import { Button } from "./button.tsx";
import { Checkbox } from "./checkbox.tsx";
import { Combobox } from "./combobox.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { DataTable, type DataTableColumn } from "./data-table.tsx";
import { RowActions } from "./dropdown-menu.tsx";
import { Field } from "./field.tsx";
import { FormError } from "./form-error.tsx";
import { Input } from "./input.tsx";
import { LinkButton } from "./link-button.tsx";
import { PageHeader } from "./page-header.tsx";
import { Select } from "./select.tsx";
import { Stat } from "./stat.tsx";
import { Textarea } from "./textarea.tsx";

function render(node: ReactNode, url = "/studio/keys"): string {
  const Stub = createRoutesStub([
    {
      path: "/studio/keys",
      Component: () => (
        <I18nProvider lang="en" messages={en}>
          {node}
        </I18nProvider>
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={[url]} />);
}

/** The opening tag of the first element matching `pattern` (e.g. `<input[^>]*name="q"`). */
function tag(html: string, pattern: string): string {
  const match = new RegExp(`${pattern}[^>]*>`).exec(html);
  if (!match) throw new Error(`no match for ${pattern} in ${html}`);
  return match[0];
}

const attr = (element: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];

describe("Button", () => {
  it("is a non-submitting button by default", () => {
    const html = render(<Button>Save</Button>);
    expect(attr(tag(html, "<button"), "type")).toBe("button");
  });

  it("passes type, name and value, and shows a pending state", () => {
    const html = render(
      <Button type="submit" name="intent" value="save" pending>
        Save
      </Button>,
    );
    const button = tag(html, "<button");
    expect(attr(button, "type")).toBe("submit");
    expect(attr(button, "name")).toBe("intent");
    expect(attr(button, "value")).toBe("save");
    expect(attr(button, "aria-busy")).toBe("true");
    expect(attr(button, "aria-disabled")).toBe("true");
    expect(button).not.toMatch(/\sdisabled=/);
    const spinner = tag(html, "<svg[^>]*lucide-loader-circle");
    expect(spinner).toContain("animate-spin");
    expect(attr(spinner, "aria-hidden")).toBe("true");
  });

  it("LinkButton is a link", () => {
    const html = render(<LinkButton to="/studio/keys/new">New key</LinkButton>);
    expect(attr(tag(html, "<a"), "href")).toBe("/studio/keys/new");
  });
});

describe("Field", () => {
  it("wires label, hint, error and required to the control", () => {
    const html = render(
      <Field label="Name" hint="Shown in the list" error="Enter a name" required>
        <Input name="name" />
      </Field>,
    );
    const input = tag(html, "<input");
    const id = attr(input, "id")!;
    expect(id).toBeTruthy();
    expect(attr(tag(html, "<label"), "for")).toBe(id);
    expect(attr(input, "aria-invalid")).toBe("true");
    expect(input).toMatch(/\srequired=""/);
    const describedBy = attr(input, "aria-describedby")!.split(" ");
    expect(describedBy).toEqual([`${id}-hint`, `${id}-error`]);
    expect(tag(html, `<p id="${id}-hint"`)).toBeTruthy();
    const error = tag(html, `<div id="${id}-error"`);
    expect(attr(error, "role")).toBe("alert");
    expect(html).toContain("Enter a name");
  });

  it("leaves aria-invalid off without an error, and keeps the control's own description", () => {
    const html = render(
      <Field label="Notes" id="notes">
        <Textarea name="notes" aria-describedby="extra" />
      </Field>,
    );
    const textarea = tag(html, "<textarea");
    expect(attr(textarea, "id")).toBe("notes");
    expect(attr(textarea, "aria-describedby")).toBe("extra");
    expect(attr(textarea, "aria-invalid")).toBeUndefined();
    expect(html).not.toContain('role="alert"');
  });

  it("works with a native select", () => {
    const html = render(
      <Field label="Kind" error={["Pick one"]}>
        <Select name="kind" placeholder="Choose…" options={[{ value: "secret", label: "Secret" }]} />
      </Field>,
    );
    const select = tag(html, "<select");
    expect(attr(select, "aria-invalid")).toBe("true");
    expect(attr(tag(html, "<label"), "for")).toBe(attr(select, "id"));
    expect(html).toMatch(/<option value="">Choose…<\/option><option value="secret">Secret<\/option>/);
  });
});

describe("Checkbox", () => {
  it("labels a native checkbox and links its hint", () => {
    const html = render(<Checkbox name="terms" value="1" label="I agree" hint="Required to continue" />);
    const box = tag(html, "<input");
    expect(attr(box, "type")).toBe("checkbox");
    expect(attr(tag(html, "<label"), "for")).toBe(attr(box, "id"));
    expect(attr(box, "aria-describedby")).toBe(`${attr(box, "id")}-hint`);
  });
});

describe("static pieces", () => {
  it("render their content", () => {
    const html = render(
      <>
        <PageHeader title="API keys" description="Keys for the API" actions={<Button>New</Button>} />
        <Badge tone="danger">Revoked</Badge>
        <Stat label="Credits" value="1,200" hint="Low balance" tone="warning" />
        <FormError title="Could not save">Try again</FormError>
        <FormError>{null}</FormError>
      </>,
    );
    expect(html).toMatch(/<h1[^>]*>API keys<\/h1>/);
    expect(html).toContain("Revoked");
    expect(html).toMatch(/<dt[^>]*>.*Credits<\/dt><dd[^>]*>1,200<\/dd><dd[^>]*>Low balance<\/dd>/);
    expect(html.match(/role="alert"/g)).toHaveLength(1);
  });
});

describe("RowActions", () => {
  it("has a labelled menu trigger", () => {
    const html = render(
      <RowActions label="Main site">
        <span />
      </RowActions>,
    );
    const trigger = tag(html, "<button");
    expect(attr(trigger, "aria-haspopup")).toBe("menu");
    expect(html).toContain('<span class="sr-only">Actions for Main site</span>');
  });
});

describe("ConfirmDialog without JavaScript", () => {
  it("renders the trigger as the submit button of a POST form with the fields and confirm=1", () => {
    const html = render(
      <ConfirmDialog
        trigger="Revoke"
        title="Revoke this key?"
        action="/studio/keys"
        fields={{ intent: "revoke", id: "k1" }}
      />,
    );
    const form = tag(html, "<form");
    expect(attr(form, "method")).toBe("post");
    expect(attr(form, "action")).toBe("/studio/keys");
    expect(html).toContain('<input type="hidden" name="intent" value="revoke"/>');
    expect(html).toContain('<input type="hidden" name="id" value="k1"/>');
    expect(html).toContain('<input type="hidden" name="confirm" value="1"/>');
    const button = tag(html, "<button");
    expect(attr(button, "type")).toBe("submit");
    // No dialog promised before hydration: the button submits directly.
    expect(button).not.toContain("aria-haspopup");
    expect(html).not.toContain("Revoke this key?");
  });
});

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

describe("Combobox", () => {
  it("is a labelled combobox whose hidden field carries the chosen value", () => {
    const html = render(
      <Field label="Movie" error="Choose a movie.">
        <Combobox name="movieId" options={[]} defaultOption={{ value: "m-1", label: "Dune" }} />
      </Field>,
    );
    const box = tag(html, '<input[^>]*role="combobox"');
    expect(attr(box, "value")).toBe("Dune");
    expect(attr(box, "aria-expanded")).toBe("false");
    expect(attr(box, "aria-invalid")).toBe("true");
    expect(attr(box, "name")).toBeUndefined();
    expect(attr(tag(html, "<label"), "for")).toBe(attr(box, "id"));
    expect(attr(tag(html, '<input[^>]*type="hidden"'), "value")).toBe("m-1");
    expect(html).toContain('aria-label="Clear the choice"');
  });

  it("sends an empty value and offers no clearing before anything is chosen", () => {
    const html = render(<Combobox name="cinemaId" source="/studio/data/cinemas/options" />);
    expect(attr(tag(html, '<input[^>]*type="hidden"'), "value")).toBe("");
    expect(html).not.toContain("Clear the choice");
  });
});
