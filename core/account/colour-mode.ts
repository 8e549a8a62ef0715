// Colour mode (system | light | dark): the type is the profiles.colour_mode enum of the database
// schema, so the preference a form accepts, a cookie carries and a profile stores is one definition.
import type { colourMode } from "../../db/schema/tenancy.ts";

export type ColourMode = (typeof colourMode.enumValues)[number];

// A record keyed by the type: a value added to (or removed from) the enum fails to compile here until
// this list follows. Kept as a value of its own so the browser bundle never loads the database schema.
const LISTED: Record<ColourMode, true> = { system: true, light: true, dark: true };

/** Every colour mode, in the order the switchers show them. */
export const COLOUR_MODES = Object.keys(LISTED) as readonly ColourMode[] as readonly [
  ColourMode,
  ...ColourMode[],
];

export function isColourMode(value: unknown): value is ColourMode {
  return typeof value === "string" && Object.hasOwn(LISTED, value);
}
