import type { ReactNode } from "react";
import { useT, type MessageKey } from "../../lib/i18n.tsx";

export function EmailField({ defaultValue, error }: { defaultValue?: string; error?: MessageKey }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="email" className="text-sm font-medium">
        {t("auth.field.email")}
      </label>
      <input
        id="email"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={320}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "email-error" : undefined}
        className="rounded-md border border-slate-400 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-950"
      />
      {error ? (
        <p id="email-error" className="text-sm text-red-700 dark:text-red-400">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending || undefined}
      className="w-full rounded-md bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800 disabled:opacity-60"
    >
      {children}
    </button>
  );
}
