// DataTable's toolbar: the search box and filters (a GET form that works without JavaScript) and,
// beside it, the "Columns" menu, the CSV export and the page's own actions.
import { Download, Search } from "lucide-react";
import type { ChangeEvent, ReactNode, RefObject } from "react";
import { Form } from "react-router";
import { useT } from "../../lib/i18n.tsx";
import { SEARCH_MAX_LENGTH, TABLE_PARAMS } from "../../lib/table-url.ts";
import { Button, buttonClasses } from "./button.tsx";
import { ColumnsMenu, type ColumnToggle } from "./data-table-columns-menu.tsx";
import type { DataTableFilter } from "./data-table-types.ts";
import { managedParams, type TableFormHandlers } from "./data-table-url.ts";
import { Input } from "./input.tsx";
import { Select } from "./select.tsx";

export function DataTableToolbar({
  formId,
  formRef,
  form,
  pathname,
  params,
  search,
  searchPlaceholder,
  filters,
  columnToggles,
  hydrated,
  exportHref,
  actions,
}: {
  formId: string;
  formRef: RefObject<HTMLFormElement | null>;
  form: TableFormHandlers;
  pathname: string;
  params: URLSearchParams;
  search: boolean;
  searchPlaceholder: string | undefined;
  filters: readonly DataTableFilter[];
  /** The columns the "Columns" menu lists (none: no menu). */
  columnToggles: readonly ColumnToggle[];
  hydrated: boolean;
  exportHref: string | undefined;
  actions: ReactNode;
}) {
  const t = useT();
  const managed = managedParams(filters);
  const preserved = [...params.entries()].filter(([name]) => !managed.has(name));
  const columnsMenu = columnToggles.length > 0;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <Form
        ref={formRef}
        id={formId}
        method="get"
        action={pathname}
        onSubmit={form.onSubmit}
        role="search"
        aria-label={t("ui.table.toolbar")}
        className="flex flex-1 flex-wrap items-end gap-3"
      >
        {preserved.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        {search ? (
          <SearchBox
            id={`${formId}-q`}
            defaultValue={params.get(TABLE_PARAMS.q) ?? ""}
            placeholder={searchPlaceholder}
            onChange={form.onSearchChange}
          />
        ) : null}
        {filters.map((filter) => (
          <FilterSelect
            key={filter.name}
            id={`${formId}-${filter.name}`}
            filter={filter}
            defaultValue={params.get(filter.name) ?? ""}
            onChange={form.submitNow}
          />
        ))}
        <Button type="submit" variant="secondary">
          {t("ui.table.apply")}
        </Button>
      </Form>
      {actions || exportHref || columnsMenu ? (
        <div className="flex flex-wrap items-center gap-2">
          {columnsMenu ? <ColumnsMenu disabled={!hydrated} columns={columnToggles} /> : null}
          {exportHref ? (
            <a href={exportHref} download className={buttonClasses({ variant: "outline" })}>
              <Download aria-hidden="true" />
              {t("ui.table.export")}
            </a>
          ) : null}
          {actions}
        </div>
      ) : null}
    </div>
  );
}

function SearchBox({
  id,
  defaultValue,
  placeholder,
  onChange,
}: {
  id: string;
  defaultValue: string;
  placeholder: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const t = useT();
  return (
    <div className="relative max-w-sm min-w-64 flex-1">
      <label htmlFor={id} className="sr-only">
        {t("ui.table.search")}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
      />
      <Input
        id={id}
        type="search"
        name={TABLE_PARAMS.q}
        defaultValue={defaultValue}
        placeholder={placeholder ?? t("ui.table.searchPlaceholder")}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        onChange={onChange}
        className="ps-9"
      />
    </div>
  );
}

function FilterSelect({
  id,
  filter,
  defaultValue,
  onChange,
}: {
  id: string;
  filter: DataTableFilter;
  defaultValue: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600 dark:text-slate-400">
        {filter.label}
      </label>
      <Select
        id={id}
        name={filter.name}
        defaultValue={defaultValue}
        placeholder={filter.allLabel ?? t("ui.table.all")}
        options={filter.options}
        onChange={onChange}
        className="min-w-36"
      />
    </div>
  );
}
