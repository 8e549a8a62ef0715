import { LoaderCircle } from "lucide-react";
import { useT } from "../../lib/i18n.tsx";
import { cx } from "./cx.ts";

const SIZES = { sm: "size-4", md: "size-5", lg: "size-8" } as const;

export type SpinnerProps = {
  size?: keyof typeof SIZES;
  /**
   * Announce the spinner as a status ("Loading…" unless a text is given). Leave it off when the
   * surrounding element already says it is busy (a pending button sets aria-busy itself).
   */
  label?: string | true;
  className?: string;
};

export function Spinner({ size = "sm", label, className }: SpinnerProps) {
  const t = useT();
  const icon = (
    <LoaderCircle aria-hidden="true" className={cx(SIZES[size], "shrink-0 animate-spin", className)} />
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label === true ? t("ui.spinner.loading") : label}</span>
    </span>
  );
}
