// Super admins add a showtime by hand: a cinema that is open, an active movie, and a listing day and time
// read in the CINEMA's time zone (decision 003: the day runs 03:00 → 03:00, so "Friday 00:30" is the night
// after Friday, Saturday 00:30 on the clock). The country is the cinema's; no source (a manual showtime).
import { eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { attributes, cinemas } from "../../db/schema/catalog.ts";
import { showtimes } from "../../db/schema/showtimes.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { invalidateApiData } from "../cache/invalidate-api-data.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import type { Transaction } from "../catalog/attributes/attributes.ts";
import { queryRows } from "../shared/db-rows.ts";
import { AppError } from "../errors.ts";
import { messageRef } from "../i18n/message-ref.ts";
import { parseInput } from "../shared/input.ts";
import { addDays, LISTING_DAY_START_HOUR } from "./listing-day.ts";
import { addShowtimeSchema } from "./showtime-schemas.ts";
import { findActiveMovie, type ShowtimeServices } from "./studio-showtimes.ts";

export type AddedShowtime = {
  id: string;
  startsAt: Date;
  cinemaName: string;
  movieTitle: string;
  /** the listing day it was added to, YYYY-MM-DD */
  date: string;
  time: string;
};

/** The instant of a local wall-clock time in `timeZone`, as PostgreSQL reads it. */
async function instantIn(tx: Transaction, day: string, time: string, timeZone: string): Promise<Date> {
  const [row] = await queryRows<{ at: Date | string }>(
    tx,
    sql`select ((${day}::date + ${time}::time) at time zone ${timeZone}) as at`,
  );
  return new Date(row!.at);
}

async function checkCinema(tx: Transaction, cinemaId: string) {
  const [cinema] = await tx
    .select({
      id: cinemas.id,
      name: cinemas.name,
      status: cinemas.status,
      countryCode: cinemas.countryCode,
      timeZone: cinemas.timeZone,
    })
    .from(cinemas)
    .where(eq(cinemas.id, cinemaId));
  if (!cinema || cinema.status !== "open")
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: {
        cinemaId: cinema
          ? messageRef("studio.dataShowtimes.validation.cinemaClosed", { name: cinema.name })
          : "studio.dataShowtimes.validation.cinemaRequired",
      },
    });
  return cinema;
}

async function checkAttributes(tx: Transaction, codes: string[]) {
  if (codes.length === 0) return;
  const known = await tx
    .select({ code: attributes.code })
    .from(attributes)
    .where(inArray(attributes.code, codes));
  const unknown = codes.filter((code) => !known.some((k) => k.code === code));
  if (unknown.length > 0)
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: {
        attributes: messageRef("studio.dataShowtimes.validation.attributeUnknown", {
          codes: unknown.join(", "),
        }),
      },
    });
}

/**
 * The same film at the same cinema and minute, with the same attributes and languages, is one show: a
 * second copy would be listed twice to every visitor.
 */
async function checkNotListed(
  tx: Transaction,
  show: {
    cinemaId: string;
    movieId: string;
    startsAt: Date;
    attributes: string[];
    audioLanguage: string | null;
    subtitleLanguages: string[];
  },
) {
  const attributeList = sql`array[${sql.join(
    show.attributes.map((code) => sql`${code}`),
    sql`, `,
  )}]::text[]`;
  const subtitleList = sql`array[${sql.join(
    show.subtitleLanguages.map((code) => sql`${code}`),
    sql`, `,
  )}]::text[]`;
  const [listed] = await queryRows<{ id: string }>(
    tx,
    sql`select id from showtimes
        where cinema_id = ${show.cinemaId}::uuid and movie_id = ${show.movieId}::uuid
          and starts_at = ${show.startsAt} and status = 'scheduled'
          and attributes @> ${attributeList} and attributes <@ ${attributeList}
          and audio_language is not distinct from ${show.audioLanguage}
          and subtitle_languages @> ${subtitleList} and subtitle_languages <@ ${subtitleList}
        limit 1`,
  );
  if (listed)
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: { time: "studio.dataShowtimes.validation.alreadyListed" },
    });
}

export async function addShowtime(
  services: ShowtimeServices,
  actor: Actor,
  input: z.input<typeof addShowtimeSchema>,
): Promise<AddedShowtime> {
  requireSuperAdmin(actor);
  const data = parseInput(addShowtimeSchema, input);
  const added = await services.db.transaction(async (tx) => {
    // Every reference checked before anything is written: a refusal leaves no row behind.
    const cinema = await checkCinema(tx, data.cinemaId);
    const movie = await findActiveMovie(tx, data.movieId);
    await checkAttributes(tx, data.attributes);
    const beforeDayStarts = Number(data.time.slice(0, 2)) < LISTING_DAY_START_HOUR;
    const clockDay = beforeDayStarts ? addDays(data.date, 1) : data.date;
    const startsAt = await instantIn(tx, clockDay, data.time, cinema.timeZone);
    await checkNotListed(tx, {
      cinemaId: cinema.id,
      movieId: movie.id,
      startsAt,
      attributes: data.attributes,
      audioLanguage: data.audioLanguage ?? null,
      subtitleLanguages: data.subtitleLanguages,
    });
    const [created] = await tx
      .insert(showtimes)
      .values({
        cinemaId: cinema.id,
        countryCode: cinema.countryCode,
        movieId: movie.id,
        feedTitle: movie.title,
        startsAt,
        auditorium: data.auditorium ?? null,
        attributes: data.attributes,
        audioLanguage: data.audioLanguage ?? null,
        subtitleLanguages: data.subtitleLanguages,
        bookingUrl: data.bookingUrl ?? null,
        priceMin: data.priceMin ?? null,
        priceMax: data.priceMax ?? null,
        currency: data.currency ?? null,
        availability: data.availability,
        sourceId: null,
      })
      .returning();
    await writeAuditLog(tx, actor, {
      action: "catalog.showtime.create",
      entityType: "showtime",
      entityId: created!.id,
      clientId: null,
      after: created,
    });
    return {
      id: created!.id,
      startsAt,
      cinemaName: cinema.name,
      movieTitle: movie.title,
      date: data.date,
      time: data.time,
    };
  });
  await invalidateApiData(services);
  return added;
}
