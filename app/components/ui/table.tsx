// The plain table every studio page uses for a short list (members, sessions, figures): one look, a
// horizontal scroll on narrow screens, header cells with scope. Long, sortable, paged lists use DataTable.
import { useId, type ComponentProps, type ReactNode } from "react";
import { cx } from "./cx.ts";
import { ScrollRegion } from "./scroll-region.tsx";

export function Table({
  caption,
  captionHidden = false,
  className,
  children,
  ...props
}: ComponentProps<"table"> & {
  /** what the table lists, for assistive technology (and shown unless captionHidden) */
  caption?: ReactNode;
  captionHidden?: boolean;
}) {
  const captionId = useId();
  return (
    <ScrollRegion labelledBy={caption ? captionId : undefined}>
      <table className={cx("bidi-cells w-full border-collapse text-sm", className)} {...props}>
        {caption ? (
          <caption id={captionId} className={captionHidden ? "sr-only" : "mb-2 text-start font-semibold"}>
            {caption}
          </caption>
        ) : null}
        {children}
      </table>
    </ScrollRegion>
  );
}

export function TableHead({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={className} {...props} />;
}

export function TableBody(props: ComponentProps<"tbody">) {
  return <tbody {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cx("border-b border-slate-200 dark:border-slate-800", className)} {...props} />;
}

type Align = { align?: "start" | "end" | "center" };
const alignClass = { start: "text-start", end: "text-end", center: "text-center" } as const;
/**
 * Body cells: their texts take their direction from their own letters (`bidi-cells` in app.css), so
 * start and end would follow each text; the alignment comes from the table's direction instead.
 */
const cellAlignClass = {
  start: "ltr:text-left rtl:text-right",
  end: "ltr:text-right rtl:text-left",
  center: "text-center",
} as const;

/** A cell's bare text in its own direction: a Latin name or slug in a right-to-left table reads in order. */
export function isolated(content: ReactNode): ReactNode {
  return typeof content === "string" || typeof content === "number" ? <bdi>{content}</bdi> : content;
}

export function TableHeaderCell({
  className,
  align = "start",
  ...props
}: Omit<ComponentProps<"th">, "align"> & Align) {
  return (
    <th
      scope="col"
      className={cx(
        "border-b border-slate-300 py-2 pe-3 font-semibold dark:border-slate-700",
        alignClass[align],
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({
  className,
  align = "start",
  numeric = false,
  children,
  ...props
}: Omit<ComponentProps<"td">, "align"> & Align & { numeric?: boolean }) {
  return (
    <td className={cx("py-2 pe-3", cellAlignClass[align], numeric && "tabular-nums", className)} {...props}>
      {isolated(children)}
    </td>
  );
}
