// The missing-links page's dialogs: link a title to a movie found by search, or create its movie.
import { LinkMissingLinkForm } from "../../components/studio/missing-link-forms.tsx";
import { EMPTY_MOVIE, MovieForm } from "../../components/studio/movie-forms.tsx";
import { CancelButton, EditDialog, type EditDialogState } from "../../components/studio/list-page.tsx";
import { useDisplayNames } from "../../lib/use-display-names.ts";
import { useT } from "../../lib/i18n.tsx";
import type { MissingLinkRow, MissingLinksData } from "./missing-links-columns.tsx";
import { MISSING_LINKS_PATH, MOVIE_OPTIONS_PATH } from "./missing-links-paths.ts";

/** "Link to another movie…": the title's link form, its movie picked by search. */
export function LinkDialog({ dialog }: { dialog: EditDialogState<MissingLinkRow> }) {
  const t = useT();
  return (
    <EditDialog
      dialog={dialog}
      title={t("studio.missingLinks.link.title", { title: dialog.editing?.values.rawTitle ?? "" })}
      description={t("studio.missingLinks.link.description")}
    >
      {({ values: row, attempt }) => (
        <LinkMissingLinkForm
          action={MISSING_LINKS_PATH}
          fetcherKey={`link-${attempt}`}
          missingLinkId={row.id}
          movieSource={MOVIE_OPTIONS_PATH}
          onSaved={dialog.close}
          secondary={<CancelButton>{t("studio.dataMovies.form.cancel")}</CancelButton>}
        />
      )}
    </EditDialog>
  );
}

/** The movie form's choices (languages, countries, posters, backdrops), labelled for the reader. */
function useMovieFormChoices(data: MissingLinksData) {
  const names = useDisplayNames();
  return {
    action: MISSING_LINKS_PATH,
    locales: data.locales.map((l) => ({
      value: l.value,
      label: `${names.language(l.value, l.label)} (${l.value})`,
    })),
    countries: data.countries.map((c) => ({
      value: c.code,
      label: `${names.country(c.code, c.name)} (${c.code})`,
    })),
    posters: data.posters.map((a) => ({ value: a.id, label: a.fileName })),
    backdrops: data.backdrops.map((a) => ({ value: a.id, label: a.fileName })),
  };
}

/** "Create the movie…": the movie form, filled from the feed's hints; saving links the title to it. */
export function CreateMovieDialog({
  dialog,
  data,
}: {
  dialog: EditDialogState<MissingLinkRow>;
  data: MissingLinksData;
}) {
  const t = useT();
  const choices = useMovieFormChoices(data);
  return (
    <EditDialog
      dialog={dialog}
      className="sm:max-w-3xl"
      title={t("studio.missingLinks.create.title", { title: dialog.editing?.values.rawTitle ?? "" })}
      description={t("studio.missingLinks.create.description")}
    >
      {({ values: row, attempt }) => (
        <MovieForm
          {...choices}
          fetcherKey={`create-${attempt}`}
          intent="create"
          hidden={{ missingLinkId: row.id }}
          defaults={{ ...EMPTY_MOVIE, ...row.prefill }}
          poster={null}
          backdrop={null}
          onSaved={dialog.close}
          secondary={<CancelButton>{t("studio.dataMovies.form.cancel")}</CancelButton>}
        />
      )}
    </EditDialog>
  );
}
