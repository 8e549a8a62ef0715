// The server side every studio list page shares (the browser side is app/components/studio/list-page.tsx):
// the CSV middleware, the paged part of the loader's answer, the CSV download of every matching row, and
// an action answering each form intent with runForm.
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { CsvValue } from "../../core/shared/csv.ts";
import type { MessageKey } from "../../core/i18n/message-ref.ts";
import type { AppServices } from "../../core/services.ts";
import type { Page } from "../../core/shared/page.ts";
import { allRows, csvResponse, wantsCsv } from "./csv.server.ts";
import { readIntent, runForm, succeed, unknownIntent } from "./form-action.server.ts";
import { interfaceText, studioRequest } from "./studio-request.server.ts";
import type { StudioSession } from "./studio-session.server.ts";
import { readPageClamped } from "./table-query.server.ts";

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

/** A CSV column: its header (a message key: the table's column header or `csv.column.*`) and its value. */
export type CsvColumn<Row> = readonly [MessageKey, (row: Row) => CsvValue];

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
    spec.columns.map(([header]) => header),
    rows.map((row) => spec.columns.map(([, value]) => value(row))),
    services.now(),
    interfaceText(request, services),
  );
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
