// The first studio visit keeps the browser's time zone in the profile, so the server renders every time
// in it from then on. A zone already kept (the browser's earlier, or one chosen in the profile) stays.
import { and, eq, isNull } from "drizzle-orm";
import { profiles } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { canonicalTimeZone } from "./time-zone.ts";

/** Returns the zone the profile keeps now. */
export async function keepBrowserTimeZone(
  services: Pick<AppServices, "db">,
  actor: Actor,
  input: { timeZone: string },
): Promise<string> {
  const timeZone = canonicalTimeZone(input.timeZone);
  if (!timeZone) throw new AppError("invalid_input", "form.invalid");
  return services.db.transaction(async (tx) => {
    const [kept] = await tx
      .update(profiles)
      .set({ timeZone })
      .where(and(eq(profiles.id, actor.profileId), isNull(profiles.timeZone)))
      .returning({ timeZone: profiles.timeZone });
    if (!kept) {
      const [current] = await tx
        .select({ timeZone: profiles.timeZone })
        .from(profiles)
        .where(eq(profiles.id, actor.profileId));
      return current?.timeZone ?? timeZone;
    }
    await writeAuditLog(tx, actor, {
      action: "profile.update",
      entityType: "profile",
      entityId: actor.profileId,
      before: { timeZone: null },
      after: { timeZone },
    });
    return timeZone;
  });
}
