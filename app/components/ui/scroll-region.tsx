// A box that scrolls sideways when its content is wider than the screen (a table on a phone). A
// region that scrolls must be reachable by keyboard, or its hidden part cannot be read without a
// mouse (WCAG 2.1.1): while it overflows it is a focusable, named region (arrow keys scroll it);
// while it fits it is a plain box, with no extra tab stop. Until a script has measured it (on the
// server, before hydration, without JavaScript) it may overflow, so it starts as a focusable region.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { cx } from "./cx.ts";

export function ScrollRegion({
  labelledBy,
  className,
  children,
}: {
  /** id of the element that names the content (a table's caption) */
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflow(ref);
  return (
    <div
      ref={ref}
      // relative: what is positioned inside (a button's visually hidden text) scrolls with the box
      // instead of widening the page
      className={cx("relative overflow-x-auto", className)}
      {...(overflows
        ? { tabIndex: 0, role: labelledBy ? "region" : undefined, "aria-labelledby": labelledBy }
        : {})}
    >
      {children}
    </div>
  );
}

/** Whether the element's content is wider than the element, kept up to date as either resizes. */
function useOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
