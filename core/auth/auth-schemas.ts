// The account forms' schemas (sign in, forgot password, resend the confirmation, register, choose a
// password, accept an invitation): checked in the browser by Conform and again by the actions.
// Every message is a message reference.
import { z } from "zod";
import { emailSchema } from "../forms/fields.ts";
import { messageRef } from "../i18n/message-ref.ts";
import { PASSWORD_MAX_LENGTH, passwordIssue } from "./password-rule.ts";

export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: "auth.error.passwordRequired" })
    .max(PASSWORD_MAX_LENGTH, { error: messageRef("auth.password.tooLong", { max: PASSWORD_MAX_LENGTH }) }),
});

/** Forgot password, resend the confirmation: only the address. */
export const emailOnlySchema = z.object({ email: emailSchema });

export const registerSchema = z.object({
  name: z
    .string({ error: "auth.error.nameRequired" })
    .trim()
    .min(1, { error: "auth.error.nameRequired" })
    .max(100, { error: messageRef("validation.tooLong", { max: 100 }) }),
  email: emailSchema,
  terms: z
    .boolean({ error: "auth.error.termsRequired" })
    .refine((accepted) => accepted, { error: "auth.error.termsRequired" }),
});

const token = z
  .string({ error: "error.auth.confirmInvalid" })
  .trim()
  .min(16, { error: "error.auth.confirmInvalid" })
  .max(2048, { error: "error.auth.confirmInvalid" });

/** Choosing a password: at the end of the confirmation, and after "forgot password". */
export const choosePasswordSchema = z
  .object({
    token,
    password: z.string({ error: "auth.error.passwordRequired" }),
    // Empty (Conform sends undefined) still lets the rule and the comparison below run.
    confirmPassword: z.string().default(""),
  })
  .superRefine((value, ctx) => {
    const issue = passwordIssue(value.password);
    if (issue) ctx.addIssue({ code: "custom", path: ["password"], message: issue });
    else if (value.password !== value.confirmPassword)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "auth.password.mismatch" });
  });

export const acceptInvitationSchema = z.object({ token });

export type SignInInput = z.output<typeof signInSchema>;
export type RegisterInput = z.output<typeof registerSchema>;
export type ChoosePasswordInput = z.output<typeof choosePasswordSchema>;
