// Field schemas every domain's forms share (an id, an e-mail address, a name, a slug, notes): one definition, so an address
// is trimmed, lower-cased and limited the same way on the register page, in an invitation and in
// an e-mail change. Messages are message references (core/i18n/message-ref.ts).
import { z } from "zod";
import { messageRef } from "../i18n/message-ref.ts";

export const EMAIL_MAX = 320;

export const idSchema = z.uuid({ error: "validation.idInvalid" });

/**
 * An id the user picks (a select): sent with nothing chosen, the error says what to choose (`required`,
 * such as "Choose a feed."); anything else that is not an id is still "Not a valid id.".
 */
export function chosenIdSchema(required: string) {
  return z.uuid({
    error: (issue) => (issue.input === undefined || issue.input === "" ? required : "validation.idInvalid"),
  });
}

export const emailSchema = z
  .string({ error: "validation.emailRequired" })
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email({ error: "validation.emailInvalid" })
      .max(EMAIL_MAX, { error: messageRef("validation.tooLong", { max: EMAIL_MAX }) }),
  );

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const NAME_MAX = 200;
export const SLUG_MIN = 2;
export const SLUG_MAX = 60;
export const NOTES_MAX = 5000;

export const nameSchema = z
  .string({ error: "validation.nameRequired" })
  .trim()
  .min(1, { error: "validation.nameRequired" })
  .max(NAME_MAX, { error: messageRef("validation.tooLong", { max: NAME_MAX }) });

export const slugSchema = z
  .string({ error: "validation.slugRequired" })
  .trim()
  .toLowerCase()
  .min(SLUG_MIN, { error: messageRef("validation.tooShort", { min: SLUG_MIN }) })
  .max(SLUG_MAX, { error: messageRef("validation.tooLong", { max: SLUG_MAX }) })
  .regex(SLUG_PATTERN, { error: "validation.slugPattern" });

export const notesSchema = z
  .string()
  .trim()
  .max(NOTES_MAX, { error: messageRef("validation.tooLong", { max: NOTES_MAX }) });
