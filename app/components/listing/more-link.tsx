// The "more" link under a public list (more films, more cinemas), with an optional line on how many are shown.
import type { ReactNode } from "react";
import { Link } from "react-router";

export function MoreLink({
  to,
  testId,
  shown,
  children,
}: {
  to: string;
  testId: string;
  /** "12 of 40 films", above the link. */
  shown?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      {shown ? <p className="text-sm text-slate-600 dark:text-slate-400">{shown}</p> : null}
      <Link
        to={to}
        preventScrollReset
        className="rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        data-testid={testId}
      >
        {children}
      </Link>
    </div>
  );
}
