// What the API's middleware puts on the Hono context, beside the server's own variables.
import type { ApiKeyPrincipal } from "../../../core/key-directory/key-directory-types.ts";
import type { ServerEnv } from "../../context-variables.ts";

export type ApiEnv = {
  Variables: ServerEnv["Variables"] & {
    /** the caller, once its key checked out (set by the gate before any handler runs) */
    principal: ApiKeyPrincipal;
  };
};
