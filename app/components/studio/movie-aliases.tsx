// A movie's aliases, shown in the movie dialog below the movie form: the titles feeds write for it,
// each removable, and a new one added. Errors are message references.
import { X } from "lucide-react";
import { useState } from "react";
import { ALIAS_MAX, addMovieAliasSchema } from "../../../core/catalog/movies/movie-schemas.ts";
import { useT } from "../../lib/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { useDialogForm } from "./dialog-form.ts";
import { type FormBase, IntentForm, useFormFetcher } from "./intent-form.tsx";
import { TextField } from "./studio-fields.tsx";

/** The movie's aliases: each removable, and a new one added as a feed writes the title. */
export function MovieAliases({
  action,
  fetcherKey,
  movieId,
  aliases,
}: {
  action: string;
  fetcherKey: string;
  movieId: string;
  aliases: readonly { id: string; normalizedTitle: string }[];
}) {
  const t = useT();
  // A fresh, empty form after each alias added (a new form and fetcher rather than a reset reply,
  // which would count as unsaved changes).
  const [added, setAdded] = useState(0);
  return (
    <section
      className="grid gap-3 border-t border-slate-200 pt-4 dark:border-slate-800"
      aria-labelledby={`${fetcherKey}-aliases`}
    >
      <h3 id={`${fetcherKey}-aliases`} className="text-base font-semibold">
        {t("studio.dataMovies.aliases.title")}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("studio.dataMovies.aliases.hint")}</p>
      {aliases.length ? (
        <ul className="flex flex-wrap gap-2">
          {aliases.map((a) => (
            <li key={a.id}>
              <RemoveAlias action={action} fetcherKey={fetcherKey} alias={a} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">{t("studio.dataMovies.aliases.none")}</p>
      )}
      <AddAlias
        key={added}
        action={action}
        fetcherKey={`${fetcherKey}-alias-${added}`}
        movieId={movieId}
        onSaved={() => setAdded((n) => n + 1)}
      />
    </section>
  );
}

function AddAlias({ movieId, ...base }: FormBase & { movieId: string }) {
  const t = useT();
  const { fields, frame } = useDialogForm(base, {
    id: `movie-alias-${base.fetcherKey}`,
    intent: "addAlias",
    schema: addMovieAliasSchema,
    hidden: { movieId },
    submitLabel: t("studio.dataMovies.aliases.add"),
  });
  return (
    <IntentForm {...frame}>
      <TextField
        field={fields.alias}
        label={t("studio.dataMovies.aliases.new")}
        required
        maxLength={ALIAS_MAX}
      />
    </IntentForm>
  );
}

function RemoveAlias({
  action,
  fetcherKey,
  alias,
}: {
  action: string;
  fetcherKey: string;
  alias: { id: string; normalizedTitle: string };
}) {
  const t = useT();
  const fetcher = useFormFetcher(`${fetcherKey}-remove-${alias.id}`);
  return (
    <fetcher.Form method="post" action={action} className="inline-flex">
      <input type="hidden" name="intent" value="removeAlias" />
      <input type="hidden" name="aliasId" value={alias.id} />
      <span className="inline-flex items-center gap-1 rounded-full border border-slate-300 py-0.5 ps-3 pe-1 text-sm dark:border-slate-700">
        {alias.normalizedTitle}
        <Button
          type="submit"
          variant="ghost"
          size="icon"
          className="size-7"
          pending={fetcher.state !== "idle"}
        >
          <X aria-hidden="true" />
          <span className="sr-only">
            {t("studio.dataMovies.aliases.remove", { alias: alias.normalizedTitle })}
          </span>
        </Button>
      </span>
    </fetcher.Form>
  );
}
