// /studio/documentation on the server: what the snippet builder needs about the effective client — its
// working publishable keys (name, prefix and country subset: the studio keeps only a key's hash, so never
// its value), whether it has registered domains, and whether this studio's own host is one of them (the
// live preview calls the API from here, with the key, like any embedding page would), and the languages
// the widget speaks, by their own names. Plus the widget builder's choices of cinema, city or movie,
// within the client's countries (and the key's subset).
import type { RouterContextProvider } from "react-router";
import { listGrantedCountries } from "../../../core/country-access/list-granted-countries.ts";
import { can } from "../../../core/access/permissions.ts";
import { listCinemas } from "../../../core/api/cinemas/list-cinemas.ts";
import { listCities } from "../../../core/api/cities/list-cities.ts";
import { listMovies } from "../../../core/api/movies/list-movies.ts";
import { listApiKeys } from "../../../core/api-keys/list-api-keys.ts";
import { DOMAINS_PER_CLIENT_MAX } from "../../../core/domains/domain-schemas.ts";
import { comparableHost } from "../../../core/domains/hostname.ts";
import { listDomains } from "../../../core/domains/list-domains.ts";
import { localeOptions } from "../../../core/i18n/locale-names.ts";
import { hostMatches } from "../../../core/domains/origin-allowed.ts";
import { requestLocale } from "../../lib/request-locale.server.ts";
import { readChoice } from "../../lib/table-query.server.ts";
import { studioRequest } from "../../lib/studio-request.server.ts";
import { FILTER_KINDS, WIDGET_LOCALES } from "./documentation-snippet.ts";

/** More keys than a client keeps in practice (a client holds at most 20 unrevoked ones). */
const KEY_LIMIT = 100;
/** Choices per search: enough to find one by typing a little more. */
const CHOICE_LIMIT = 20;
const QUERY_MAX = 100;

export async function loadDocumentation(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor, effectiveClient } = session;
  const baseUrl = services.config.baseUrl;
  if (!effectiveClient) return { kind: "no-client" as const, isSuperAdmin: actor.isSuperAdmin, baseUrl };
  const clientId = effectiveClient.id;
  const [keys, domains] = await Promise.all([
    listApiKeys(services, actor, { clientId, kind: "publishable", sort: "name", pageSize: KEY_LIMIT }),
    listDomains(services, actor, { clientId, pageSize: DOMAINS_PER_CLIENT_MAX }),
  ]);
  const hostnames = domains.rows.map((row) => row.hostname);
  // The preview runs in this page: its requests carry this page's host as their Origin.
  const studioHost = comparableHost(new URL(request.url).hostname);
  return {
    kind: "client" as const,
    baseUrl,
    client: { id: clientId, name: effectiveClient.name },
    keys: keys.rows.flatMap((key) =>
      // Only keys that still work: active, or rotated and inside their grace period.
      key.status === "active" || key.status === "expiring"
        ? [{ id: key.id, name: key.name, prefix: key.prefix, countries: key.countries, status: key.status }]
        : [],
    ),
    // Every language the widget speaks, by its own name (named here: browsers lack some names).
    locales: localeOptions(WIDGET_LOCALES),
    domainCount: domains.total,
    studioHost,
    previewAllowed: hostMatches(hostnames, studioHost),
    canManageKeys: can(actor, "keys.write", clientId),
    canManageDomains: can(actor, "domains.write", clientId),
  };
}

export type ChoiceOption = { value: string; label: string; hint?: string };

/**
 * GET /studio/documentation/options?kind=city|cinema|movie&q=…&countries=NL,BE: the builder's choices
 * within the effective client's countries today, narrowed to `countries` (a key's subset) when given —
 * never widened. Values are what the widget's data- attributes take: a city's name, a cinema's or a
 * movie's id.
 */
export async function loadDocumentationChoices(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<ChoiceOption[]> {
  const { services, session } = studioRequest(context);
  const clientId = session.effectiveClient?.id;
  if (!clientId) return [];
  const params = new URL(request.url).searchParams;
  const kind = readChoice(params, "kind", FILTER_KINDS);
  if (!kind) return [];
  const q = (params.get("q") ?? "").trim().slice(0, QUERY_MAX) || undefined;
  const granted = await listGrantedCountries(services, session.actor, clientId);
  const asked = (params.get("countries") ?? "")
    .split(",")
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  const countries = asked.length ? granted.filter((code) => asked.includes(code)) : granted;
  if (countries.length === 0) return [];
  const scope = { countries };
  switch (kind) {
    case "city": {
      const page = await listCities(services, scope, { q, limit: CHOICE_LIMIT });
      return page.data.map((city) => ({ value: city.name, label: city.name, hint: city.country }));
    }
    case "cinema": {
      const page = await listCinemas(services, scope, { q, limit: CHOICE_LIMIT });
      return page.data.map((cinema) => ({
        value: cinema.id,
        label: cinema.name,
        hint: `${cinema.city}, ${cinema.country}`,
      }));
    }
    case "movie": {
      const locale = requestLocale(request, services.i18n.offered) === "nl" ? "nl" : "en";
      const page = await listMovies(services, scope, { q, now_playing: true, locale, limit: CHOICE_LIMIT });
      return page.data.map((movie) => ({
        value: movie.id,
        label: movie.title,
        hint: movie.year ? String(movie.year) : undefined,
      }));
    }
  }
}
