// GET /robots.txt: the crawl rules and where the sitemap is (absolute, from BASE_URL).
import { robotsTxt } from "../../lib/crawler-files.ts";
import { servicesContext } from "../../lib/context.ts";
import type { Route } from "./+types/robots.ts";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.get(servicesContext).config.baseUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
