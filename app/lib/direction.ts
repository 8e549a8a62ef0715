// The page's text direction, for what CSS logical properties cannot mirror on their own: recharts'
// SVG axes (which side the value axis sits on, which way time runs) and similar drawn layouts.
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";

export type TextDirection = "ltr" | "rtl";

/** "rtl" on pages in Arabic, Hebrew, Persian, Urdu, Sorani and Uyghur (the root loader's `dir`), else "ltr". */
export function useTextDirection(): TextDirection {
  return useRouteLoaderData<typeof rootLoader>("root")?.dir === "rtl" ? "rtl" : "ltr";
}
