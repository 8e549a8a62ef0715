// The tenancy forms' schemas: one zod schema per studio form, checked in the browser (Conform) and
// again by the action. Messages are message references (core/i18n/message-ref.ts), translated where
// they are shown. Field schemas every domain shares live in core/forms/fields.ts.
// Browser-safe: zod and the database enums' values only.
import { z } from "zod";
import { CLIENT_ROLES } from "../access/actor.ts";
import { emailSchema, idSchema, NAME_MAX, nameSchema, notesSchema, slugSchema } from "../forms/fields.ts";
import { CLIENT_STATUSES } from "./tenancy-types.ts";

export const clientRoleSchema = z.enum(CLIENT_ROLES, { error: "validation.choiceInvalid" });
export const clientStatusSchema = z.enum(CLIENT_STATUSES, { error: "validation.choiceInvalid" });

/** "true" / "false" from a hidden field or a select. */
const flagSchema = z
  .enum(["true", "false"], { error: "validation.choiceInvalid" })
  .transform((v) => v === "true");
/** A display name a form carries only for its success message. */
const labelSchema = z.string().trim().max(NAME_MAX).optional();

// ---- clients (super admins) ------------------------------------------------------------------

/** New client: an empty slug is made from the name. Empty optional fields arrive as undefined. */
export const createClientSchema = z.object({
  name: nameSchema,
  slug: slugSchema.optional(),
  status: clientStatusSchema.default("active"),
  contactEmail: emailSchema.optional(),
  notes: notesSchema.optional(),
});

/** Editing a client: an existing client keeps a slug; an empty e-mail or notes field clears it. */
export const updateClientSchema = z.object({
  clientId: idSchema,
  name: nameSchema,
  slug: slugSchema,
  status: clientStatusSchema,
  contactEmail: emailSchema.optional(),
  notes: notesSchema.optional(),
});

export const deleteClientSchema = z.object({ clientId: idSchema, name: labelSchema });

// ---- members (client admins and super admins) ------------------------------------------------

export const inviteMemberSchema = z.object({ email: emailSchema, role: clientRoleSchema });
export const changeMemberRoleSchema = z.object({ profileId: idSchema, role: clientRoleSchema });
export const removeMemberSchema = z.object({ profileId: idSchema });
export const revokeInvitationSchema = z.object({ invitationId: idSchema });
/** Resend an open invitation: a new link, its role kept unless another is chosen. */
export const resendInvitationSchema = z.object({ invitationId: idSchema, role: clientRoleSchema });

// ---- user profiles (super admins) ------------------------------------------------------------

export const setUserDisabledSchema = z.object({
  profileId: idSchema,
  disabled: flagSchema,
  name: labelSchema,
});
export const setSuperAdminSchema = z.object({
  profileId: idSchema,
  superAdmin: flagSchema,
  name: labelSchema,
});
export const resendConfirmationSchema = z.object({ email: emailSchema });

// ---- the session: impersonation and the active client ----------------------------------------

export const startImpersonationSchema = z.object({ clientId: idSchema });
export const stopImpersonationSchema = z.object({ redirectTo: z.string().optional() });
/** No client: a super admin works without one. */
export const activeClientSchema = z.object({
  clientId: idSchema.optional(),
  redirectTo: z.string().optional(),
});
