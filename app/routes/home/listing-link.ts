// The home page's loader data as its components see it, and links to other listings of it.
import type { Route } from "./+types/route.ts";
import { listingParams, type ListingChanges } from "./listing-params.ts";

export type HomeData = Route.ComponentProps["loaderData"];
export type HomeCinema = HomeData["movies"][number]["cinemas"][number];
export type HomeShowtime = HomeCinema["showtimes"][number];

/** The listing at this place with the day, pick, filters and order changed as asked. */
export function listingHref(data: HomeData, changes: ListingChanges) {
  const params = new URLSearchParams();
  if (data.place.kind === "near") params.set("near", data.place.near);
  else params.set("city", data.place.city);
  listingParams(params, data, changes);
  return `/?${params.toString()}`;
}
