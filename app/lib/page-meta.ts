// The meta tags of a public page with a title of its own: the root's social tags with this page's title
// and description instead of the site's, and its canonical and hreflang links.
import type { MetaDescriptor } from "react-router";
import { publicPageLinks } from "./public-urls.ts";

/** The root's tags this page replaces with its own. */
function isReplacedMeta(d: MetaDescriptor) {
  if ("title" in d) return true;
  if ("name" in d) return ["description", "twitter:title", "twitter:description"].includes(String(d.name));
  return "property" in d && ["og:title", "og:description"].includes(String(d.property));
}

type MetaMatch = { id: string; meta: MetaDescriptor[] } | undefined;

/** What a public page's loader says of itself (the same names as in its loader data). */
export type PublicPageFacts = {
  pageTitle?: string;
  metaDescription?: string;
  canonicalPath: string;
  /** a page not worth a search result ("no such city", a past day) */
  noindex?: boolean;
};

export function publicPageMeta(
  matches: readonly MetaMatch[],
  location: { search: string },
  page: PublicPageFacts | undefined,
): MetaDescriptor[] {
  // The root's tags once (a layout without meta of its own repeats its parent's: flattening every
  // match's meta doubled them).
  const rootMeta = matches.find((m) => m?.id === "root")?.meta ?? [];
  if (!page?.pageTitle) return rootMeta;
  // The title names the page: "What's on in Utrecht · Reeltime" is what a search result should say.
  const title = `${page.pageTitle} · Reeltime`;
  const description = page.metaDescription ?? "";
  return [
    ...rootMeta.filter((d) => !isReplacedMeta(d)),
    { title },
    { property: "og:title", content: title },
    { name: "twitter:title", content: title },
    { name: "description", content: description },
    { property: "og:description", content: description },
    { name: "twitter:description", content: description },
    ...publicPageLinks(matches, location, page.canonicalPath),
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
