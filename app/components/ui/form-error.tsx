import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { cx } from "./cx.ts";

export type FormErrorProps = {
  /** The message; when empty (no error), nothing is rendered. */
  children?: ReactNode;
  title?: ReactNode;
  id?: string;
  className?: string;
};

/** A form-level error banner ("Those credentials did not match."), announced when it appears. */
export function FormError({ children, title, id, className }: FormErrorProps) {
  if ((children === undefined || children === null || children === "" || children === false) && !title)
    return null;
  return (
    <div
      id={id}
      role="alert"
      tabIndex={-1}
      className={cx(
        "flex items-start gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200",
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="flex flex-col gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
