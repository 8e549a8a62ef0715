import { describe, expect, it } from "vitest";
import { publicPageMeta } from "./page-meta.ts";

const BASE = "https://reeltime.example";
const rootMeta = [
  { title: "Reeltime" },
  { name: "description", content: "Showtimes" },
  { property: "og:title", content: "Reeltime" },
  { property: "og:description", content: "Showtimes" },
  { name: "twitter:title", content: "Reeltime" },
  { name: "twitter:description", content: "Showtimes" },
  { property: "og:site_name", content: "Reeltime" },
];
// The root match as React Router hands it to a route's meta: its tags and its loader's base URL.
const matches = [
  { id: "root", meta: rootMeta, loaderData: { baseUrl: `${BASE}/` } },
  { id: "routes/films/route", meta: [] },
];

describe("publicPageMeta", () => {
  it("replaces the root's title and description with the page's, once, and keeps the root's other tags", () => {
    const meta = publicPageMeta(
      matches,
      { search: "?lang=nl" },
      {
        pageTitle: "Dune",
        metaDescription: "Where Dune plays",
        canonicalPath: "/films/dune",
      },
    );
    expect(meta.filter((d) => "title" in d)).toEqual([{ title: "Dune · Reeltime" }]);
    expect(meta).toContainEqual({ property: "og:title", content: "Dune · Reeltime" });
    expect(meta).toContainEqual({ name: "twitter:description", content: "Where Dune plays" });
    expect(meta).toContainEqual({ property: "og:site_name", content: "Reeltime" });
    expect(meta.filter((d) => "name" in d && d.name === "description")).toEqual([
      { name: "description", content: "Where Dune plays" },
    ]);
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: `${BASE}/films/dune?lang=nl` });
    expect(meta.some((d) => "name" in d && d.name === "robots")).toBe(false);
  });

  it("marks a page not worth a search result as noindex", () => {
    const meta = publicPageMeta(
      matches,
      { search: "" },
      { pageTitle: "Nowhere", canonicalPath: "/", noindex: true },
    );
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
    expect(meta).toContainEqual({ name: "description", content: "" });
  });

  it("gives an error screen (no loader data) the root's tags and no canonical link", () => {
    expect(publicPageMeta(matches, { search: "" }, undefined)).toEqual(rootMeta);
  });
});
