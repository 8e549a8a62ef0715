// GET /sitemap.xml: the public pages (home, cookie statement, every city with an open cinema) in
// English, Dutch and language-neutral, with their hreflang alternates.
import { listCitiesForSitemap } from "../../../core/catalog/places.ts";
import { sitemapXml } from "../../lib/crawler-files.ts";
import { servicesContext } from "../../lib/context.ts";
import { cityPagePath } from "../home/listing.server.ts";
import type { Route } from "./+types/sitemap.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const cities = await listCitiesForSitemap(services);
  // Same-named cities in two countries share one page ("?city=" picks the larger).
  const pages = [...new Set(["/", "/cookieverklaring", "/terms", "/privacy", ...cities.map(cityPagePath)])];
  return new Response(sitemapXml(services.config.baseUrl, pages), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
