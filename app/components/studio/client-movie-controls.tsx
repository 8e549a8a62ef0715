// The curating controls of one row of /studio/{slug}/movies: feature / unfeature, hide / show, and move a
// featured movie up or down. Each is a small POST form (it works without JavaScript); with it, a fetcher
// submits and the page revalidates. After a move the row changes place: focus follows the button.
import { ArrowDown, ArrowUp, Eye, EyeOff, Star, StarOff } from "lucide-react";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { useT } from "../../lib/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { adoptFetcherToast, useToastFromData } from "../ui/toast.ts";
import { Tooltip } from "../ui/tooltip.tsx";

export type ClientMovieControlsProps = {
  action: string;
  movie: { id: string; title: string; featured: boolean; hidden: boolean; position: number | null };
  /** how many movies are featured: the last one cannot move down */
  featuredCount: number;
};

export function ClientMovieControls({ action, movie, featuredCount }: ClientMovieControlsProps) {
  const t = useT();
  const fetcherKey = `client-movie-${movie.id}`;
  const fetcher = useFetcher({ key: fetcherKey });
  useToastFromData(fetcher.data);
  const pending = fetcher.state !== "idle";
  // A change can take the row off the page (hidden, in the "featured" view): the layout's toasts take over.
  const running = useRef(false);
  useEffect(() => {
    running.current = pending;
  });
  useEffect(
    () => () => {
      if (running.current) adoptFetcherToast(fetcherKey);
    },
    [fetcherKey],
  );
  const pressed = useRef<string | null>(null);

  // A changed row is re-inserted elsewhere in the table (featured ones come first), which takes focus
  // from its button: give it back, or to the other arrow when this one is gone (at the top or bottom).
  useEffect(() => {
    if (fetcher.state !== "idle" || !pressed.current) return;
    const id = pressed.current;
    pressed.current = null;
    const fallback = id.startsWith("move-up-") ? `move-down-${movie.id}` : `move-up-${movie.id}`;
    (document.getElementById(id) ?? document.getElementById(fallback))?.focus();
  }, [fetcher.state, movie.id]);

  const press = (event: MouseEvent<HTMLButtonElement>, id: string) => {
    // One change at a time per row; the buttons stay enabled so that focus stays on them.
    if (pending) event.preventDefault();
    else pressed.current = id;
  };

  const form = (fields: Record<string, string>, button: ReactNode) => (
    <fetcher.Form method="post" action={action} className="contents">
      <input type="hidden" name="movieId" value={movie.id} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {button}
    </fetcher.Form>
  );

  const move = (direction: "up" | "down") => {
    const label = t(
      direction === "up" ? "studio.clientMovies.action.moveUp" : "studio.clientMovies.action.moveDown",
      {
        title: movie.title,
      },
    );
    return form(
      { intent: "move", direction },
      <Tooltip content={label}>
        <Button
          type="submit"
          id={`move-${direction}-${movie.id}`}
          variant="ghost"
          size="icon"
          aria-label={label}
          onClick={(event) => press(event, `move-${direction}-${movie.id}`)}
        >
          {direction === "up" ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />}
        </Button>
      </Tooltip>,
    );
  };

  const canMoveUp = movie.featured && movie.position !== null && movie.position > 1;
  const canMoveDown = movie.featured && movie.position !== null && movie.position < featuredCount;

  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      {/* Empty slots keep the arrows in line from row to row. */}
      {canMoveUp ? move("up") : <span className="size-9" aria-hidden="true" />}
      {canMoveDown ? move("down") : <span className="size-9" aria-hidden="true" />}
      {form(
        { intent: "setting", change: movie.featured ? "unfeature" : "feature" },
        <Button
          type="submit"
          id={`feature-${movie.id}`}
          variant="outline"
          size="sm"
          onClick={(event) => press(event, `feature-${movie.id}`)}
          aria-label={t(
            movie.featured
              ? "studio.clientMovies.action.unfeatureTitle"
              : "studio.clientMovies.action.featureTitle",
            { title: movie.title },
          )}
        >
          {movie.featured ? <StarOff aria-hidden="true" /> : <Star aria-hidden="true" />}
          {t(movie.featured ? "studio.clientMovies.action.unfeature" : "studio.clientMovies.action.feature")}
        </Button>,
      )}
      {form(
        { intent: "setting", change: movie.hidden ? "unhide" : "hide" },
        <Button
          type="submit"
          id={`hide-${movie.id}`}
          variant="outline"
          size="sm"
          onClick={(event) => press(event, `hide-${movie.id}`)}
          aria-label={t(
            movie.hidden ? "studio.clientMovies.action.unhideTitle" : "studio.clientMovies.action.hideTitle",
            { title: movie.title },
          )}
        >
          {movie.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
          {t(movie.hidden ? "studio.clientMovies.action.unhide" : "studio.clientMovies.action.hide")}
        </Button>,
      )}
    </div>
  );
}
