// The domain forms' schemas (browser-safe: zod only). The host name itself is normalized and checked
// by the operation (core/domains/hostname.ts), which answers beside the field.
import { z } from "zod";
import { idSchema } from "../forms/fields.ts";
import { messageRef } from "../i18n/message-ref.ts";

/** What the field accepts before normalizing: a pasted URL may be longer than a host name. */
export const DOMAIN_INPUT_MAX = 300;
export const DOMAINS_PER_CLIENT_MAX = 100;

export const addDomainSchema = z.object({
  hostname: z
    .string({ error: "error.domains.invalid" })
    .trim()
    .min(1, { error: "error.domains.invalid" })
    .max(DOMAIN_INPUT_MAX, { error: messageRef("validation.tooLong", { max: DOMAIN_INPUT_MAX }) }),
});

export const removeDomainSchema = z.object({
  domainId: idSchema,
  hostname: z.string().trim().max(DOMAIN_INPUT_MAX).optional(),
});
