// The frame every studio list page shares — header, table, row actions, form and confirm dialogs — so a
// page says only what is its own (columns, filters, forms, texts). Usage:
//
//   const next = useAttempts();                       // one counter per page: each opening, a fresh form
//   const editor = useEditDialog<FormValues>(next);   // editor.open(values), editor.close, editor.editing
//   const deleting = useRowDialog<Row>();             // deleting.open(row), deleting.row, {...deleting.dialog}
//   const newButton = <NewButton onClick={() => editor.open(EMPTY)}>{t("….new")}</NewButton>;
//   <ListPage messages="studio.things" actions={newButton}>   // "….title", "….description"
//     <ListTable data={loaderData} columns={columns} filters={…} emptyAction={newButton} csv
//       rowActions={(row) => (                        // a last column headed "….col.actions"
//         <RowActions label={row.name}>
//           <RowAction icon={Pencil} onSelect={() => editor.open(valuesOf(row))}>{t("….edit")}</RowAction>
//         </RowActions>
//       )} />                                         // "….caption", "….searchPlaceholder", "….empty(Hint)"
//     <EditDialog dialog={editor} title={…} description={…}>
//       {({ values, attempt }) => <XForm fetcherKey={`x-${attempt}`} defaults={values}
//          onSaved={editor.close} secondary={<CancelButton>{t("….cancel")}</CancelButton>} />}
//     </EditDialog>
//     <ConfirmDialog {...deleting.dialog} title={…} action={PATH} fields={…} />
//   </ListPage>
//
// A text given as a prop wins over the prefix's. The server side (CSV middleware, paged loader data,
// CSV export, intent dispatch) is in app/lib/list-route.server.ts.
import { Plus, type LucideIcon } from "lucide-react";
import { createContext, useContext, useRef, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../ui/button.tsx";
import { DataTable, type DataTableColumn, type DataTableProps } from "../ui/data-table.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../ui/dialog.tsx";
import { DropdownMenuItem, type DropdownMenuItemProps } from "../ui/dropdown-menu.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { useT, type MessageKey } from "../../lib/i18n.tsx";

export type { DataTableColumn } from "../ui/data-table.tsx";
export { DropdownMenuSeparator as RowActionsSeparator, RowActions } from "../ui/dropdown-menu.tsx";
export { ConfirmDialog } from "../ui/confirm-dialog.tsx";

// ---- page and table ---------------------------------------------------------------------------------

type ListText = "title" | "description" | "caption" | "empty" | "emptyHint";
/** Texts a list page has when it uses them: a search box, row menus. */
type OptionalText = "searchPlaceholder" | "col.actions";

/**
 * The message prefix of a list page ("studio.attributes") under which it keeps its standard texts:
 * `.title` and `.description` (the header), `.caption`, `.empty` and `.emptyHint` (the table).
 */
export type ListMessages = {
  [K in MessageKey]: K extends `${infer P}.caption`
    ? `${P}.${ListText}` extends MessageKey
      ? P
      : never
    : never;
}[MessageKey];

const MessagesContext = createContext<ListMessages | null>(null);

/** The page's standard text (`undefined` on a page without `messages`). */
function useStandardText() {
  const t = useT();
  const messages = useContext(MessagesContext);
  return (text: ListText | OptionalText) =>
    messages === null ? undefined : t(`${messages}.${text}` as MessageKey);
}

/**
 * The page: its header (title, description, the header's buttons), then the table, filters and dialogs.
 * With `messages`, the header and the ListTable inside take their standard texts from that prefix;
 * a text given as a prop wins.
 */
export function ListPage({
  messages,
  children,
  ...header
}: {
  messages?: ListMessages;
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <MessagesContext.Provider value={messages ?? null}>
      <div>
        <ListHeader {...header} />
        {children}
      </div>
    </MessagesContext.Provider>
  );
}

function ListHeader({
  title,
  description,
  actions,
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const standard = useStandardText();
  return (
    <PageHeader
      title={title ?? standard("title")}
      description={description ?? standard("description")}
      actions={actions}
    />
  );
}

/** The header's (and the empty table's) button that opens the form for a new row. */
export function NewButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      {children}
    </Button>
  );
}

/** What a list loader answers about the page it read (see listData in app/lib/list-route.server.ts). */
export type ListData<Row> = {
  rows: readonly Row[];
  total: number;
  page: number;
  pageSize: number;
  sort?: string;
  totalCapped?: boolean;
};

type ListTableProps<Row> = Omit<
  DataTableProps<Row>,
  "rows" | "total" | "totalCapped" | "page" | "pageSize" | "sort" | "rowKey" | "exportHref" | "caption"
> & {
  /** The page's `.caption` by default. */
  caption?: string;
  /** The row's "…" menu (RowActions), in a last column headed by the page's `.col.actions`. */
  rowActions?: (row: Row) => ReactNode;
  data: ListData<Row>;
  /** The row's key; its `id` by default. */
  rowKey?: (row: Row) => string;
  /** Offer the CSV export of what the table lists (the route answers `?format=csv`). */
  csv?: boolean;
};

const rowId = (row: unknown) => (row as { id: string }).id;

/** The list's own query string without paging (an export has every row that matches). */
export function exportHref(search: URLSearchParams): string {
  const params = new URLSearchParams(search);
  for (const name of ["page", "pageSize", "format"]) params.delete(name);
  params.set("format", "csv");
  return `?${params.toString()}`;
}

/** The DataTable of a list page, fed from the loader's page data, with the CSV export of the current query. */
export function ListTable<Row extends object>({
  data,
  rowKey,
  csv = false,
  caption,
  emptyTitle,
  emptyHint,
  rowActions,
  columns,
  ...props
}: ListTableProps<Row>) {
  const [params] = useSearchParams();
  const standard = useStandardText();
  return (
    <DataTable
      {...props}
      columns={rowActions ? [...columns, actionsColumn(standard("col.actions") ?? "", rowActions)] : columns}
      caption={caption ?? standard("caption") ?? ""}
      // Only a page with a search box has a `.searchPlaceholder`.
      searchPlaceholder={
        props.searchPlaceholder ?? (props.search === false ? undefined : standard("searchPlaceholder"))
      }
      emptyTitle={emptyTitle ?? standard("empty")}
      emptyHint={emptyHint ?? standard("emptyHint")}
      rows={data.rows}
      rowKey={rowKey ?? rowId}
      total={data.total}
      totalCapped={data.totalCapped}
      page={data.page}
      pageSize={data.pageSize}
      sort={data.sort}
      exportHref={csv ? exportHref(params) : undefined}
    />
  );
}

// ---- row actions ------------------------------------------------------------------------------------

/** The table's last column: the row's "…" menu, under a heading only screen readers read. */
export function actionsColumn<Row>(label: string, cell: (row: Row) => ReactNode): DataTableColumn<Row> {
  return { key: "actions", header: <span className="sr-only">{label}</span>, align: "end", cell };
}

/** One item of a row's "…" menu: an icon and its label. */
export function RowAction({
  icon: Icon,
  children,
  ...props
}: Omit<DropdownMenuItemProps, "children"> & { icon: LucideIcon; children: ReactNode }) {
  return (
    <DropdownMenuItem {...props}>
      <Icon aria-hidden="true" />
      {children}
    </DropdownMenuItem>
  );
}

// ---- dialogs ----------------------------------------------------------------------------------------

/**
 * A page's count of dialog openings: each opening's number keys its form (`fetcherKey`), so a form
 * opened again starts afresh. One counter serves all of a page's dialogs.
 */
export function useAttempts(): () => number {
  const count = useRef(0);
  return () => ++count.current;
}

export type Editing<Values> = { values: Values; attempt: number };
export type EditDialogState<Values> = {
  editing: Editing<Values> | null;
  open: (values: Values) => void;
  close: () => void;
};

/** The state of a form dialog: closed, or open with its form's values and the opening's number. */
export function useEditDialog<Values = void>(next: () => number): EditDialogState<Values> {
  const [editing, setEditing] = useState<Editing<Values> | null>(null);
  return {
    editing,
    open: (values: Values) => setEditing({ values, attempt: next() }),
    close: () => setEditing(null),
  };
}

export type RowDialogState<Row> = {
  row: Row | null;
  open: (row: Row) => void;
  close: () => void;
  /** The dialog's `open` and `onOpenChange`. */
  dialog: { open: boolean; onOpenChange: (isOpen: boolean) => void };
};

/** The state of a dialog about one row (a confirmation): `dialog` is its open/onOpenChange props. */
export function useRowDialog<Row>(): RowDialogState<Row> {
  const [row, setRow] = useState<Row | null>(null);
  return {
    row,
    open: (next: Row) => setRow(next),
    close: () => setRow(null),
    dialog: {
      open: row !== null,
      onOpenChange: (isOpen: boolean) => {
        if (!isOpen) setRow(null);
      },
    },
  };
}

type FormDialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** The dialog's width ("sm:max-w-2xl"). */
  className?: string;
  /** "alertdialog" for a form that destroys. */
  role?: "alertdialog";
  children: ReactNode;
};

/** A dialog holding a form: title, description, then the form (rendered only while open). */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  className,
  role,
  children,
}: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => (isOpen ? null : onClose())}>
      <DialogContent className={className} {...(role ? { role } : {})}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? children : null}
      </DialogContent>
    </Dialog>
  );
}

/** A FormDialog driven by useEditDialog: `children` renders the form from the opening's values. */
export function EditDialog<Values>({
  dialog,
  children,
  ...props
}: Omit<FormDialogProps, "open" | "onClose" | "children"> & {
  dialog: EditDialogState<Values>;
  children: (editing: Editing<Values>) => ReactNode;
}) {
  return (
    <FormDialog {...props} open={dialog.editing !== null} onClose={dialog.close}>
      {dialog.editing ? children(dialog.editing) : null}
    </FormDialog>
  );
}

/** A form's way out of its dialog (its `secondary` button). */
export function CancelButton({ children }: { children: ReactNode }) {
  return (
    <DialogClose asChild>
      <Button variant="outline">{children}</Button>
    </DialogClose>
  );
}
