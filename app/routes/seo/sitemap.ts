// GET /sitemap.xml: the public pages (home, cookie statement, every city with an open cinema, and the
// film and cinema pages with showtimes in the coming fortnight) in English, Dutch and language-neutral,
// with their hreflang alternates.
import { listCitiesForSitemap } from "../../../core/catalog/cinemas/places.ts";
import { listCinemaSlugsForSitemap, listFilmSlugsForSitemap } from "../../../core/catalog/sitemap-pages.ts";
import { sitemapXml } from "../../lib/crawler-files.ts";
import { servicesContext } from "../../lib/context.ts";
import { cinemaPagePath, filmPagePath } from "../../lib/public-paths.ts";
import { cityPagePath } from "../home/listing.server.ts";
import type { Route } from "./+types/sitemap.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [cities, films, cinemas] = await Promise.all([
    listCitiesForSitemap(services),
    listFilmSlugsForSitemap(services),
    listCinemaSlugsForSitemap(services),
  ]);
  // Same-named cities in two countries share one page ("?city=" picks the larger). A film's page is listed
  // without a place: it opens where the film plays (Amsterdam, else its busiest city).
  const pages = [
    ...new Set([
      "/",
      "/cookieverklaring",
      "/terms",
      "/privacy",
      ...cities.map(cityPagePath),
      ...films.map((slug) => filmPagePath(slug)),
      ...cinemas.map((slug) => cinemaPagePath(slug)),
    ]),
  ];
  return new Response(sitemapXml(services.config.baseUrl, pages), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
