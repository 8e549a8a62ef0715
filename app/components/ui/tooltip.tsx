import { Tooltip as TooltipPrimitive } from "radix-ui";
import type { ReactElement, ReactNode } from "react";
import { cx } from "./cx.ts";

export type TooltipProps = {
  /** The hint. It only adds to what the trigger says: never put essential information only here (touch
   *  screens and many screen-reader users never see it). */
  content: ReactNode;
  /** One focusable element (a button, a link): the tooltip opens when it is hovered or focused. */
  children: ReactElement;
  side?: "top" | "right" | "bottom" | "left";
  /** Milliseconds of hovering before it opens; focus opens it at once. */
  delayDuration?: number;
  className?: string;
};

/**
 * A short hint for a control (radix: opens on hover and on keyboard focus, Escape dismisses it, the
 * trigger points at it with aria-describedby while it is open, role="tooltip"). Each tooltip carries its
 * own provider, so it works anywhere without a wrapper at the app's root.
 */
export function Tooltip({ content, children, side = "top", delayDuration = 300, className }: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={delayDuration}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className={cx(
              "z-50 max-w-xs rounded-md px-2.5 py-1.5 text-sm shadow-md",
              "bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900",
              className,
            )}
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-slate-900 dark:fill-slate-100" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
