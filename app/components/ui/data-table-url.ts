// DataTable's URL state: every bit of table state lives in the query string (app/lib/table-url.ts).
// useTableUrl reads it and builds links; useTableForm turns the toolbar's GET form into navigations.
import { useEffect, useEffectEvent, useRef, type ChangeEvent, type FormEvent, type RefObject } from "react";
import { useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { isViewOnlyChange, TABLE_PARAMS, tableUrl, type TableUrlChanges } from "../../lib/table-url.ts";
import type { DataTableFilter } from "./data-table-types.ts";

const SEARCH_DEBOUNCE_MS = 400;

/** A link target on the table's own page. */
export type To = { pathname: string; search: string };

export type TableUrl = ReturnType<typeof useTableUrl>;

/** The table's URL now, the one being loaded, and links to the next. */
export function useTableUrl() {
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();

  // A change of hidden columns only is a view change: no dimming, and the menu shows it at once.
  const pendingHere =
    navigation.state === "loading" && navigation.location.pathname === location.pathname
      ? navigation.location
      : null;
  const viewOnly =
    pendingHere !== null &&
    isViewOnlyChange(
      new URL(location.pathname + location.search, "http://table"),
      new URL(pendingHere.pathname + pendingHere.search, "http://table"),
    );
  const busy = pendingHere !== null && !viewOnly;
  const viewParams = pendingHere && viewOnly ? new URLSearchParams(pendingHere.search) : params;
  const to = (changes: TableUrlChanges): To => ({
    pathname: location.pathname,
    search: tableUrl(params, changes),
  });
  const setHidden = (keys: string[]) =>
    void navigate(
      { pathname: location.pathname, search: tableUrl(viewParams, { [TABLE_PARAMS.hide]: keys }) },
      { replace: true, preventScrollReset: true },
    );
  // The table's own selection belongs to one list: another page, sort, search or filter starts afresh.
  const selectionScope = location.pathname + tableUrl(params, { [TABLE_PARAMS.hide]: null });
  return { location, params, navigate, busy, viewParams, to, setHidden, selectionScope };
}

/** The parameters the toolbar's form owns (the others ride along as hidden fields). */
export function managedParams(filters: readonly DataTableFilter[]): Set<string> {
  return new Set<string>([
    TABLE_PARAMS.q,
    TABLE_PARAMS.page,
    TABLE_PARAMS.pageSize,
    ...filters.map((f) => f.name),
  ]);
}

/** Whether the rows are searched or filtered (the empty state then offers a way out). */
export function isFiltered(params: URLSearchParams, filters: readonly DataTableFilter[]): boolean {
  const q = params.get(TABLE_PARAMS.q) ?? "";
  // A filter counts only with one of its own values: the loaders ignore any other (`?status=bogus`).
  return q !== "" || filters.some((f) => f.options.some((option) => option.value === params.get(f.name)));
}

export type TableFormHandlers = {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A select applies at once. */
  submitNow: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** The search box applies after a pause. */
  onSearchChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

export type TableForm = TableFormHandlers & { formRef: RefObject<HTMLFormElement | null> };

/**
 * The toolbar's GET form with JavaScript: the same GET, minus empty parameters, keeping the ones the
 * form does not own; its uncontrolled controls follow the URL when a link changes it.
 */
export function useTableForm(
  url: TableUrl,
  { search, filters, pageSize }: { search: boolean; filters: readonly DataTableFilter[]; pageSize: number },
): TableForm {
  const { location, params, navigate, to } = url;
  const formRef = useRef<HTMLFormElement>(null);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const managed = managedParams(filters);

  const formChanges = (form: HTMLFormElement): TableUrlChanges => {
    const data = new FormData(form);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === "string" ? value.trim() : "";
    };
    const changes: TableUrlChanges = {};
    if (search) changes[TABLE_PARAMS.q] = text(TABLE_PARAMS.q);
    for (const filter of filters) changes[filter.name] = text(filter.name);
    const size = text(TABLE_PARAMS.pageSize);
    // Keep the URL clean: the page size the loader chose by itself stays implicit.
    changes[TABLE_PARAMS.pageSize] =
      size === String(pageSize) && !params.has(TABLE_PARAMS.pageSize) ? null : size;
    return changes;
  };

  const apply = (form: HTMLFormElement, replace: boolean) => {
    clearTimeout(searchTimer.current);
    void navigate(to(formChanges(form)), { replace, preventScrollReset: true });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget, false);
  };

  const submitNow = (event: ChangeEvent<HTMLSelectElement>) => {
    const form = event.currentTarget.form;
    if (form) apply(form, false);
  };

  const onSearchChange = (event: ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => {
      if (form) apply(form, true);
    }, SEARCH_DEBOUNCE_MS);
  };

  useEffect(() => {
    const timer = searchTimer;
    return () => clearTimeout(timer.current);
  }, []);

  // The controls are uncontrolled (so they work before hydration): when the URL changes by a link
  // (clear filters, back button), bring them in line, except the one the user is in.
  const syncControls = useEffectEvent((query: string) => {
    const current = new URLSearchParams(query);
    const controls = formRef.current?.elements;
    if (!controls) return;
    for (const element of Array.from(controls)) {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement)) continue;
      if (element.type === "hidden" || element === document.activeElement || !managed.has(element.name))
        continue;
      element.value =
        element.name === TABLE_PARAMS.pageSize ? String(pageSize) : (current.get(element.name) ?? "");
    }
  });
  useEffect(() => syncControls(location.search), [location.search]);

  return { formRef, onSubmit, submitNow, onSearchChange };
}
