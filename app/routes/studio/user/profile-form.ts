// The profile page's form rules, shared by the browser (checked before submitting) and the action
// (checked again): each validator returns the field errors as message keys, empty when all is well.
import { z } from "zod";
import { isLocale, type Locale } from "../../../../core/i18n/locales.ts";
import { COLOUR_MODES, type ColourModePreference } from "../../../lib/colour-mode.ts";
import type { MessageKey } from "../../../lib/i18n.tsx";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from "../../../../core/auth/password-rule.ts";

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

/** A field's problem: a message key and the values its text needs. */
export type FieldProblem = { key: MessageKey; values?: Record<string, string | number> };
export type Problems<F extends string> = Partial<Record<F, FieldProblem>>;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

// ---- name ----------------------------------------------------------------------------------------

export type NameInput = { name: string; displayName: string };

export function readName(form: FormData): NameInput {
  return { name: text(form, "name").trim(), displayName: text(form, "displayName").trim() };
}

export function validateName(input: NameInput): Problems<keyof NameInput> {
  const problems: Problems<keyof NameInput> = {};
  if (input.name.length === 0 || input.name.length > NAME_MAX_LENGTH) {
    problems.name = { key: "studio.profile.name.nameRequired", values: { max: NAME_MAX_LENGTH } };
  }
  if (input.displayName.length > NAME_MAX_LENGTH) {
    problems.displayName = {
      key: "studio.profile.name.displayNameTooLong",
      values: { max: NAME_MAX_LENGTH },
    };
  }
  return problems;
}

// ---- e-mail ----------------------------------------------------------------------------------------

export type EmailInput = { newEmail: string };

export function readEmail(form: FormData): EmailInput {
  return { newEmail: text(form, "newEmail").trim().toLowerCase() };
}

const emailSchema = z.email().max(EMAIL_MAX_LENGTH);

export function validateEmail(input: EmailInput, currentEmail: string): Problems<keyof EmailInput> {
  if (!emailSchema.safeParse(input.newEmail).success)
    return { newEmail: { key: "studio.profile.email.invalid" } };
  if (input.newEmail === currentEmail.toLowerCase())
    return { newEmail: { key: "studio.profile.email.same" } };
  return {};
}

// ---- password ---------------------------------------------------------------------------------------

export type PasswordInput = {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
  revokeOtherSessions: boolean;
};

export function readPassword(form: FormData): PasswordInput {
  return {
    currentPassword: text(form, "currentPassword"),
    newPassword: text(form, "newPassword"),
    confirmPassword: text(form, "confirmPassword"),
    revokeOtherSessions: form.get("revokeOtherSessions") === "on",
  };
}

export function validatePassword(
  input: PasswordInput,
  email: string,
): Problems<"currentPassword" | "newPassword" | "confirmPassword"> {
  const problems: Problems<"currentPassword" | "newPassword" | "confirmPassword"> = {};
  if (input.currentPassword.length === 0 || input.currentPassword.length > PASSWORD_MAX_LENGTH) {
    problems.currentPassword = { key: "studio.profile.password.currentRequired" };
  }
  const problem = passwordProblem(input.newPassword, email);
  if (problem) {
    problems.newPassword = {
      key: `auth.password.${problem}`,
      values: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
    };
  } else if (input.newPassword === input.currentPassword) {
    problems.newPassword = { key: "studio.profile.password.same" };
  }
  if (input.confirmPassword !== input.newPassword)
    problems.confirmPassword = { key: "auth.password.mismatch" };
  return problems;
}

// ---- preferences ----------------------------------------------------------------------------------

export type PreferencesInput = { locale: Locale; colourMode: ColourModePreference };

export function readPreferences(form: FormData): { locale: string; colourMode: string } {
  return { locale: text(form, "locale"), colourMode: text(form, "colourMode") };
}

export function validatePreferences(input: {
  locale: string;
  colourMode: string;
}): { ok: true; value: PreferencesInput } | { ok: false; problems: Problems<"locale" | "colourMode"> } {
  const colourMode = COLOUR_MODES.find((mode) => mode === input.colourMode);
  const problems: Problems<"locale" | "colourMode"> = {};
  if (!isLocale(input.locale)) problems.locale = { key: "studio.profile.preferences.invalid" };
  if (!colourMode) problems.colourMode = { key: "studio.profile.preferences.invalid" };
  if (!colourMode || !isLocale(input.locale)) return { ok: false, problems };
  return { ok: true, value: { locale: input.locale, colourMode } };
}

// ---- user agents --------------------------------------------------------------------------------------

/** "Firefox" / "macOS" from a User-Agent header: enough to recognise one's own devices. */
export function describeUserAgent(userAgent: string | null | undefined): {
  browser: string | null;
  os: string | null;
} {
  if (!userAgent) return { browser: null, os: null };
  const browser =
    (
      [
        [/\bEdg(?:e|A|iOS)?\//, "Edge"],
        [/\bOPR\/|\bOpera\b/, "Opera"],
        [/\bSamsungBrowser\//, "Samsung Internet"],
        [/\bFirefox\/|\bFxiOS\//, "Firefox"],
        [/\bHeadlessChrome\//, "Headless Chrome"],
        [/\bChromium\//, "Chromium"],
        [/\bChrome\/|\bCriOS\//, "Chrome"],
        [/\bSafari\//, "Safari"],
        [/\bcurl\//, "curl"],
        [/\bnode\b|\bundici\b/i, "Node.js"],
      ] as const
    ).find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const os =
    (
      [
        [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
        [/\bAndroid\b/, "Android"],
        [/\bCrOS\b/, "ChromeOS"],
        [/\bWindows\b/, "Windows"],
        [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
        [/\bLinux\b/, "Linux"],
      ] as const
    ).find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, os };
}
