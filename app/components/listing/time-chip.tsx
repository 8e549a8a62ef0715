// A showtime's time chip, as every public listing shows it ("/", film and cinema pages): the time, end
// time and "+1" after midnight, attribute badges, price and seat state; a link to the booking page that
// the widget turns into its ticket panel once its script is ready. Sold-out shows are no link, nor are
// shows without a booking link: those look different (dashed, no link styling) and say "Box office".
import { useT, type MessageKey } from "../../lib/i18n.tsx";

/** What a chip shows of a showtime (app/lib/showtime-view.server.ts shapes it). */
export type ChipShowtime = {
  time: string;
  endTime: string | null;
  afterMidnight: boolean;
  started: boolean;
  startsAt: string;
  badges: { code: string; name: string }[];
  availability: "available" | "few-left" | "sold-out" | "unknown";
  bookingUrl: string | null;
  /** the link is only the cinema's site (no deep link to the show) */
  atSite: boolean;
  auditorium: string | null;
  seatsAvailable: number | null;
  seatsTotal: number | null;
  price: string | null;
};

const AVAILABILITY_KEY: Record<ChipShowtime["availability"], MessageKey> = {
  available: "availability.available",
  "few-left": "availability.fewLeft",
  "sold-out": "availability.soldOut",
  unknown: "availability.unknown",
};

/**
 * Where a chip links: the show's booking (or the cinema's site), nothing when sold out or without a link.
 * The one place that decides it, so pointing chips at a page of their own is a one-line change.
 */
export function chipHref(showtime: Pick<ChipShowtime, "bookingUrl" | "availability">): string | null {
  return showtime.availability === "sold-out" ? null : showtime.bookingUrl;
}

/**
 * A showtime: its visible time and attribute badges, then (for screen readers only) availability,
 * price and where it books. The accessible name is the chip's own text, so it starts with the
 * visible time and contains every visible word in order (WCAG 2.5.3, label in name); an
 * aria-label would replace that text and drift from it.
 */
export function TimeChip({
  showtime,
  cinema,
  title,
  markAtSite = true,
}: {
  showtime: ChipShowtime;
  cinema: string;
  title: string;
  /** say on the chip itself that its link is only the cinema's site (unless the cinema's line says so) */
  markAtSite?: boolean;
}) {
  const t = useT();
  const availability = t(AVAILABILITY_KEY[showtime.availability]);
  const soldOut = showtime.availability === "sold-out";
  const href = chipHref(showtime);
  const bookable = href !== null;
  // Not sold out, but nothing to book online: tickets at the cinema's box office.
  const boxOffice = !soldOut && !bookable;
  const atSite = bookable && showtime.atSite;
  const details = [
    showtime.endTime ? t("home.endsAt", { time: showtime.endTime }) : null,
    showtime.afterMidnight ? t("home.afterMidnight") : null,
    showtime.started ? t("home.started") : null,
    availability,
    showtime.price,
    bookable ? (atSite ? t("home.bookAtCinemaSite") : t("home.bookAt", { cinema })) : null,
    bookable ? t("common.opensInNewTab") : null,
  ]
    .filter(Boolean)
    .join(", ");
  // What a glance needs besides the time: the price, the state of the seats when it matters, whether it
  // has started (a started show with few seats left says both), and where to buy when not online.
  const status = [
    showtime.availability === "sold-out" || showtime.availability === "few-left" ? availability : null,
    showtime.started ? t("home.started") : null,
  ]
    .filter(Boolean)
    .join(" · ");
  const content = (
    <>
      <span className="time-chip-time">
        <time dateTime={showtime.startsAt}>{showtime.time}</time>
        {showtime.afterMidnight ? (
          <span aria-hidden="true" className="time-chip-next-day" title={t("home.afterMidnight")}>
            +1
          </span>
        ) : null}
        {showtime.endTime ? (
          <span aria-hidden="true" className="time-chip-end">
            –{showtime.endTime}
          </span>
        ) : null}
      </span>
      {showtime.badges.length ? (
        <span className="time-chip-badges">
          {showtime.badges.map((b) => (
            <span key={b.code} className="attribute-badge">
              <span className="sr-only">, </span>
              {b.name}
            </span>
          ))}
        </span>
      ) : null}
      {showtime.price || status || (atSite && markAtSite) ? (
        <span aria-hidden="true" className="time-chip-meta">
          <span className="sr-only">, </span>
          {[showtime.price, status || null, atSite && markAtSite ? t("home.atCinemaSite") : null]
            .filter(Boolean)
            .join(" · ")}
        </span>
      ) : null}
      {boxOffice ? (
        <span aria-hidden="true" className="time-chip-box-office">
          {t("home.boxOffice")}
        </span>
      ) : null}
      <span className="sr-only">, {details}</span>
    </>
  );
  // Box office: no link, and a name that says so (a group, so that it has one; the time comes first).
  if (boxOffice) {
    return (
      <span
        role="group"
        aria-label={t("home.boxOfficeChip", { time: showtime.time })}
        className="time-chip"
        data-testid="time-chip"
        data-availability={showtime.availability}
        data-booking="box-office"
      >
        {content}
      </span>
    );
  }
  // Sold out: nothing to book, so not a link.
  if (href === null) {
    return (
      <span className="time-chip" data-testid="time-chip" data-availability={showtime.availability}>
        {content}
      </span>
    );
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="time-chip"
      data-testid="time-chip"
      data-availability={showtime.availability}
      // Once the widget script is ready it opens its ticket panel from these (widget/src/ticket-dialog.ts).
      data-reeltime-ticket=""
      // The cinema's site, not the show's booking: the panel's button says so.
      data-booking={atSite ? "site" : undefined}
      data-title={title}
      data-cinema={cinema}
      data-time={showtime.time}
      data-starts-at={showtime.startsAt}
      data-price={showtime.price ?? undefined}
      data-seats={
        showtime.seatsAvailable === null
          ? undefined
          : showtime.seatsTotal === null
            ? t("home.seatsLeft", { available: showtime.seatsAvailable })
            : t("home.seatsOf", { available: showtime.seatsAvailable, total: showtime.seatsTotal })
      }
      data-auditorium={showtime.auditorium ?? undefined}
      data-attributes={showtime.badges.map((b) => b.name).join(", ") || undefined}
    >
      {content}
    </a>
  );
}
