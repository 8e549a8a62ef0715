// The visitor's preference switches (language, colour mode, analytics consent): buttons in the page
// header and on the cookie statement that post one choice to /preferences/*. One schema each, as for
// every form; `redirectTo` is checked by the action (a same-site path only).
import { z } from "zod";
import { COLOUR_MODES } from "../tenancy/colour-mode.ts";
import { LOCALES } from "../i18n/locales.ts";

/**
 * What the consent buttons send: accept or reject every optional category, save the ticked ones
 * ("choose"), or "reset" to ask again.
 */
export const CONSENT_CHOICES = ["accept", "reject", "choose", "reset"] as const;

const redirectTo = z.string().optional();

export const localeChoiceSchema = z.object({
  locale: z.enum(LOCALES, { error: "validation.choiceInvalid" }),
  redirectTo,
});

export const colourModeChoiceSchema = z.object({
  mode: z.enum(COLOUR_MODES, { error: "validation.choiceInvalid" }),
  redirectTo,
});

export const consentChoiceSchema = z.object({
  consent: z.enum(CONSENT_CHOICES, { error: "validation.choiceInvalid" }),
  // The category checkboxes, read only with "choose"; an unticked box is not sent.
  analytics: z.boolean().default(false),
  marketing: z.boolean().default(false),
  redirectTo,
});
