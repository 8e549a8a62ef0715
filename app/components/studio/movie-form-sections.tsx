// The sections of the movie form (movie-forms.tsx) with one value each: the main fields and genres,
// the external ids, the artwork. The repeatable rows (titles per language, releases per country) are in
// movie-form-rows.tsx.
import { useRef, type FormEvent, type ReactNode } from "react";
import {
  createMovieSchema,
  MOVIE_GENRES,
  MOVIE_TITLE_MAX,
  TRAILER_URL_MAX,
  updateMovieSchema,
} from "../../../core/catalog/movies/movie-schemas.ts";
import { SLUG_MAX, slugSchema } from "../../../core/forms/fields.ts";
import { slugify } from "../../../core/shared/input.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { SelectField, type FormFieldMeta } from "../ui/form-field.tsx";
import type { SelectOption } from "../ui/select.tsx";
import type { useDialogForm } from "./dialog-form.ts";
import type { ArtworkPreview } from "./movie-forms.tsx";
import { CodeField, NumericField, TextField } from "./studio-fields.tsx";

/** A new movie's slug may be left empty (no `required` in the browser): the server derives it from the title. */
const newMovieFormSchema = createMovieSchema.extend({ slug: slugSchema.optional() });

/** The movie form's schemas: a new movie, an existing one. */
export const MOVIE_SCHEMAS: [typeof newMovieFormSchema, typeof updateMovieSchema] = [
  newMovieFormSchema,
  updateMovieSchema,
];
type MovieDialogForm = ReturnType<typeof useDialogForm<(typeof MOVIE_SCHEMAS)[number]>>;
export type MovieFormMeta = MovieDialogForm["frame"]["form"];
export type MovieFields = MovieDialogForm["fields"];

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <legend className="pe-2 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Titles, slug, original language, year, runtime and genres. */
/**
 * A new movie's slug follows its title as it is typed (the server's slugify) until the slug is edited by
 * hand; emptied again, it follows again. Without JavaScript the server derives it from the title.
 */
function useSlugFromTitle(slugName: string, initial: { title: string; slug: string } | null) {
  const edited = useRef(initial !== null && initial.slug !== "" && initial.slug !== slugify(initial.title));
  if (initial === null) return {};
  return {
    onTitleInput: (event: FormEvent<HTMLInputElement>) => {
      const slug = event.currentTarget.form?.elements.namedItem(slugName);
      if (!edited.current && slug instanceof HTMLInputElement)
        slug.value = slugify(event.currentTarget.value);
    },
    onSlugInput: (event: FormEvent<HTMLInputElement>) => {
      edited.current = event.currentTarget.value.trim() !== "";
    },
  };
}

export function MovieMainSection({
  fields,
  genres,
  newMovie = null,
}: {
  fields: MovieFields;
  genres: readonly string[];
  /** a new movie's initial title and slug: the slug then follows the title */
  newMovie?: { title: string; slug: string } | null;
}) {
  const t = useT();
  const { onTitleInput, onSlugInput } = useSlugFromTitle(fields.slug.name, newMovie);
  return (
    <Section title={t("studio.dataMovies.form.main")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.title}
          label={t("studio.dataMovies.form.title")}
          required
          maxLength={MOVIE_TITLE_MAX}
          onInput={onTitleInput}
        />
        <TextField
          field={fields.originalTitle}
          label={t("studio.dataMovies.form.originalTitle")}
          maxLength={MOVIE_TITLE_MAX}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <CodeField
          field={fields.slug}
          label={t("studio.dataMovies.form.slug")}
          hint={t(newMovie ? "studio.dataMovies.form.slugHintNew" : "studio.dataMovies.form.slugHint")}
          required={!newMovie}
          maxLength={SLUG_MAX}
          onInput={onSlugInput}
        />
        <CodeField
          field={fields.originalLanguage}
          label={t("studio.dataMovies.form.originalLanguage")}
          hint={t("studio.dataMovies.form.originalLanguageHint")}
          maxLength={2}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumericField field={fields.year} label={t("studio.dataMovies.form.year")} />
        <NumericField field={fields.runtimeMinutes} label={t("studio.dataMovies.form.runtime")} />
      </div>
      <GenreChoices field={fields.genres} checked={genres} />
    </Section>
  );
}

/** One checkbox per genre; `checked` are the genres the form opened with. */
function GenreChoices({ field, checked }: { field: FormFieldMeta<unknown>; checked: readonly string[] }) {
  const t = useT();
  const errorText = useErrorText();
  const errorId = `${field.id}-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={field.errors ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">{t("studio.dataMovies.form.genres")}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {MOVIE_GENRES.map((genre) => (
          <Checkbox
            key={genre}
            name={field.name}
            value={genre}
            defaultChecked={checked.includes(genre)}
            label={t(`studio.dataMovies.genre.${genre}`)}
          />
        ))}
      </div>
      {field.errors ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {errorText(field.errors)?.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}

/** IMDb, TMDB and Wikidata ids, and the trailer's address. */
export function MovieExternalIdsSection({ fields }: { fields: MovieFields }) {
  const t = useT();
  return (
    <Section title={t("studio.dataMovies.form.externalIds")}>
      <div className="grid gap-4 sm:grid-cols-3">
        <CodeField
          field={fields.imdbId}
          label={t("studio.dataMovies.form.imdbId")}
          hint={t("studio.dataMovies.form.imdbHint")}
          maxLength={12}
        />
        <NumericField field={fields.tmdbId} label={t("studio.dataMovies.form.tmdbId")} />
        <CodeField field={fields.wikidataId} label={t("studio.dataMovies.form.wikidataId")} maxLength={20} />
      </div>
      <TextField
        field={fields.trailerUrl}
        label={t("studio.dataMovies.form.trailerUrl")}
        maxLength={TRAILER_URL_MAX}
      />
    </Section>
  );
}

type Artwork = { options: readonly SelectOption[]; preview: ArtworkPreview };

/** The poster and the backdrop, each picked among the uploaded assets and shown as it is now. */
export function MovieArtworkSection({
  fields,
  poster,
  backdrop,
}: {
  fields: MovieFields;
  poster: Artwork;
  backdrop: Artwork;
}) {
  const t = useT();
  return (
    <Section title={t("studio.dataMovies.form.artwork")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <ArtworkField field={fields.posterAssetId} label={t("studio.dataMovies.form.poster")} {...poster} />
        <ArtworkField
          field={fields.backdropAssetId}
          label={t("studio.dataMovies.form.backdrop")}
          {...backdrop}
        />
      </div>
    </Section>
  );
}

function ArtworkField({
  field,
  label,
  options,
  preview,
}: Artwork & { field: FormFieldMeta<string | undefined>; label: string }) {
  const t = useT();
  return (
    <div className="grid gap-2">
      <SelectField
        field={field}
        label={label}
        hint={t("studio.dataMovies.form.artworkHint")}
        placeholder={t("studio.dataMovies.form.noArtwork")}
        options={options}
      />
      {preview?.thumbnailUrl ? (
        <img
          src={preview.thumbnailUrl}
          alt={t("studio.dataMovies.form.currentArtwork", { file: preview.fileName })}
          className="h-32 w-auto rounded border border-slate-200 object-contain dark:border-slate-800"
        />
      ) : null}
    </div>
  );
}
