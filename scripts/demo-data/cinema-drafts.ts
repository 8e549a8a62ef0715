// A cinema as each country's source gives it, before the whole list gets its unique slugs.
import type { DemoCinema } from "../../db/seed/demo-data-types.ts";
import { compare, slugify } from "./source-values.ts";

export type CinemaDraft = Omit<DemoCinema, "slug"> & { baseSlug: string; sortKey: string };

/** Unique slugs: a base slug shared by several cinemas gets the city; if still shared, a counter. */
export function assignCinemaSlugs(drafts: CinemaDraft[]): DemoCinema[] {
  const byBase = new Map<string, number>();
  for (const d of drafts) byBase.set(d.baseSlug, (byBase.get(d.baseSlug) ?? 0) + 1);
  const withCity = drafts
    .map((d) => {
      const base = d.baseSlug || "cinema";
      const citySlug = slugify(d.city);
      const slug =
        (byBase.get(d.baseSlug) ?? 0) > 1 && !base.endsWith(citySlug) ? `${base}-${citySlug}` : base;
      return { d, slug };
    })
    .sort((a, b) => compare(a.slug, b.slug) || compare(a.d.sortKey, b.d.sortKey));
  const counts = new Map<string, number>();
  for (const x of withCity) counts.set(x.slug, (counts.get(x.slug) ?? 0) + 1);
  const seen = new Map<string, number>();
  const out: DemoCinema[] = [];
  for (const { d, slug } of withCity) {
    let final = slug;
    if ((counts.get(slug) ?? 0) > 1) {
      const k = (seen.get(slug) ?? 0) + 1;
      seen.set(slug, k);
      final = k === 1 ? slug : `${slug}-${k}`;
    }
    const { baseSlug: _b, sortKey: _s, ...rest } = d;
    out.push({ slug: final, ...rest });
  }
  const unique = new Set(out.map((c) => c.slug));
  if (unique.size !== out.length) throw new Error("cinema slugs are not unique");
  return out.sort((a, b) => compare(a.country, b.country) || compare(a.slug, b.slug));
}
