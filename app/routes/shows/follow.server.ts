// Server side of /films/{slug}/follow: the film to follow (GET) and the subscription (POST). Every outcome
// but a field error or the limit is the same neutral "check your inbox".
import { findPublicMovie } from "../../../core/catalog/movies/find-public-movie.ts";
import { subscribeToAlert } from "../../../core/alerts/subscribe-alert.ts";
import { isAppError } from "../../../core/errors.ts";
import type { Locale } from "../../../core/i18n/locales.ts";
import { messageRef } from "../../../core/i18n/message-ref.ts";
import { requestMeta } from "../../../core/request-meta.ts";
import type { AppServices } from "../../../core/services.ts";
import { DEFAULT_CITY } from "../../../core/showtimes/public-listing.ts";
import { readForm } from "../../lib/form-action.server.ts";
import { emptyFollowState, type FollowFormState } from "./follow-state.ts";

export async function followedFilm(services: AppServices, slug: string, locale: Locale) {
  const lookup = await findPublicMovie(services, slug, locale);
  return lookup.kind === "found" ? { slug: lookup.movie.slug, title: lookup.movie.title } : null;
}

export function initialFollowState(url: URL): FollowFormState {
  return emptyFollowState(url.searchParams.get("city")?.trim().slice(0, 100) || DEFAULT_CITY.city);
}

export async function follow(
  services: AppServices,
  request: Request,
  slug: string,
  locale: Locale,
): Promise<{ state: FollowFormState; status: number }> {
  const form = await readForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = { email: text("email"), city: text("city"), format: text("format") };
  const state: FollowFormState = { sent: false, errors: {}, formError: null, values };
  try {
    await subscribeToAlert(
      services,
      { clientAddress: requestMeta(request).ip ?? "unknown", locale },
      { ...values, movieSlug: slug },
    );
    // The address is not echoed back: the page says the same for every address.
    return { state: { ...state, sent: true, values: { ...values, email: "" } }, status: 200 };
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === "invalid_input")
      return { state: { ...state, errors: error.fieldErrors }, status: 400 };
    if (error.code === "rate_limited")
      return { state: { ...state, formError: messageRef("follow.error.tooMany") }, status: 429 };
    throw error;
  }
}
