// Colour mode (system | light | dark): the values the database enum profiles.colour_mode is built from
// (db/schema/enum-values.ts, free of drizzle so the browser bundle can read it), so the preference a
// form accepts, a cookie carries and a profile stores is one definition.
import { COLOUR_MODE_VALUES } from "../../db/schema/enum-values.ts";

/** Every colour mode, in the order the switchers show them. */
export const COLOUR_MODES = COLOUR_MODE_VALUES;
export type ColourMode = (typeof COLOUR_MODES)[number];

export function isColourMode(value: unknown): value is ColourMode {
  return typeof value === "string" && (COLOUR_MODES as readonly string[]).includes(value);
}
