// DataTable's paging: the "past the last page" notice, the count of rows shown, the page size and
// the links to the first, previous, next and last pages.
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
import type { ChangeEvent, ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "../../lib/i18n.tsx";
import { TABLE_PARAMS, type TableUrlChanges } from "../../lib/table-url.ts";
import { Button, buttonClasses } from "./button.tsx";
import { cx } from "./cx.ts";
import type { To } from "./data-table-url.ts";
import { Select } from "./select.tsx";

/** Past the last page the loader shows the last one (readPageClamped): say so instead of pretending. */
export function PastEndNotice({ params, page }: { params: URLSearchParams; page: number }) {
  const t = useT();
  const askedPage = Number(params.get(TABLE_PARAMS.page));
  const pastEnd = Number.isSafeInteger(askedPage) && askedPage > page ? askedPage : null;
  return pastEnd === null ? null : (
    <p
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {t("ui.pagination.pastEnd", { asked: pastEnd, page })}
    </p>
  );
}

/** Below the table: which rows are shown, the page size (a select of the toolbar's form) and the pages. */
export function DataTablePagination({
  formId,
  total,
  totalCapped,
  page,
  pages,
  pageSize,
  pageSizes,
  hydrated,
  to,
  onSizeChange,
}: {
  formId: string;
  total: number;
  totalCapped: boolean;
  page: number;
  pages: number;
  pageSize: number;
  pageSizes: readonly number[];
  hydrated: boolean;
  to: (changes: TableUrlChanges) => To;
  onSizeChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const t = useT();
  const from = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  const until = Math.min(page * pageSize, total);
  const sizes = pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b);
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 text-sm text-slate-600 dark:text-slate-400">
      <p aria-live="polite" aria-atomic="true">
        {total === 0
          ? null
          : totalCapped
            ? t("ui.pagination.summaryCapped", { from, to: until, total: total - 1 })
            : t("ui.pagination.summary", { from, to: until, total })}
      </p>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="flex items-center gap-2">
          <label htmlFor={`${formId}-size`}>{t("ui.table.pageSize")}</label>
          <Select
            id={`${formId}-size`}
            form={formId}
            name={TABLE_PARAMS.pageSize}
            defaultValue={String(pageSize)}
            options={sizes.map((size) => ({ value: String(size), label: String(size) }))}
            onChange={onSizeChange}
            className="w-20"
          />
          {hydrated ? null : (
            // Without JavaScript a select cannot apply itself.
            <Button type="submit" form={formId} variant="outline" size="sm">
              {t("ui.table.apply")}
            </Button>
          )}
        </div>
        <PageNav page={page} pages={pages} to={to} />
      </div>
    </div>
  );
}

function PageNav({ page, pages, to }: { page: number; pages: number; to: (changes: TableUrlChanges) => To }) {
  const t = useT();
  return (
    <nav aria-label={t("ui.pagination.label")}>
      <ul className="flex flex-wrap items-center gap-1">
        <PageLink to={page > 1 ? to({ page: 1 }) : null} label={t("ui.pagination.first")} iconOnly>
          <ChevronsLeft aria-hidden="true" className="rtl:-scale-x-100" />
        </PageLink>
        <PageLink
          to={page > 1 ? to({ page: Math.min(page - 1, pages) }) : null}
          label={t("ui.pagination.previous")}
          rel="prev"
        >
          <ChevronLeft aria-hidden="true" className="rtl:-scale-x-100" />
        </PageLink>
        <li className="px-2 whitespace-nowrap tabular-nums">{t("ui.pagination.page", { page, pages })}</li>
        <PageLink
          to={page < pages ? to({ page: page + 1 }) : null}
          label={t("ui.pagination.next")}
          rel="next"
          iconAfter
        >
          <ChevronRight aria-hidden="true" className="rtl:-scale-x-100" />
        </PageLink>
        <PageLink to={page < pages ? to({ page: pages }) : null} label={t("ui.pagination.last")} iconOnly>
          <ChevronsRight aria-hidden="true" className="rtl:-scale-x-100" />
        </PageLink>
      </ul>
    </nav>
  );
}

function PageLink({
  to,
  label,
  rel,
  iconOnly = false,
  iconAfter = false,
  children,
}: {
  to: To | null;
  label: string;
  rel?: "prev" | "next";
  iconOnly?: boolean;
  iconAfter?: boolean;
  children: ReactNode;
}) {
  const content = iconOnly ? (
    <>
      {children}
      <span className="sr-only">{label}</span>
    </>
  ) : iconAfter ? (
    <>
      {/* On a phone the arrows alone: "Previous" and "Next" in long languages would not fit beside the page. */}
      <span className="max-sm:sr-only">{label}</span>
      {children}
    </>
  ) : (
    <>
      {children}
      <span className="max-sm:sr-only">{label}</span>
    </>
  );
  const classes = buttonClasses({
    variant: "ghost",
    size: iconOnly ? "icon" : "sm",
    className: iconOnly ? "size-8" : "px-2",
  });
  return (
    <li>
      {to ? (
        <Link to={to} rel={rel} className={classes}>
          {content}
        </Link>
      ) : (
        <span role="link" aria-disabled="true" className={cx(classes, "pointer-events-none opacity-40")}>
          {content}
        </span>
      )}
    </li>
  );
}
