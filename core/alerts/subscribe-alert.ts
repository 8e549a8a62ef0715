// "Tell me when showtimes appear": an e-mail follows a film in a city (optionally one format). No account:
// double opt-in instead. The answer is the same whether the address is new, pending or confirmed, and
// whether a mail went out (limits), so the form reveals nobody's subscriptions.
import { and, eq, sql } from "drizzle-orm";
import { showtimeAlerts } from "../../db/schema/alerts.ts";
import { cinemas, movies } from "../../db/schema/catalog.ts";
import { AppError } from "../errors.ts";
import { isLocale } from "../i18n/locales.ts";
import type { AppServices } from "../services.ts";
import { parseInput } from "../shared/input.ts";
import { confirmationMail } from "./alert-mail.ts";
import { subscribeAlertSchema, type SubscribeAlertInput } from "./alert-schemas.ts";
import { hashToken, newToken } from "./alert-tokens.ts";

export type AlertServices = Pick<
  AppServices,
  "db" | "mailer" | "i18n" | "config" | "accounts" | "logger" | "now"
>;

function tooMany(ms: number) {
  return new AppError("rate_limited", "alerts.tooMany", {
    retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
  });
}

/** The followable film (not hidden, not merged) and the city as the catalogue spells it. */
async function findTarget(services: Pick<AppServices, "db">, movieSlug: string, cityText: string) {
  const { db } = services;
  const [[movie], [city]] = await Promise.all([
    db
      .select({ id: movies.id, title: movies.title })
      .from(movies)
      .where(and(eq(movies.slug, movieSlug), eq(movies.status, "active")))
      .limit(1),
    db
      .select({ city: cinemas.city, countryCode: cinemas.countryCode })
      .from(cinemas)
      .where(and(sql`lower(${cinemas.city}) = lower(${cityText})`, eq(cinemas.status, "open")))
      .groupBy(cinemas.city, cinemas.countryCode)
      .orderBy(sql`count(*) desc`)
      .limit(1),
  ]);
  const fieldErrors: Record<string, string> = {};
  if (!movie) fieldErrors.movieSlug = "follow.error.film";
  if (!city) fieldErrors.city = "follow.error.city";
  if (!movie || !city) throw new AppError("invalid_input", "form.invalid", { fieldErrors });
  return { movie, city };
}

export async function subscribeToAlert(
  services: AlertServices,
  actor: { clientAddress: string; locale: string },
  /** as the form sent it: checked here */
  input: Partial<Record<keyof SubscribeAlertInput, string>>,
): Promise<{ accepted: true }> {
  const { db, accounts } = services;
  const wait = await accounts.limits.take("alertSubscribeIp", actor.clientAddress);
  if (wait > 0) throw tooMany(wait);
  const { email, city: cityText, format, movieSlug } = parseInput(subscribeAlertSchema, input);
  const { movie, city } = await findTarget(services, movieSlug, cityText);
  // Beyond the address's limit nothing is sent, and the answer does not say so.
  if ((await accounts.limits.take("alertSubscribeAddress", email)) > 0) return { accepted: true };

  const token = newToken();
  const now = services.now();
  const locale = isLocale(actor.locale) ? actor.locale : "en";
  const key = { email, movieId: movie.id, countryCode: city.countryCode, city: city.city, format };
  // A new follower, or one still pending (a fresh link replaces the old one); a confirmed one is left be.
  const [row] = await db
    .insert(showtimeAlerts)
    .values({ ...key, locale, confirmTokenHash: hashToken(token), confirmSentAt: now })
    .onConflictDoUpdate({
      target: [
        showtimeAlerts.email,
        showtimeAlerts.movieId,
        showtimeAlerts.countryCode,
        showtimeAlerts.city,
        showtimeAlerts.format,
      ],
      set: { confirmTokenHash: hashToken(token), confirmSentAt: now, locale },
      setWhere: eq(showtimeAlerts.status, "pending"),
    })
    .returning({ id: showtimeAlerts.id });
  if (!row) return { accepted: true };

  const confirmUrl = new URL("/alerts/confirm", services.config.baseUrl);
  confirmUrl.searchParams.set("token", token);
  const mail = confirmationMail(services.i18n, {
    to: email,
    locale,
    film: movie.title,
    city: city.city,
    format,
    confirmUrl: confirmUrl.toString(),
  });
  try {
    await services.mailer.send(mail);
  } catch (error) {
    // The visitor may try again; the answer stays the same either way.
    services.logger.error({ err: error, alertId: row.id }, "alert confirmation mail failed");
  }
  return { accepted: true };
}
