// The cinema picker's choices (a Combobox in the studio): up to 20 cinemas whose name or city contains
// the typed text, name matches first. Super admins only.
import { asc, ilike, or, sql } from "drizzle-orm";
import { cinemas } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { likePattern } from "../../shared/input.ts";
import type { AppServices } from "../../services.ts";

export const CINEMA_OPTIONS_MAX = 20;

export type PickerOption = { value: string; label: string; hint?: string };

export async function listCinemaOptions(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  query: string,
): Promise<PickerOption[]> {
  requireSuperAdmin(actor);
  const text = query.trim().slice(0, 100);
  const pattern = likePattern(text);
  const rows = await db
    .select({ id: cinemas.id, name: cinemas.name, city: cinemas.city, countryCode: cinemas.countryCode })
    .from(cinemas)
    .where(text ? or(ilike(cinemas.name, pattern), ilike(cinemas.city, pattern)) : undefined)
    .orderBy(
      // Name matches before city-only matches, names starting with the text first.
      text ? sql`(${cinemas.name} ilike ${pattern}) desc` : sql`true`,
      text ? sql`(${cinemas.name} ilike ${likePattern(text).slice(1)}) desc` : sql`true`,
      asc(sql`lower(${cinemas.name})`),
      asc(cinemas.id),
    )
    .limit(CINEMA_OPTIONS_MAX);
  return rows.map((r) => ({ value: r.id, label: r.name, hint: `${r.city}, ${r.countryCode}` }));
}
