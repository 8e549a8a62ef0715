// One listing day of one cinema: the shows (start minute, film, screen, version, attributes) its kind
// plays that day, before they become showtime rows. Minutes count from local midnight of the
// listing date; a show after midnight has a minute above 24 × 60.
import type { Venue } from "./demo-venues.ts";
import { ADS_MINUTES } from "./generated-showtime.ts";
import { type Version, versionFor } from "./language-versions.ts";
import { isoDate } from "./listing-time.ts";
import type { Film, Pools } from "./now-playing.ts";
import { pickWeighted, rngFor } from "./seeded-random.ts";
import { programme, programmeWeekKey, type Screen } from "./weekly-programme.ts";

export type Slot = {
  minute: number;
  film: Film;
  screen: number;
  version: Version;
  extra: string[];
  threeD: boolean;
  event?: "sneak" | "ladies";
};

type AddSlot = (
  minute: number,
  film: Film,
  screen: number,
  versionRoll: number,
  threeD?: boolean,
  premiumAttrs?: string[],
) => void;

/** What every part of a listing day's schedule reads; `rng` is the day's own draw sequence. */
type Day = {
  v: Venue;
  pools: Pools;
  dateMs: number;
  dayIndex: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
  weekKey: string;
  weekend: boolean;
  lateNight: boolean;
  films: Film[];
  screens: Screen[];
  rng: () => number;
  slots: Slot[];
  add: AddSlot;
};

const roundUp5 = (m: number) => Math.ceil(m / 5) * 5;

export function daySlots(v: Venue, pools: Pools, dateMs: number, dayIndex: number): Slot[] {
  const day = listingDay(v, pools, dateMs, dayIndex);
  if (v.kind === "itinerant") {
    itinerantShow(day);
  } else if (v.kind === "village") {
    villageShows(day);
  } else {
    screenShows(day);
    dutchChainEvents(day);
    arthouseQandA(day);
  }
  return day.slots;
}

function listingDay(v: Venue, pools: Pools, dateMs: number, dayIndex: number): Day {
  const weekday = new Date(dateMs).getUTCDay(); // 0 Sunday … 6 Saturday
  const weekKey = programmeWeekKey(dateMs, v.c.country);
  const { films, screens } = programme(v, pools, weekKey);
  const rng = rngFor(`day:${v.c.slug}:${isoDate(dateMs)}`);
  const weekend = weekday === 0 || weekday === 6;
  const lateNight = weekday === 5 || weekday === 6;
  const kidsDay = weekend || weekday === 3;
  const slots: Slot[] = [];
  const add: AddSlot = (minute, film, screen, versionRoll, threeD = false, premiumAttrs = []) => {
    const version = versionFor(v, film, versionRoll);
    const extra = [...premiumAttrs];
    if (threeD) extra.push("3d");
    if (film.family && kidsDay && minute < 13 * 60) extra.push("kids");
    slots.push({ minute, film, screen, version, extra, threeD });
  };
  return {
    v,
    pools,
    dateMs,
    dayIndex,
    weekday,
    weekKey,
    weekend,
    lateNight,
    films,
    screens,
    rng,
    slots,
    add,
  };
}

/** A travelling circuit: one evening show on about two days a week. */
function itinerantShow({ v, dateMs, films, rng, add }: Day): void {
  if (rngFor(`itinerant:${v.c.slug}:${isoDate(dateMs)}`)() < 0.28)
    add(20 * 60 + 30, films[Math.floor(rng() * films.length)]!, 1, rng());
}

/** A village cinema: closed on some weekdays; 1–3 shows when open. */
function villageShows({ v, weekday, weekKey, weekend, films, rng, add }: Day): void {
  const openChance = [0.95, 0.35, 0.3, 0.85, 0.45, 0.9, 0.95][weekday]!;
  if (rngFor(`open:${v.c.slug}:${weekKey}:${weekday}`)() >= openChance) return;
  const times = weekend
    ? [14 * 60 + 30, 17 * 60, 20 * 60 + 30]
    : weekday === 3
      ? [15 * 60, 20 * 60 + 30]
      : [20 * 60 + 30];
  const n = Math.max(1, Math.min(times.length, 1 + Math.floor(rng() * times.length)));
  const chosen = n === times.length ? times : times.slice(times.length - n);
  for (const t of chosen)
    add(
      t,
      pickWeighted(films, (f) => f.weight, rng()),
      1,
      rng(),
    );
}

/** First and last start of the day and the most shows a screen runs, by kind and day of the week. */
function openingHours({ v, weekday, weekend, lateNight }: Day) {
  const firstStart =
    v.kind === "multiplex"
      ? weekend || weekday === 3
        ? 10 * 60
        : 12 * 60 + 30
      : v.kind === "arthouse"
        ? weekend
          ? 12 * 60
          : 13 * 60 + 30
        : weekend || weekday === 3
          ? 14 * 60
          : 17 * 60 + 30;
  const lastStart =
    v.kind === "multiplex"
      ? lateNight
        ? 23 * 60 + 30
        : 22 * 60 + 30
      : v.kind === "arthouse"
        ? 22 * 60
        : 21 * 60 + 15;
  const fr = v.c.country === "FR";
  const maxShows = v.kind === "multiplex" ? (fr ? 5 : 6) : v.kind === "arthouse" ? (fr ? 3 : 4) : 3;
  return { firstStart, lastStart, maxShows };
}

/** Each screen plays its films back to back from its opening time, switching between them now and then. */
function screenShows(day: Day): void {
  const { v, weekKey, lateNight, screens, add } = day;
  const { firstStart, lastStart, maxShows } = openingHours(day);
  for (const screen of screens) {
    const seq = rngFor(`screen:${v.c.slug}:${weekKey}:${screen.number}`);
    let t = firstStart + screen.opening;
    let film = screen.films[0]!;
    let shows = 0;
    while (t <= lastStart && shows < maxShows) {
      add(
        roundUp5(t),
        film,
        screen.number,
        screen.versionRoll,
        screen.threeD && film === screen.films[0],
        screen.premium,
      );
      shows++;
      t = roundUp5(t) + ADS_MINUTES + film.runtimeMinutes + 15 + Math.floor(seq() * 3) * 5;
      if (screen.films.length > 1 && seq() < screen.switchChance)
        film = film === screen.films[0] ? screen.films[1]! : screen.films[0]!;
    }
    // Friday / Saturday: a late show after midnight on some multiplex screens
    if (v.kind === "multiplex" && lateNight && t <= 24 * 60 + 45 && t > lastStart && seq() < 0.35) {
      add(roundUp5(Math.max(t, 24 * 60)), film, screen.number, screen.versionRoll, false, screen.premium);
    }
  }
}

/** Events at Dutch chain multiplexes: the Monday sneak preview and the Thursday ladies night. */
function dutchChainEvents({ v, pools, dayIndex, weekday, films, slots }: Day): void {
  if (
    v.c.country !== "NL" ||
    v.kind !== "multiplex" ||
    !(v.c.chain === "pathe" || v.c.chain === "kinepolis" || v.c.chain === "vue-nl")
  )
    return;
  if (weekday === 1 && v.c.chain !== "vue-nl") {
    slots.push({
      minute: 21 * 60 + 15,
      film: films[0]!,
      screen: v.screens,
      version: { attributes: [], audio: null, subs: [], suffix: "" },
      extra: ["sneak-preview"],
      threeD: false,
      event: "sneak",
    });
  }
  if (weekday === 4 && dayIndex < 7) {
    const romcom = films.find((f) => f.romcom) ?? pools.mainstream.find((f) => f.romcom);
    if (romcom) {
      slots.push({
        minute: 19 * 60 + 45,
        film: romcom,
        screen: Math.max(1, v.screens - 1),
        version: versionFor(v, romcom, 0.99),
        extra: ["ladies-night"],
        threeD: false,
        event: "ladies",
      });
    }
  }
}

/** An occasional Q&A after an evening show at art-house cinemas. */
function arthouseQandA({ v, dateMs, slots }: Day): void {
  if (v.kind === "arthouse" && slots.length > 0 && rngFor(`qa:${v.c.slug}:${isoDate(dateMs)}`)() < 0.08) {
    const evening = slots.filter((s) => s.minute >= 19 * 60 && s.minute <= 21 * 60);
    if (evening.length > 0) evening[0]!.extra.push("q-and-a");
  }
}
