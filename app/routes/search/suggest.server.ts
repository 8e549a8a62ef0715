// The answer of GET /search/suggest?q=text[&city=&date=&near=] (the route: suggest.ts): the home page
// search's suggestions while typing, as JSON `{ query, suggestions: [{ kind, label, detail, path }] }`.
// Public and cheap: short texts only, answers remembered for a minute per text, place and language (and
// cached by browsers as long); a malformed request gets 400 with a message saying what is wrong.
import { z } from "zod";
import { memoizeAsync } from "../../../core/shared/memoize.ts";
import { normalizeName } from "../../../core/catalog/search/fuzzy-match.ts";
import type { Locale } from "../../../core/i18n/locales.ts";
import type { AppServices } from "../../../core/services.ts";
import { parseNear } from "../../../core/showtimes/public-listing.ts";
import { requestLocale } from "../../lib/request-locale.server.ts";
import { suggest, type Suggestion } from "../home/film-search.server.ts";

/** Suggestions make sense from two letters; texts longer than a title are refused. */
const MIN_LETTERS = 2;
const MAX_QUERY = 100;
const TTL_MS = 60_000;

// eslint-disable-next-line no-control-regex
const noControl = (value: string) => !/[\u0000-\u001f\u007f]/.test(value);

const querySchema = z.object({
  q: z
    .string({ error: "Give the text to suggest for as q." })
    .trim()
    .min(1, "Give the text to suggest for as q.")
    .max(MAX_QUERY, `q is at most ${MAX_QUERY} characters long.`)
    .refine(noControl, "q may not hold control characters."),
  city: z
    .string()
    .trim()
    .max(100, "city is at most 100 characters long.")
    .refine(noControl, "city may not hold control characters.")
    .optional(),
  date: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2}|tonight)$/, "date is a day as YYYY-MM-DD, or tonight.")
    .optional(),
  near: z
    .string()
    .refine((value) => parseNear(value) !== undefined, "near is a position as latitude,longitude.")
    .optional(),
});

type Input = z.infer<typeof querySchema> & { locale: Locale };

// One memo per app, so that apps sharing this module (tests) never share answers.
const memos = new WeakMap<AppServices, (input: Input) => Promise<{ suggestions: Suggestion[] }>>();

function memoFor(services: AppServices) {
  let memo = memos.get(services);
  if (!memo) {
    memo = memoizeAsync(
      async (input: Input) => {
        const params = new URLSearchParams();
        for (const key of ["city", "date", "near"] as const) {
          const value = input[key];
          if (value) params.set(key, value);
        }
        return { suggestions: await suggest(services, input.q, params, input.locale) };
      },
      {
        ttlMs: TTL_MS,
        max: 2000,
        key: (input) =>
          [input.locale, normalizeName(input.q), input.city?.toLowerCase(), input.date, input.near].join("|"),
      },
    );
    memos.set(services, memo);
  }
  return memo;
}

/** The answer to one request: 400 with a message, or the suggestions. */
export async function answerSuggest(services: AppServices, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const parsed = querySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "The request is not valid.";
    return Response.json(
      { error: "invalid-request", message },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const input = { ...parsed.data, locale: requestLocale(request) };
  const answer =
    normalizeName(input.q).length < MIN_LETTERS ? { suggestions: [] } : await memoFor(services)(input);
  return Response.json(
    { query: input.q, ...answer },
    { headers: { "Cache-Control": "public, max-age=60", Vary: "Accept-Language, Cookie" } },
  );
}
