// The stated password strength rule (shown on the register, reset and profile forms; checked on both sides).
import { messageRef, type MessageRef } from "../i18n/message-ref.ts";
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = "tooShort" | "tooLong" | "needsVariety" | "containsEmail";

/** At least 10 characters with a letter and a digit or symbol, and not the e-mail address. */
export function passwordProblem(password: string, email?: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "tooShort";
  if (password.length > PASSWORD_MAX_LENGTH) return "tooLong";
  if (!/\p{L}/u.test(password) || !/[\p{N}\p{P}\p{S}\s]/u.test(password)) return "needsVariety";
  const local = email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 4 && password.toLowerCase().includes(local)) return "containsEmail";
  return null;
}

/** The rule as a zod check for form schemas: the problem's message reference on the field. */
export function passwordIssue(password: string, email?: string): MessageRef | null {
  const problem = passwordProblem(password, email);
  return problem
    ? messageRef(`auth.password.${problem}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })
    : null;
}
