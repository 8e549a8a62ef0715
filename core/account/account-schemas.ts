// The profile page's forms (/studio/user/profile): one zod schema per form, used by the browser
// (Conform) and by the action alike. Every message is a message reference (core/i18n/message-ref.ts).
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordIssue } from "../auth/password-rule.ts";
import { messageRef } from "../i18n/message-ref.ts";
import { LOCALES } from "../i18n/locales.ts";
import { emailSchema, idSchema } from "../forms/fields.ts";
import { COLOUR_MODES } from "../tenancy/colour-mode.ts";
import { isTimeZone } from "./time-zone.ts";

export const PROFILE_INTENTS = [
  "name",
  "email",
  "password",
  "preferences",
  "revoke-session",
  "revoke-other-sessions",
  "leave-client",
] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 320;

/** The field a confirmed (destructive) submission carries: the dialog, or its no-JavaScript form. */
const confirmed = z.literal("1", { error: "studio.profile.error.confirm" });

export const nameFormSchema = z.object({
  name: z
    .string({ error: messageRef("studio.profile.name.nameRequired", { max: NAME_MAX_LENGTH }) })
    .trim()
    .min(1, { error: messageRef("studio.profile.name.nameRequired", { max: NAME_MAX_LENGTH }) })
    .max(NAME_MAX_LENGTH, {
      error: messageRef("studio.profile.name.nameRequired", { max: NAME_MAX_LENGTH }),
    }),
  // An empty display name (Conform sends it as undefined) clears it.
  displayName: z
    .string()
    .trim()
    .max(NAME_MAX_LENGTH, {
      error: messageRef("studio.profile.name.displayNameTooLong", { max: NAME_MAX_LENGTH }),
    })
    .optional(),
});
export type NameForm = z.output<typeof nameFormSchema>;

/** A new sign-in address: valid, and not the one the user has now. */
export function emailChangeFormSchema(currentEmail: string) {
  return z.object({
    newEmail: emailSchema.refine((email) => email !== currentEmail.toLowerCase(), {
      error: "studio.profile.email.same",
    }),
  });
}
export type EmailChangeForm = z.output<ReturnType<typeof emailChangeFormSchema>>;

/**
 * A new password under the stated rule (core/auth/password-rule.ts), typed twice. Unless the user
 * asks to stay signed in elsewhere (an unchecked box sends nothing), the other sessions end.
 */
export function passwordChangeFormSchema(email: string) {
  return z
    .object({
      currentPassword: z
        .string({ error: "studio.profile.password.currentRequired" })
        .max(PASSWORD_MAX_LENGTH, { error: "studio.profile.password.currentRequired" }),
      newPassword: z.string({
        error: messageRef("auth.password.tooShort", { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
      }),
      // Empty (Conform sends undefined) still lets the rule and the comparison below run.
      confirmPassword: z.string().default(""),
      keepOtherSessions: z.boolean().default(false),
    })
    .superRefine((value, context) => {
      const issue = passwordIssue(value.newPassword, email);
      if (issue) context.addIssue({ code: "custom", path: ["newPassword"], message: issue });
      else if (value.newPassword === value.currentPassword)
        context.addIssue({ code: "custom", path: ["newPassword"], message: "studio.profile.password.same" });
      if (value.confirmPassword !== value.newPassword)
        context.addIssue({ code: "custom", path: ["confirmPassword"], message: "auth.password.mismatch" });
    });
}
export type PasswordChangeForm = z.output<ReturnType<typeof passwordChangeFormSchema>>;

function timeZoneSchema() {
  return z
    .string({ error: "studio.profile.preferences.timeZoneInvalid" })
    .trim()
    .refine(isTimeZone, { message: "studio.profile.preferences.timeZoneInvalid" });
}

/** The browser's own zone, kept in the profile at the first studio visit (when none is kept yet). */
export const browserTimeZoneSchema = z.object({ timeZone: timeZoneSchema() });

export const preferencesFormSchema = z.object({
  locale: z.enum(LOCALES, { error: "studio.profile.preferences.invalid" }),
  colourMode: z.enum(COLOUR_MODES, { error: "studio.profile.preferences.invalid" }),
  timeZone: timeZoneSchema(),
});
export type PreferencesForm = z.output<typeof preferencesFormSchema>;

export const revokeSessionFormSchema = z.object({ sessionId: idSchema, confirm: confirmed });
export const revokeOtherSessionsFormSchema = z.object({ confirm: confirmed });
export const leaveClientFormSchema = z.object({ clientId: idSchema, confirm: confirmed });

/** The password entered again for a dangerous action (core/access/recent-password.ts). */
export const verifyPasswordFormSchema = z.object({
  password: z.string({ error: "auth.error.passwordRequired" }).max(PASSWORD_MAX_LENGTH),
  returnTo: z.string().max(2048).optional(),
});
