// A client's grants for /studio/data/country-access: each country or bundle (with the bundle's
// countries), its window of days and where it stands today; filtered by that standing, sorted and
// paged. Every member of the client may read them; super admins any client's.
import { asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { countryAccess } from "../../db/schema/access.ts";
import { bundleCountries, bundles, countries } from "../../db/schema/catalog.ts";
import { idSchema } from "../forms/fields.ts";
import { pageSchema, pageSizeSchema, parseInput } from "../shared/input.ts";
import type { Page } from "../shared/page.ts";
import type { Actor } from "../access/actor.ts";
import { GRANT_STATUSES, grantStatus, type GrantStatus } from "./country-access-schemas.ts";
import { utcDay } from "../access/country-access.ts";
import type { CountryAccessServices } from "./country-grants.ts";
import { requirePermission } from "../access/permissions.ts";

export const GRANT_SORTS = [
  "validFrom",
  "-validFrom",
  "validUntil",
  "-validUntil",
  "target",
  "-target",
] as const;
export type GrantSort = (typeof GRANT_SORTS)[number];

const inputSchema = z.object({
  clientId: idSchema,
  status: z.enum(GRANT_STATUSES, { error: "validation.choiceInvalid" }).optional(),
  sort: z.enum(GRANT_SORTS, { error: "validation.choiceInvalid" }).default("-validFrom"),
  page: pageSchema,
  pageSize: pageSizeSchema,
});

export type CountryGrantRow = {
  id: string;
  kind: "country" | "bundle";
  /** the country's code, or the bundle's id */
  targetId: string;
  /** the country's or the bundle's name */
  targetName: string;
  /** a bundle's country codes (a country grant: its own code) */
  countries: string[];
  validFrom: string;
  validUntil: string | null;
  status: GrantStatus;
};

// An open end sorts after every date.
const untilKey = (row: CountryGrantRow) => row.validUntil ?? "9999-12-31";
const COMPARE: Record<string, (a: CountryGrantRow, b: CountryGrantRow) => number> = {
  validFrom: (a, b) => a.validFrom.localeCompare(b.validFrom),
  validUntil: (a, b) => untilKey(a).localeCompare(untilKey(b)),
  target: (a, b) => a.targetName.localeCompare(b.targetName, "en", { sensitivity: "base" }),
};

export async function listCountryGrants(
  { db, now }: Pick<CountryAccessServices, "db" | "now">,
  actor: Actor,
  input: z.input<typeof inputSchema>,
): Promise<Page<CountryGrantRow>> {
  const { clientId, status, sort, page, pageSize } = parseInput(inputSchema, input);
  requirePermission(actor, "client.view", clientId);
  const today = utcDay(now());
  const grants = await db
    .select({
      id: countryAccess.id,
      countryCode: countryAccess.countryCode,
      countryName: countries.name,
      bundleId: countryAccess.bundleId,
      bundleName: bundles.name,
      validFrom: countryAccess.validFrom,
      validUntil: countryAccess.validUntil,
    })
    .from(countryAccess)
    .leftJoin(countries, eq(countries.code, countryAccess.countryCode))
    .leftJoin(bundles, eq(bundles.id, countryAccess.bundleId))
    .where(eq(countryAccess.clientId, clientId));
  const bundleIds = grants.flatMap((g) => (g.bundleId ? [g.bundleId] : []));
  const members = bundleIds.length
    ? await db
        .select({ bundleId: bundleCountries.bundleId, code: bundleCountries.countryCode })
        .from(bundleCountries)
        .where(inArray(bundleCountries.bundleId, bundleIds))
        .orderBy(asc(bundleCountries.countryCode))
    : [];
  const codesOf = new Map<string, string[]>();
  for (const m of members) codesOf.set(m.bundleId, [...(codesOf.get(m.bundleId) ?? []), m.code]);

  const rows: CountryGrantRow[] = grants.map((g) => ({
    id: g.id,
    kind: g.countryCode ? "country" : "bundle",
    targetId: g.countryCode ?? g.bundleId!,
    targetName: (g.countryCode ? g.countryName : g.bundleName) ?? "",
    countries: g.countryCode ? [g.countryCode] : (codesOf.get(g.bundleId!) ?? []),
    validFrom: g.validFrom,
    validUntil: g.validUntil,
    status: grantStatus(g.validFrom, g.validUntil, today),
  }));
  const key = sort.replace(/^-/, "");
  const direction = sort.startsWith("-") ? -1 : 1;
  const filtered = rows
    .filter((row) => !status || row.status === status)
    .sort((a, b) => direction * COMPARE[key]!(a, b) || a.id.localeCompare(b.id));
  return {
    rows: filtered.slice((page - 1) * pageSize, page * pageSize),
    total: filtered.length,
    page,
    pageSize,
  };
}
