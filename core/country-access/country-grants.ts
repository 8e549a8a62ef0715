// What the country-access operations share: a grant's stored fields, the lock that makes a client's
// grant changes take turns, the refusal of an overlapping grant of the same target, and telling the
// API key cache that a client's countries changed.
import { and, eq, isNull, lte, ne, or, gte, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { countryAccess } from "../../db/schema/access.ts";
import { clients } from "../../db/schema/tenancy.ts";
import { invalidateClientKeys } from "../key-directory/invalidate-client-keys.ts";
import { AppError } from "../errors.ts";
import { messageRef } from "../i18n/message-ref.ts";
import type { AppServices } from "../services.ts";

export type CountryAccessServices = Pick<AppServices, "db" | "apiKeys" | "now">;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const grantColumns = {
  id: countryAccess.id,
  clientId: countryAccess.clientId,
  countryCode: countryAccess.countryCode,
  bundleId: countryAccess.bundleId,
  validFrom: countryAccess.validFrom,
  validUntil: countryAccess.validUntil,
};

export type GrantRecord = {
  id: string;
  clientId: string;
  countryCode: string | null;
  bundleId: string | null;
  validFrom: string;
  validUntil: string | null;
};

/** Locks the client's row: two grants of one client are checked for overlap one after the other. */
export async function lockClient(tx: Tx, clientId: string): Promise<void> {
  const [client] = await tx
    .select({ id: clients.uuid })
    .from(clients)
    .where(eq(clients.uuid, clientId))
    .for("update");
  if (!client) throw new AppError("not_found", "tenancy.clientNotFound");
}

/** Refuses a grant whose dates overlap another grant of the same target to the same client. */
export async function refuseOverlap(
  tx: Tx,
  grant: Omit<GrantRecord, "id"> & { id?: string },
  field: "target" | "validFrom",
): Promise<void> {
  const sameTarget = grant.countryCode
    ? eq(countryAccess.countryCode, grant.countryCode)
    : eq(countryAccess.bundleId, grant.bundleId!);
  const conditions: (SQL | undefined)[] = [
    eq(countryAccess.clientId, grant.clientId),
    sameTarget,
    // Inclusive ranges [from, until]; a missing until is open-ended.
    grant.validUntil ? lte(countryAccess.validFrom, grant.validUntil) : undefined,
    or(isNull(countryAccess.validUntil), gte(countryAccess.validUntil, grant.validFrom)),
    grant.id ? ne(countryAccess.id, grant.id) : undefined,
  ];
  const [clash] = await tx
    .select(grantColumns)
    .from(countryAccess)
    .where(and(...conditions))
    .limit(1);
  if (clash) {
    const reason = clash.validUntil ? "countryAccess.overlap" : "countryAccess.overlapOpen";
    const values: Record<string, string> = clash.validUntil
      ? { from: clash.validFrom, until: clash.validUntil }
      : { from: clash.validFrom };
    throw new AppError("conflict", reason, {
      values,
      fieldErrors: { [field]: messageRef(`error.${reason}`, values) },
    });
  }
}

/** API keys carry their client's countries in a cache: drop the client's keys there. */
export async function countriesChanged(services: CountryAccessServices, clientId: string): Promise<void> {
  await invalidateClientKeys(services, clientId);
}
