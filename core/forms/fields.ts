// Field schemas every domain's forms share (an id, an e-mail address): one definition, so an address
// is trimmed, lower-cased and limited the same way on the register page, in an invitation and in
// an e-mail change. Messages are message references (core/i18n/message-ref.ts).
import { z } from "zod";
import { messageRef } from "../i18n/message-ref.ts";

export const EMAIL_MAX = 320;

export const idSchema = z.uuid({ error: "validation.idInvalid" });

export const emailSchema = z
  .string({ error: "validation.emailRequired" })
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email({ error: "validation.emailInvalid" })
      .max(EMAIL_MAX, { error: messageRef("validation.tooLong", { max: EMAIL_MAX }) }),
  );
