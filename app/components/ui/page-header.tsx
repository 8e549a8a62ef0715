import type { ReactNode } from "react";
import { cx } from "./cx.ts";

export type PageHeaderProps = {
  /** The page's <h1>. */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links at the end of the header ("New key"). */
  actions?: ReactNode;
  className?: string;
};

export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <header
      className={cx(
        "mb-6 flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-5 dark:border-slate-800",
        className,
      )}
    >
      {/* A basis, so on a narrow screen the actions wrap below a readable title rather than squeeze it. */}
      <div className="min-w-0 flex-1 basis-64">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        {description ? (
          <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-400">{description}</p>
        ) : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
