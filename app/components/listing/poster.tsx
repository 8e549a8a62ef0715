// A film's poster, or a designed stand-in when the catalogue has none: the title set on a gradient in the
// film's own hue (never a broken image). Decorative either way: the page's heading names the film.
import { Film } from "lucide-react";

export type PosterProps = {
  title: string;
  poster: { url: string; width: number | null; height: number | null } | null;
  /** 0–359: the stand-in's colour, stable per film */
  hue: number;
  className?: string;
};

export function Poster({ title, poster, hue, className = "" }: PosterProps) {
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
  return (
    <div
      aria-hidden="true"
      className={`flex aspect-[2/3] flex-col justify-between overflow-hidden rounded-lg p-2 text-white shadow-sm sm:p-3 ${className}`}
      style={{
        backgroundImage: `linear-gradient(150deg, hsl(${hue} 60% 26%), hsl(${(hue + 50) % 360} 70% 14%))`,
      }}
      data-testid="poster-fallback"
    >
      <Film className="size-4 opacity-70 sm:size-6" />
      <span className="line-clamp-4 text-[10px] leading-tight font-semibold break-words sm:text-base">
        {title}
      </span>
    </div>
  );
}
