// The movie forms of the studio: the movie itself (main fields, titles and synopses per language,
// release dates and certifications per country as repeatable rows, external ids, artwork; its sections
// in movie-form-sections.tsx and movie-form-rows.tsx) and merging it into another movie; its aliases are
// in movie-aliases.tsx. Checked in the browser by their core schemas (Conform) and again by the action;
// errors are message references.
import { useState } from "react";
import { mergeMoviesSchema } from "../../../core/catalog/movies/movie-schemas.ts";
import { useT } from "../../lib/i18n.tsx";
import { Combobox } from "../ui/combobox.tsx";
import { FormField } from "../ui/form-field.tsx";
import type { SelectOption } from "../ui/select.tsx";
import { createOrUpdate, useDialogForm } from "./dialog-form.ts";
import { type FormBase, IntentForm } from "./intent-form.tsx";
import {
  EMPTY_COUNTRY,
  EMPTY_LOCALE,
  MovieLanguagesSection,
  MovieReleasesSection,
} from "./movie-form-rows.tsx";
import {
  MOVIE_SCHEMAS,
  MovieArtworkSection,
  MovieExternalIdsSection,
  MovieMainSection,
} from "./movie-form-sections.tsx";

export type MovieLocaleRow = { locale: string; title: string; synopsis: string };
export type MovieCountryRow = { country: string; releaseDate: string; certification: string };

export type MovieFormValues = {
  movieId?: string;
  title: string;
  originalTitle: string;
  slug: string;
  year: string;
  runtimeMinutes: string;
  genres: string[];
  originalLanguage: string;
  locales: MovieLocaleRow[];
  countries: MovieCountryRow[];
  trailerUrl: string;
  imdbId: string;
  tmdbId: string;
  wikidataId: string;
  posterAssetId: string;
  backdropAssetId: string;
};

/** A new movie starts with a Dutch title row: Dutch titles differ from English ones. */
export const EMPTY_MOVIE: MovieFormValues = {
  title: "",
  originalTitle: "",
  slug: "",
  year: "",
  runtimeMinutes: "",
  genres: [],
  originalLanguage: "",
  locales: [{ ...EMPTY_LOCALE, locale: "nl" }],
  countries: [EMPTY_COUNTRY],
  trailerUrl: "",
  imdbId: "",
  tmdbId: "",
  wikidataId: "",
  posterAssetId: "",
  backdropAssetId: "",
};

export type ArtworkPreview = { thumbnailUrl: string | null; fileName: string } | null;

export function MovieForm({
  defaults,
  locales,
  countries,
  posters,
  backdrops,
  poster,
  backdrop,
  intent: intentOverride,
  hidden,
  ...base
}: FormBase & {
  defaults: MovieFormValues;
  /** another action's intent for a new movie (the missing-links page's "create movie from title") */
  intent?: string;
  /** more hidden values posted with the form */
  hidden?: Record<string, string>;
  locales: readonly SelectOption[];
  countries: readonly SelectOption[];
  posters: readonly SelectOption[];
  backdrops: readonly SelectOption[];
  poster: ArtworkPreview;
  backdrop: ArtworkPreview;
}) {
  const t = useT();
  // The values the dialog opened with: the page's data reloads after each save (an alias added, the
  // movie saved), and new defaults would rewrite the fields under the user's hands.
  const [initial] = useState(defaults);
  const saving = createOrUpdate("movieId", defaults.movieId, MOVIE_SCHEMAS);
  const { fields, frame } = useDialogForm(base, {
    ...saving,
    id: `movie-${base.fetcherKey}`,
    intent: intentOverride ?? saving.intent,
    hidden: saving.hidden ? { ...hidden, ...saving.hidden } : hidden,
    defaultValue: initial,
    submitLabel: t(defaults.movieId ? "studio.dataMovies.form.save" : "studio.dataMovies.form.create"),
  });
  const { form } = frame;
  return (
    <IntentForm {...frame}>
      <MovieMainSection
        fields={fields}
        genres={initial.genres}
        newMovie={defaults.movieId ? null : { title: initial.title, slug: initial.slug }}
      />
      <MovieLanguagesSection form={form} fields={fields} locales={locales} />
      <MovieReleasesSection form={form} fields={fields} countries={countries} />
      <MovieExternalIdsSection fields={fields} />
      <MovieArtworkSection
        fields={fields}
        poster={{ options: posters, preview: poster }}
        backdrop={{ options: backdrops, preview: backdrop }}
      />
    </IntentForm>
  );
}

/** Merges `merged` into the movie picked here: the picker suggests active movies other than it. */
export function MergeMovieForm({
  merged,
  source,
  ...base
}: FormBase & { merged: { id: string; label: string }; source: string }) {
  const t = useT();
  const { fields, frame } = useDialogForm(base, {
    id: `merge-${base.fetcherKey}`,
    intent: "merge",
    schema: mergeMoviesSchema,
    hidden: { mergedId: merged.id, title: merged.label },
    submitLabel: t("studio.dataMovies.merge.submit"),
  });
  return (
    <IntentForm {...frame}>
      <FormField
        field={fields.survivorId}
        label={t("studio.dataMovies.merge.survivor")}
        hint={t("studio.dataMovies.merge.survivorHint")}
        required
      >
        <Combobox
          name={fields.survivorId.name}
          source={`${source}?exclude=${merged.id}`}
          placeholder={t("studio.dataMovies.merge.search")}
        />
      </FormField>
    </IntentForm>
  );
}
