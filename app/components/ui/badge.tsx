import type { ComponentProps } from "react";
import { cx } from "./cx.ts";

export type BadgeTone = "neutral" | "primary" | "warning" | "danger" | "info";

const TONES: Record<BadgeTone, string> = {
  neutral:
    "bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700",
  primary:
    "bg-primary-50 text-primary-800 ring-primary-600/30 dark:bg-primary-950 dark:text-primary-300 dark:ring-primary-400/30",
  warning:
    "bg-amber-50 text-amber-800 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-400/30",
  danger: "bg-red-50 text-red-800 ring-red-600/30 dark:bg-red-950 dark:text-red-300 dark:ring-red-400/30",
  info: "bg-sky-50 text-sky-800 ring-sky-600/30 dark:bg-sky-950 dark:text-sky-300 dark:ring-sky-400/30",
};

export type BadgeProps = ComponentProps<"span"> & { tone?: BadgeTone };

/** A small status label ("Active", "Expired"). Colour is never the only signal: the text says it. */
export function Badge({ tone = "neutral", className, ...props }: BadgeProps) {
  return (
    <span
      className={cx(
        "inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset [&_svg]:size-3",
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
