// The movie forms of the studio: the movie itself (main fields, titles and synopses per language,
// release dates and certifications per country as repeatable rows, external ids, artwork), its aliases,
// and merging it into another movie. Checked in the browser by their core schemas (Conform) and again
// by the action; errors are message references.
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Plus, Trash2, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import {
  ALIAS_MAX,
  addMovieAliasSchema,
  CERTIFICATION_MAX,
  createMovieSchema,
  mergeMoviesSchema,
  MOVIE_GENRES,
  MOVIE_TITLE_MAX,
  SYNOPSIS_MAX,
  TRAILER_URL_MAX,
  updateMovieSchema,
} from "../../../core/catalog/movie-forms.ts";
import { SLUG_MAX } from "../../../core/forms/fields.ts";
import { resultFor, useAppForm } from "../../lib/forms.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { Combobox } from "../ui/combobox.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Select, type SelectOption } from "../ui/select.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { type FormBase, IntentForm, useFormFetcher } from "./intent-form.tsx";

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

const EMPTY_LOCALE: MovieLocaleRow = { locale: "", title: "", synopsis: "" };
const EMPTY_COUNTRY: MovieCountryRow = { country: "", releaseDate: "", certification: "" };

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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <legend className="pe-2 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

function textProps(field: FieldMetadata<string | number | undefined>) {
  const { key, ...props } = getInputProps(field, { type: "text", ariaAttributes: false });
  return { inputKey: key, props };
}

export function MovieForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  defaults,
  locales,
  countries,
  posters,
  backdrops,
  poster,
  backdrop,
  intent: intentOverride,
  hidden,
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
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const intent = intentOverride ?? (defaults.movieId ? "update" : "create");
  // The values the dialog opened with: the page's data reloads after each save (an alias added, the
  // movie saved), and new defaults would rewrite the fields under the user's hands.
  const [initial] = useState(defaults);
  const [form, fields] = useAppForm({
    schema: defaults.movieId ? updateMovieSchema : createMovieSchema,
    id: `movie-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, intent),
    defaultValue: initial,
  });
  const title = textProps(fields.title);
  const originalTitle = textProps(fields.originalTitle);
  const slug = textProps(fields.slug);
  const year = textProps(fields.year);
  const runtime = textProps(fields.runtimeMinutes);
  const language = textProps(fields.originalLanguage);
  const trailer = textProps(fields.trailerUrl);
  const imdb = textProps(fields.imdbId);
  const tmdb = textProps(fields.tmdbId);
  const wikidata = textProps(fields.wikidataId);
  const { key: posterKey, ...posterSelect } = getSelectProps(fields.posterAssetId, { ariaAttributes: false });
  const { key: backdropKey, ...backdropSelect } = getSelectProps(fields.backdropAssetId, {
    ariaAttributes: false,
  });
  const localeRows = fields.locales.getFieldList();
  const countryRows = fields.countries.getFieldList();
  const countryOptions = [{ value: "WW", label: t("studio.dataMovies.form.worldwide") }, ...countries];

  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent={intent}
      hidden={defaults.movieId ? { ...hidden, movieId: defaults.movieId } : hidden}
      secondary={secondary}
      submitLabel={t(defaults.movieId ? "studio.dataMovies.form.save" : "studio.dataMovies.form.create")}
    >
      <Section title={t("studio.dataMovies.form.main")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("studio.dataMovies.form.title")}
            error={errorText(fields.title.errors)}
            id={fields.title.id}
            required
          >
            <Input key={title.inputKey} {...title.props} maxLength={MOVIE_TITLE_MAX} autoComplete="off" />
          </Field>
          <Field
            label={t("studio.dataMovies.form.originalTitle")}
            error={errorText(fields.originalTitle.errors)}
            id={fields.originalTitle.id}
          >
            <Input
              key={originalTitle.inputKey}
              {...originalTitle.props}
              maxLength={MOVIE_TITLE_MAX}
              autoComplete="off"
            />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("studio.dataMovies.form.slug")}
            hint={t("studio.dataMovies.form.slugHint")}
            error={errorText(fields.slug.errors)}
            id={fields.slug.id}
            required
          >
            <Input
              key={slug.inputKey}
              {...slug.props}
              maxLength={SLUG_MAX}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
          <Field
            label={t("studio.dataMovies.form.originalLanguage")}
            hint={t("studio.dataMovies.form.originalLanguageHint")}
            error={errorText(fields.originalLanguage.errors)}
            id={fields.originalLanguage.id}
          >
            <Input
              key={language.inputKey}
              {...language.props}
              maxLength={2}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("studio.dataMovies.form.year")}
            error={errorText(fields.year.errors)}
            id={fields.year.id}
          >
            <Input key={year.inputKey} {...year.props} inputMode="numeric" autoComplete="off" />
          </Field>
          <Field
            label={t("studio.dataMovies.form.runtime")}
            error={errorText(fields.runtimeMinutes.errors)}
            id={fields.runtimeMinutes.id}
          >
            <Input key={runtime.inputKey} {...runtime.props} inputMode="numeric" autoComplete="off" />
          </Field>
        </div>
        <fieldset
          className="grid gap-2"
          aria-describedby={fields.genres.errors ? `${fields.genres.id}-error` : undefined}
        >
          <legend className="mb-2 text-sm font-medium">{t("studio.dataMovies.form.genres")}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {MOVIE_GENRES.map((genre) => (
              <Checkbox
                key={genre}
                name={fields.genres.name}
                value={genre}
                defaultChecked={initial.genres.includes(genre)}
                label={t(`studio.dataMovies.genre.${genre}`)}
              />
            ))}
          </div>
          {fields.genres.errors ? (
            <p id={`${fields.genres.id}-error`} className="text-sm text-red-700 dark:text-red-400">
              {errorText(fields.genres.errors)?.join(" ")}
            </p>
          ) : null}
        </fieldset>
      </Section>

      <Section title={t("studio.dataMovies.form.languages")}>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t("studio.dataMovies.form.languagesHint")}
        </p>
        {localeRows.map((row, index) => {
          const cells = row.getFieldset();
          const { key: localeKey, ...localeSelect } = getSelectProps(cells.locale, { ariaAttributes: false });
          const rowTitle = textProps(cells.title);
          const { key: synopsisKey, ...synopsis } = getTextareaProps(cells.synopsis, {
            ariaAttributes: false,
          });
          return (
            <div
              key={row.key}
              className="grid gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
              data-testid="locale-row"
            >
              <div className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
                <Field
                  label={t("studio.dataMovies.form.locale")}
                  error={errorText(cells.locale.errors)}
                  id={cells.locale.id}
                >
                  <Select
                    key={localeKey}
                    {...localeSelect}
                    placeholder={t("studio.dataMovies.form.choose")}
                    options={locales}
                  />
                </Field>
                <Field
                  label={t("studio.dataMovies.form.localizedTitle")}
                  error={errorText(cells.title.errors)}
                  id={cells.title.id}
                >
                  <Input
                    key={rowTitle.inputKey}
                    {...rowTitle.props}
                    maxLength={MOVIE_TITLE_MAX}
                    autoComplete="off"
                  />
                </Field>
                <Button
                  variant="ghost"
                  size="icon"
                  {...form.remove.getButtonProps({ name: fields.locales.name, index })}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="sr-only">
                    {t("studio.dataMovies.form.removeLocale", { n: index + 1 })}
                  </span>
                </Button>
              </div>
              <Field
                label={t("studio.dataMovies.form.synopsis")}
                error={errorText(cells.synopsis.errors)}
                id={cells.synopsis.id}
              >
                <Textarea key={synopsisKey} {...synopsis} rows={3} maxLength={SYNOPSIS_MAX} />
              </Field>
            </div>
          );
        })}
        <div>
          <Button
            variant="outline"
            size="sm"
            {...form.insert.getButtonProps({ name: fields.locales.name, defaultValue: EMPTY_LOCALE })}
          >
            <Plus aria-hidden="true" />
            {t("studio.dataMovies.form.addLocale")}
          </Button>
        </div>
      </Section>

      <Section title={t("studio.dataMovies.form.countries")}>
        {countryRows.map((row, index) => {
          const cells = row.getFieldset();
          const { key: countryKey, ...countrySelect } = getSelectProps(cells.country, {
            ariaAttributes: false,
          });
          const { key: dateKey, ...date } = getInputProps(cells.releaseDate, {
            type: "date",
            ariaAttributes: false,
          });
          const certification = textProps(cells.certification);
          return (
            <div
              key={row.key}
              className="grid gap-3 sm:grid-cols-[1fr_11rem_8rem_auto] sm:items-end"
              data-testid="country-row"
            >
              <Field
                label={t("studio.dataMovies.form.country")}
                error={errorText(cells.country.errors)}
                id={cells.country.id}
              >
                <Select
                  key={countryKey}
                  {...countrySelect}
                  placeholder={t("studio.dataMovies.form.choose")}
                  options={countryOptions}
                />
              </Field>
              <Field
                label={t("studio.dataMovies.form.releaseDate")}
                error={errorText(cells.releaseDate.errors)}
                id={cells.releaseDate.id}
              >
                <Input key={dateKey} {...date} />
              </Field>
              <Field
                label={t("studio.dataMovies.form.certification")}
                error={errorText(cells.certification.errors)}
                id={cells.certification.id}
              >
                <Input
                  key={certification.inputKey}
                  {...certification.props}
                  maxLength={CERTIFICATION_MAX}
                  autoComplete="off"
                />
              </Field>
              <Button
                variant="ghost"
                size="icon"
                {...form.remove.getButtonProps({ name: fields.countries.name, index })}
              >
                <Trash2 aria-hidden="true" />
                <span className="sr-only">{t("studio.dataMovies.form.removeCountry", { n: index + 1 })}</span>
              </Button>
            </div>
          );
        })}
        <div>
          <Button
            variant="outline"
            size="sm"
            {...form.insert.getButtonProps({ name: fields.countries.name, defaultValue: EMPTY_COUNTRY })}
          >
            <Plus aria-hidden="true" />
            {t("studio.dataMovies.form.addCountry")}
          </Button>
        </div>
      </Section>

      <Section title={t("studio.dataMovies.form.externalIds")}>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label={t("studio.dataMovies.form.imdbId")}
            hint={t("studio.dataMovies.form.imdbHint")}
            error={errorText(fields.imdbId.errors)}
            id={fields.imdbId.id}
          >
            <Input key={imdb.inputKey} {...imdb.props} maxLength={12} autoComplete="off" spellCheck={false} />
          </Field>
          <Field
            label={t("studio.dataMovies.form.tmdbId")}
            error={errorText(fields.tmdbId.errors)}
            id={fields.tmdbId.id}
          >
            <Input key={tmdb.inputKey} {...tmdb.props} inputMode="numeric" autoComplete="off" />
          </Field>
          <Field
            label={t("studio.dataMovies.form.wikidataId")}
            error={errorText(fields.wikidataId.errors)}
            id={fields.wikidataId.id}
          >
            <Input
              key={wikidata.inputKey}
              {...wikidata.props}
              maxLength={20}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
        </div>
        <Field
          label={t("studio.dataMovies.form.trailerUrl")}
          error={errorText(fields.trailerUrl.errors)}
          id={fields.trailerUrl.id}
        >
          <Input key={trailer.inputKey} {...trailer.props} maxLength={TRAILER_URL_MAX} autoComplete="off" />
        </Field>
      </Section>

      <Section title={t("studio.dataMovies.form.artwork")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <ArtworkField
            label={t("studio.dataMovies.form.poster")}
            error={errorText(fields.posterAssetId.errors)}
            id={fields.posterAssetId.id}
            preview={poster}
          >
            <Select
              key={posterKey}
              {...posterSelect}
              placeholder={t("studio.dataMovies.form.noArtwork")}
              options={posters}
            />
          </ArtworkField>
          <ArtworkField
            label={t("studio.dataMovies.form.backdrop")}
            error={errorText(fields.backdropAssetId.errors)}
            id={fields.backdropAssetId.id}
            preview={backdrop}
          >
            <Select
              key={backdropKey}
              {...backdropSelect}
              placeholder={t("studio.dataMovies.form.noArtwork")}
              options={backdrops}
            />
          </ArtworkField>
        </div>
      </Section>
    </IntentForm>
  );
}

function ArtworkField({
  label,
  error,
  id,
  preview,
  children,
}: {
  label: string;
  error: string[] | undefined;
  id: string;
  preview: ArtworkPreview;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="grid gap-2">
      <Field label={label} error={error} id={id} hint={t("studio.dataMovies.form.artworkHint")}>
        {children}
      </Field>
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

function AddAlias({ action, fetcherKey, movieId, onSaved }: FormBase & { movieId: string }) {
  const t = useT();
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: addMovieAliasSchema,
    id: `movie-alias-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, "addAlias"),
  });
  const alias = textProps(fields.alias);
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent="addAlias"
      hidden={{ movieId }}
      submitLabel={t("studio.dataMovies.aliases.add")}
    >
      <Field
        label={t("studio.dataMovies.aliases.new")}
        error={errorText(fields.alias.errors)}
        id={fields.alias.id}
        required
      >
        <Input key={alias.inputKey} {...alias.props} maxLength={ALIAS_MAX} autoComplete="off" />
      </Field>
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

/** Merges `merged` into the movie picked here: the picker suggests active movies other than it. */
export function MergeMovieForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  merged,
  source,
}: FormBase & { merged: { id: string; label: string }; source: string }) {
  const t = useT();
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: mergeMoviesSchema,
    id: `merge-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, "merge"),
  });
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent="merge"
      hidden={{ mergedId: merged.id, title: merged.label }}
      secondary={secondary}
      submitLabel={t("studio.dataMovies.merge.submit")}
    >
      <Field
        label={t("studio.dataMovies.merge.survivor")}
        hint={t("studio.dataMovies.merge.survivorHint")}
        error={errorText(fields.survivorId.errors)}
        id={fields.survivorId.id}
        required
      >
        <Combobox
          name={fields.survivorId.name}
          source={`${source}?exclude=${merged.id}`}
          placeholder={t("studio.dataMovies.merge.search")}
        />
      </Field>
    </IntentForm>
  );
}
