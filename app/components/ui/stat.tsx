import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cx } from "./cx.ts";

export type StatTone = "neutral" | "warning" | "danger";

const HINT_TONES: Record<StatTone, string> = {
  neutral: "text-slate-600 dark:text-slate-400",
  warning: "text-amber-700 dark:text-amber-400",
  danger: "text-red-700 dark:text-red-400",
};

export type StatProps = {
  label: ReactNode;
  /** The big number: format it first (useIntl().formatNumber). */
  value: ReactNode;
  hint?: ReactNode;
  /** Colours the hint ("Low balance"); the hint text must say it too. */
  tone?: StatTone;
  icon?: LucideIcon;
  className?: string;
};

/** A dashboard figure: label, big number, optional hint — a description list, so it reads in order. */
export function Stat({ label, value, hint, tone = "neutral", icon: Icon, className }: StatProps) {
  return (
    <dl
      className={cx(
        "flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-5 shadow-xs dark:border-slate-800 dark:bg-slate-900",
        className,
      )}
    >
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-400">
        {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
        {label}
      </dt>
      <dd className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-white">
        {value}
      </dd>
      {hint ? <dd className={cx("text-sm", HINT_TONES[tone])}>{hint}</dd> : null}
    </dl>
  );
}
