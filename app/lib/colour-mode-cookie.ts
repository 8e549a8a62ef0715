// Colour mode: preference system | light | dark, remembered in a cookie. The values
// and the type are core's (core/tenancy/colour-mode.ts, from the database enum).
import { COLOUR_MODES, isColourMode, type ColourMode } from "../../core/tenancy/colour-mode.ts";

export { COLOUR_MODES };
export type ColourModePreference = ColourMode;
export type ColourModeValue = "light" | "dark";

export const COLOUR_MODE_COOKIE = "reeltime-colour-mode";
export const COLOUR_MODE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function parseColourMode(value: string | undefined | null): ColourModePreference {
  return isColourMode(value) ? value : "system";
}

/** A page forces a mode through its route handle: `handle = { colourMode: "dark" }`. */
export function forcedColourMode(requested: unknown): ColourModeValue | undefined {
  if (requested === "light" || requested === "dark") return requested;
  if (requested === "system") {
    console.warn('colour mode: a page cannot force "system"; the forcing is ignored');
  }
  return undefined;
}

/**
 * Runs in <head> before the body paints, so a "system" preference never flashes the wrong theme.
 * Kept tiny and self-contained; it is inlined with the response's CSP nonce.
 */
export const colourModeScript = `(function(){try{var d=document.documentElement;var p=d.getAttribute("data-colour-preference");var f=d.getAttribute("data-colour-forced");var dark=f?f==="dark":p==="dark"||(p!=="light"&&window.matchMedia("(prefers-color-scheme: dark)").matches);d.classList.toggle("dark",dark);d.style.colorScheme=dark?"dark":"light";}catch(e){}})();`;

/** Puts the resolved mode on <html>: what the head script does at first paint, again after every change. */
export function applyColourMode(preference: ColourModePreference, forced: ColourModeValue | undefined) {
  const root = document.documentElement;
  const dark = forced
    ? forced === "dark"
    : preference === "dark" ||
      (preference === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
}
