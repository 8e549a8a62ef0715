// The server side every studio list page shares (the browser side is app/components/studio/list-page.tsx):
// the CSV middleware, the URL read into a core listing's input, the paged part of the loader's answer, the
// CSV download of every matching row, a list page declared once from these (listRoute), and an action
// answering each form intent with runForm.
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { CsvValue } from "../../core/shared/csv.ts";
import type { MessageKey } from "../../core/i18n/message-ref.ts";
import type { AppServices } from "../../core/services.ts";
import type { Page } from "../../core/shared/page.ts";
import { allRows, csvResponse, wantsCsv } from "./csv.server.ts";
import { readIntent, runForm, succeed, successToast, unknownIntent } from "./form-action.server.ts";
import { interfaceText, studioRequest } from "./studio-request.server.ts";
import type { StudioSession } from "./studio-session.server.ts";
import { readPageClamped } from "./table-query.server.ts";
import { readTableParams } from "./table-url.ts";

type Context = Readonly<RouterContextProvider>;
type Actor = StudioSession["actor"];
/** A page's rows from 1, `pageSize` a page. */
type ReadPage<Row> = (page: number, pageSize: number) => Promise<Page<Row>>;

/** The route's middleware: `?format=csv` on the page's URL answers with `csv` instead of the page. */
export function csvMiddleware(csv: (request: Request, context: Context) => Promise<Response>) {
  return [
    ({ request, context }: { request: Request; context: Context }, next: () => Promise<Response>) =>
      wantsCsv(request) ? csv(request, context) : next(),
  ];
}

/** The keys a listing sorts by, from its sorts ("name" and "-name" → "name"). */
const sortKeysOf = (sorts: readonly string[]) => [...new Set(sorts.map((s) => s.replace(/^-/, "")))];

/**
 * The table's parameters (app/lib/table-url.ts) and the core listing's input: the search, the sort (an
 * unknown one falls back to `defaultSort`) and the page's own filters, read from the URL by `filters`.
 */
export function readListQuery<Sort extends string, Filters extends object>(
  url: URL,
  sorts: readonly Sort[],
  defaultSort: NoInfer<Sort>,
  filters: (params: URLSearchParams) => Filters,
) {
  const table = readTableParams(url.searchParams, { sortKeys: sortKeysOf(sorts), defaultSort });
  return {
    table,
    input: { search: table.q || undefined, ...filters(url.searchParams), sort: table.sort as Sort },
  };
}

/**
 * The asked page of a list (the last one when asked past its end) as the table takes it: rows, total,
 * page, page size and the sort the loader applied.
 */
export async function loadListPage<Row>(
  read: ReadPage<Row>,
  table: { page: number; pageSize: number; sort: string },
) {
  const page = await readPageClamped((n) => read(n, table.pageSize), table.page);
  return { rows: page.rows, total: page.total, page: page.page, pageSize: page.pageSize, sort: table.sort };
}

/** The fields a CSV column may name alone: those with a header of their own, `csv.column.<field>`. */
type CsvHeaderField = MessageKey extends infer Key
  ? Key extends `csv.column.${infer Field}`
    ? Field
    : never
  : never;

/**
 * A CSV column. A field alone is written as it is under its header `csv.column.<field>`; otherwise a
 * header (a message key: the table's column header or `csv.column.*`) with the field written as it is,
 * or with the value worked out from the row.
 */
export type CsvColumn<Row> =
  (keyof Row & CsvHeaderField) | readonly [MessageKey, (keyof Row & string) | ((row: Row) => CsvValue)];

const csvHeader = <Row>(column: CsvColumn<Row>): MessageKey =>
  typeof column === "string" ? `csv.column.${column}` : column[0];

function csvValue<Row>(column: CsvColumn<Row>, row: Row): CsvValue {
  if (typeof column === "string") return row[column];
  const [, value] = column;
  return typeof value === "function" ? value(row) : row[value];
}

/** A list's CSV download: every row its query matches, one line each. */
export type CsvSpec<Row> = {
  /** The file's name before its date ("cinemas"). */
  name: string;
  columns: readonly CsvColumn<Row>[];
} & (
  | { read: ReadPage<Row> }
  /** Rows read otherwise (at most EXPORT_ROW_LIMIT). */
  | { rows: readonly Row[] }
);

export async function listCsv<Row>(request: Request, services: AppServices, spec: CsvSpec<Row>) {
  const rows = "rows" in spec ? spec.rows : await allRows(spec.read);
  return csvResponse(
    spec.name,
    spec.columns.map(csvHeader),
    rows.map((row) => spec.columns.map((column) => csvValue(column, row))),
    services.now(),
    interfaceText(request, services),
  );
}

/** What a core listing is asked: the search, the sort, the page's filters and the page. */
type ListInput<Sort, Filters> = {
  search: string | undefined;
  sort: Sort;
  page: number;
  pageSize: number;
} & Filters;

/**
 * A list page's server side, declared once: its sorts (and default), its filters read from the URL, the
 * core listing, and its CSV. `load` answers the table's page (loadListPage), `csv` the download
 * (listCsv), `query` the URL read for a loader that needs more.
 */
export function listRoute<Sort extends string, Filters extends object, Row>(spec: {
  sorts: readonly Sort[];
  defaultSort: NoInfer<Sort>;
  filters: (params: URLSearchParams, services: AppServices) => Filters;
  list: (services: AppServices, actor: Actor, input: NoInfer<ListInput<Sort, Filters>>) => Promise<Page<Row>>;
  csv: { name: string; columns: readonly CsvColumn<Row>[] };
}) {
  const query = (request: Request, services: AppServices) =>
    readListQuery(new URL(request.url), spec.sorts, spec.defaultSort, (params) =>
      spec.filters(params, services),
    );
  return {
    query,
    async load(request: Request, context: Context) {
      const { services, actor } = studioActor(context);
      const { table, input } = query(request, services);
      return loadListPage(
        (page, pageSize) => spec.list(services, actor, { ...input, page, pageSize }),
        table,
      );
    },
    async csv(request: Request, context: Context) {
      const { services, actor } = studioActor(context);
      const { input } = query(request, services);
      return listCsv(request, services, {
        ...spec.csv,
        read: (page, pageSize) => spec.list(services, actor, { ...input, page, pageSize }),
      });
    },
  };
}

type ReplyOptions<Payload> = NonNullable<Parameters<typeof succeed<Payload>>[2]>;

/** One intent of a page's action: its form is parsed with its schema and answered by runForm. */
export type FormIntent = (
  intent: string,
  form: FormData,
  services: AppServices,
  actor: Actor,
) => Promise<unknown>;

/**
 * An intent run by runForm: parse with `schema`, run `operation(services, actor, value)`, answer with
 * what `onSuccess` adds (a toast, a payload); an AppError is a refusal (with a toast if `toastOnError`).
 */
export function formIntent<Schema extends z.ZodType, Output, Payload = undefined>(
  schema: Schema,
  operation: (services: AppServices, actor: Actor, value: z.output<Schema>) => Promise<Output>,
  onSuccess?: (output: Output) => ReplyOptions<Payload>,
  options?: { toastOnError?: boolean },
): FormIntent {
  return (intent, form, services, actor) =>
    runForm(intent, form, schema, (value) => operation(services, actor, value), onSuccess, options);
}

/** The success of an operation on a thing with a name: the toast `key`, told that name. */
export const namedToast = (key: MessageKey) => (saved: { name: string }) =>
  successToast(key, { name: saved.name });

/** Answers the form's intent with its entry of `intents`; a form naming none is answered "unknown". */
export async function runIntent(
  form: FormData,
  intents: Readonly<Record<string, FormIntent>>,
  services: AppServices,
  actor: Actor,
) {
  const intent = readIntent(form, Object.keys(intents));
  return intent ? intents[intent]!(intent, form, services, actor) : unknownIntent();
}

/** The request's services and actor (the studio's guard has let a signed-in user through). */
export function studioActor(context: Context) {
  const { services, session } = studioRequest(context);
  return { services, actor: session.actor };
}
