// Tabs in two kinds. <Tabs> switches panels inside a page (radix: arrow keys, Home/End, the
// tablist / tab / tabpanel roles). <TabLinks> is a row of links that look like tabs, for views that
// are their own URL (a server-side list per tab): a nav whose current link says so.
import { Tabs as TabsPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cx, focusRing } from "./cx.ts";

const tabClasses = (current: boolean) =>
  cx(
    "-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium",
    current
      ? "border-primary-600 text-primary-800 dark:border-primary-400 dark:text-primary-300"
      : "border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
    focusRing,
  );

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cx("flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800", className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cx(
        tabClasses(false),
        "cursor-pointer data-[state=active]:border-primary-600 data-[state=active]:text-primary-800",
        "dark:data-[state=active]:border-primary-400 dark:data-[state=active]:text-primary-300",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cx("pt-4", focusRing, className)} {...props} />;
}

export type TabLink = { key: string; to: string; label: string; current: boolean };

/** Links shaped as tabs; `label` names the navigation ("Log views"). */
export function TabLinks({ label, links }: { label: string; links: readonly TabLink[] }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800">
        {links.map((link) => (
          <li key={link.key}>
            <Link
              to={link.to}
              aria-current={link.current ? "page" : undefined}
              className={tabClasses(link.current)}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
