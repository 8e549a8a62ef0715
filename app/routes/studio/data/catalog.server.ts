// What both catalogue pages' actions share: only super admins change the catalogue.
import { data } from "react-router";
import type { Actor } from "../../../../core/access/actor.ts";
import { messageRef } from "../../../../core/i18n/message-ref.ts";
import type { ActionResult } from "../../../lib/forms.ts";

/**
 * Everyone else is answered 403 before their form is even read, whatever it holds (the core operations
 * refuse them too): a crafted POST learns nothing about which input would pass.
 */
export function refuseUnlessSuperAdmin(actor: Actor) {
  if (actor.isSuperAdmin) return null;
  const message = messageRef("error.access.superAdminOnly");
  return data<ActionResult<never>>(
    {
      intent: null,
      result: { status: "error", error: { "": [message] } },
      toast: { kind: "error", message },
    },
    { status: 403 },
  );
}
