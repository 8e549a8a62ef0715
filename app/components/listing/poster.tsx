// A film's poster, or, when the catalogue has none, an artwork made for the film in plain HTML and CSS:
// its title, year and genre set on its genre's colour (the film's own hue without one), never a broken
// image. Rendered on the server, no request and no JavaScript; the lettering scales with the poster's
// width (container units), so one design serves a thumbnail and the film page. Decorative either way:
// the page names the film in text.

export type PosterProps = {
  title: string;
  poster: { url: string; width: number | null; height: number | null } | null;
  /** 0–359: the stand-in's colour, stable per film (used when no genre gives one) */
  hue: number;
  /** the film's year, printed on the stand-in */
  year?: number | null;
  /** the first genre's code (movie-forms.ts MOVIE_GENRES): the stand-in's colour */
  genre?: string | null;
  /** that genre's name in the reader's language, printed on the stand-in */
  genreLabel?: string | null;
  className?: string;
};

/** One hue per genre: warm for action and comedy, cold for crime and science fiction, and so on. */
const GENRE_HUES: Record<string, number> = {
  action: 8,
  adventure: 28,
  animation: 185,
  biography: 38,
  comedy: 45,
  crime: 222,
  documentary: 165,
  drama: 262,
  family: 130,
  fantasy: 290,
  history: 20,
  horror: 352,
  music: 315,
  musical: 325,
  mystery: 245,
  romance: 335,
  "science-fiction": 198,
  sport: 100,
  thriller: 210,
  war: 70,
  western: 30,
};

export function posterArtworkHue(genre: string | null | undefined, hue: number): number {
  return (genre ? GENRE_HUES[genre] : undefined) ?? hue;
}

/**
 * The title's size in hundredths of the poster's width: large, but with its longest word on one line
 * (a bold letter is up to about 0.75 em wide; the padding leaves 84 of the 100), and smaller for long titles.
 */
function titleSize(title: string): number {
  const longestWord = Math.max(...title.split(/\s+/).map((word) => word.length), 1);
  const fit = 84 / (longestWord * 0.75);
  return Math.max(6, Math.min(title.length > 28 ? 11 : 13, Math.floor(fit * 10) / 10));
}

export function Poster({ title, poster, hue, year, genre, genreLabel, className = "" }: PosterProps) {
  if (poster) {
    return (
      <img
        src={poster.url}
        width={poster.width ?? undefined}
        height={poster.height ?? undefined}
        alt=""
        decoding="async"
        className={`aspect-[2/3] rounded-lg object-cover shadow-sm ${className}`}
        data-testid="poster"
      />
    );
  }
  const h = posterArtworkHue(genre, hue);
  // The outer box is the size container; the inner one's padding and lettering are in its units (cqi).
  return (
    <div
      aria-hidden="true"
      className={`relative aspect-[2/3] overflow-hidden rounded-lg text-white shadow-sm ${className}`}
      style={{
        containerType: "inline-size",
        backgroundColor: `hsl(${h} 55% 22%)`,
        backgroundImage: [
          // a low sun and its halo, the film's colour at its brightest
          `radial-gradient(circle at 78% 30%, hsl(${h} 85% 62%) 0 17%, hsl(${h} 85% 62% / 0.35) 18% 27%, transparent 28%)`,
          // a horizon: the lower half darker, in the neighbouring hue
          `linear-gradient(180deg, transparent 0 52%, hsl(${(h + 30) % 360} 60% 12% / 0.85) 52% 100%)`,
          `linear-gradient(160deg, hsl(${h} 60% 30%), hsl(${(h + 40) % 360} 65% 14%))`,
        ].join(", "),
      }}
      data-testid="poster-fallback"
      data-hue={h}
    >
      <div className="absolute inset-0 flex flex-col" style={{ padding: "8cqi" }}>
        {genreLabel ? (
          <span
            className="truncate font-semibold tracking-widest uppercase opacity-85"
            style={{ fontSize: "7.5cqi" }}
            data-testid="poster-genre"
          >
            {genreLabel}
          </span>
        ) : null}
        <span
          className="mt-auto line-clamp-4 leading-tight font-bold break-words"
          style={{ fontSize: `${titleSize(title)}cqi`, textWrap: "balance" }}
          data-testid="poster-title"
        >
          {title}
        </span>
        {year ? (
          <span
            className="mt-[4cqi] border-t border-white/50 pt-[3cqi] font-medium tabular-nums opacity-90"
            style={{ fontSize: "8cqi" }}
            data-testid="poster-year"
          >
            {year}
          </span>
        ) : null}
      </div>
    </div>
  );
}
