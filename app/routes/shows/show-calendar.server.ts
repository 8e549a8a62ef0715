// A show as a calendar event (the .ics download, the cinema and film feeds, the Google Calendar link):
// the film at the cinema, its local start and end, where, what kind of show, how its end was found and
// where to book. Texts in the reader's language.
import type { CalendarEvent } from "../../../core/calendar/ics.ts";
import type { MessageKey, MessageValues } from "../../../core/i18n/message-ref.ts";
import {
  PRE_SHOW_MINUTES,
  UNKNOWN_RUNTIME_MINUTES,
  type PublicShow,
} from "../../../core/showtimes/public-shows.ts";
import { withSiteUtm } from "../../lib/showtime-view.server.ts";

export type Format = (key: MessageKey, values?: MessageValues) => string;

/** `/shows/{id}`: the show's own page; the time chips link here. */
export function showPagePath(id: string): string {
  return `/shows/${encodeURIComponent(id)}`;
}

export function showCalendarPath(id: string): string {
  return `${showPagePath(id)}/calendar.ics`;
}

export function bookingUrlOf(show: PublicShow): string | null {
  return show.booking ? withSiteUtm(show.booking.url) : null;
}

/** Why the end is what it is, in words (the page and the event's description say it). */
export function endNote(show: PublicShow, format: Format): string {
  if (show.endBasis === "feed") return format("show.endFromFeed");
  const minutes = show.runtimeMinutes ?? UNKNOWN_RUNTIME_MINUTES;
  if (show.endBasis === "feature") return format("show.endFromFeature", { minutes });
  return show.runtimeMinutes === null
    ? format("show.endEstimatedNoRuntime", { margin: PRE_SHOW_MINUTES, minutes })
    : format("show.endEstimated", { margin: PRE_SHOW_MINUTES, minutes });
}

export function locationOf(show: PublicShow): string {
  const { cinema } = show;
  const street = [cinema.address, [cinema.postalCode, cinema.city].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return `${cinema.name}, ${street}`;
}

export function showEvent(
  show: PublicShow,
  context: { format: Format; attributeName: ReadonlyMap<string, string>; host: string; pageUrl: string },
): CalendarEvent {
  const { format } = context;
  const booking = bookingUrlOf(show);
  const attributes = show.attributes.map((code) => context.attributeName.get(code) ?? code);
  const description = [
    attributes.length ? attributes.join(", ") : null,
    show.auditorium ? format("show.auditorium", { auditorium: show.auditorium }) : null,
    endNote(show, format),
    booking ? format("show.calendar.booking", { url: booking }) : format("show.calendar.boxOffice"),
    context.pageUrl,
  ].filter((line): line is string => line !== null);
  return {
    uid: `show-${show.id}@${context.host}`,
    start: show.startsAt,
    end: show.endsAt,
    timeZone: show.cinema.timeZone,
    summary: show.movie.title,
    location: locationOf(show),
    description: description.join("\n"),
    url: booking ?? context.pageUrl,
    stamp: show.updatedAt,
  };
}
