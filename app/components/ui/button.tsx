import type { ComponentProps, MouseEvent } from "react";
import { cx, focusRing } from "./cx.ts";
import { Spinner } from "./spinner.tsx";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "danger" | "link";
export type ButtonSize = "sm" | "md" | "icon";

const VARIANTS: Record<ButtonVariant, string> = {
  // White on green-700 passes AA; in dark mode the shade 400 carries dark text.
  primary:
    "bg-primary-700 text-white hover:bg-primary-800 dark:bg-primary-400 dark:text-slate-950 dark:hover:bg-primary-300",
  secondary:
    "bg-slate-100 text-slate-900 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700",
  outline:
    "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:hover:bg-slate-900",
  ghost:
    "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
  danger: "bg-red-700 text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-700",
  link: "text-primary-700 underline-offset-4 hover:underline dark:text-primary-400",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  icon: "size-9",
};

/** The classes of a button, for elements that look like one (links, labels). */
export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cx(
    "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors select-none",
    "disabled:pointer-events-none disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-70 [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
    focusRing,
    VARIANTS[variant],
    variant === "link" ? "h-auto p-0 text-sm" : SIZES[size],
    className,
  );
}

export type ButtonProps = Omit<ComponentProps<"button">, "type"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Defaults to "button" so a button inside a form never submits by accident: say type="submit". */
  type?: "button" | "submit" | "reset";
  /**
   * Shows a spinner and sets aria-busy. The button stays focusable (aria-disabled, not disabled,
   * so focus is not lost mid-submit) but ignores clicks, so a form cannot be sent twice.
   */
  pending?: boolean;
};

export function Button({
  variant,
  size = "md",
  type = "button",
  pending = false,
  className,
  children,
  onClick,
  "aria-disabled": ariaDisabled,
  ...props
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (pending) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, className })}
      {...props}
      aria-busy={pending || undefined}
      aria-disabled={pending || ariaDisabled || undefined}
      onClick={handleClick}
    >
      {pending ? <Spinner /> : null}
      {pending && size === "icon" ? <span className="sr-only">{children}</span> : children}
    </button>
  );
}
