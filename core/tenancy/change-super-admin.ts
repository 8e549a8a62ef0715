// The user-profiles page's "super admin on / off": the services-first entry point of the studio's
// action (routes never hold the database handle) over setSuperAdmin, which checks and audits.
import type { Database } from "../../db/client.ts";
import type { Actor } from "../access/actor.ts";
import { setSuperAdmin, type SetSuperAdminInput } from "./set-super-admin.ts";

export async function changeSuperAdmin(
  { db }: { db: Database },
  actor: Actor,
  input: SetSuperAdminInput,
): ReturnType<typeof setSuperAdmin> {
  return setSuperAdmin({ db }, actor, input);
}
