import { Inbox, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cx } from "./cx.ts";

export type EmptyStateProps = {
  title: ReactNode;
  hint?: ReactNode;
  /** An icon component from lucide-react; Inbox by default. */
  icon?: LucideIcon;
  /** A button or link that gets the user going ("Create a key", "Clear filters"). */
  action?: ReactNode;
  className?: string;
};

/** What a list shows when it has nothing: say so, say why, offer the next step. */
export function EmptyState({ title, hint, icon: Icon = Inbox, action, className }: EmptyStateProps) {
  return (
    <div className={cx("flex flex-col items-center gap-2 px-4 py-10 text-center", className)}>
      <Icon aria-hidden="true" className="size-10 text-slate-400 dark:text-slate-500" />
      <p className="font-semibold text-slate-900 dark:text-slate-100">{title}</p>
      {hint ? <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">{hint}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
