// "Tell me when showtimes appear": e-mail, city and an optional format. A plain POST form to
// /films/{slug}/follow (works without JavaScript); errors sit beside their fields, named by aria-describedby.
import { BellRing } from "lucide-react";
import type { ReactNode } from "react";
import { useT, useTranslateRef } from "../../lib/i18n.tsx";
import type { FollowFormState } from "./follow-state.ts";

const FORMATS = [
  ["", "follow.formatAny"],
  ["imax", "follow.formatImax"],
  ["3d", "follow.format3d"],
  ["ov", "follow.formatOv"],
] as const;

const inputClass =
  "mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 dark:border-slate-500 dark:bg-slate-900";

export function FollowForm(props: { film: string; slug: string; state: FollowFormState }) {
  const t = useT();
  const translate = useTranslateRef();
  const { state } = props;
  const error = (field: string) =>
    state.errors[field] ? (
      <p id={`follow-${field}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
        {translate(state.errors[field])}
      </p>
    ) : null;
  const described = (field: string) => (state.errors[field] ? `follow-${field}-error` : undefined);
  return (
    <section
      aria-labelledby="follow-heading"
      className="mt-8 rounded-lg border border-slate-300 p-4 dark:border-slate-600"
    >
      <h2 id="follow-heading" className="flex items-center gap-2 text-lg font-semibold">
        <BellRing aria-hidden="true" className="size-5" />
        {t("follow.heading")}
      </h2>
      <p className="mt-1 text-sm">{t("follow.intro", { film: props.film })}</p>
      {state.sent ? (
        <p role="status" className="mt-3 rounded bg-slate-100 p-3 font-medium dark:bg-slate-800">
          {t("follow.sent")}
        </p>
      ) : null}
      {state.formError ? (
        <p role="alert" className="mt-3 font-medium text-red-700 dark:text-red-400">
          {translate(state.formError)}
        </p>
      ) : null}
      <form
        method="post"
        action={`/films/${encodeURIComponent(props.slug)}/follow`}
        className="mt-3 grid gap-3 sm:grid-cols-3"
        noValidate
      >
        <FollowInput field="email" label={t("follow.email")} type="email" autoComplete="email" state={state}>
          {error("email")}
        </FollowInput>
        <FollowInput field="city" label={t("follow.city")} autoComplete="address-level2" state={state}>
          {error("city")}
        </FollowInput>
        <div>
          <label htmlFor="follow-format" className="text-sm font-medium">
            {t("follow.format")}
          </label>
          <select
            id="follow-format"
            name="format"
            defaultValue={state.values.format}
            aria-invalid={state.errors.format ? true : undefined}
            aria-describedby={described("format")}
            className={inputClass}
          >
            {FORMATS.map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
          {error("format")}
        </div>
        {error("movieSlug")}
        <div className="sm:col-span-3">
          <button
            type="submit"
            className="rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700 dark:bg-slate-100 dark:text-slate-900"
          >
            {t("follow.submit")}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A required text field of the form, its error (the children) named by aria-describedby. */
function FollowInput(props: {
  field: "email" | "city";
  label: string;
  type?: "email";
  autoComplete: string;
  state: FollowFormState;
  children: ReactNode;
}) {
  const { field, state } = props;
  const invalid = Boolean(state.errors[field]);
  return (
    <div>
      <label htmlFor={`follow-${field}`} className="text-sm font-medium">
        {props.label}
      </label>
      <input
        id={`follow-${field}`}
        name={field}
        type={props.type}
        autoComplete={props.autoComplete}
        required
        defaultValue={state.values[field]}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `follow-${field}-error` : undefined}
        className={inputClass}
      />
      {props.children}
    </div>
  );
}
