import { useContext } from "react";
import { IntlContext } from "react-intl";
import type { MessageKey } from "../../lib/i18n.tsx";

/**
 * English for when the root data failed to load (no IntlProvider). Only these few texts: importing
 * en.json here would put the whole catalogue into every page's JavaScript. A test keeps them equal.
 */
export const ERROR_SCREEN_FALLBACK = {
  "error.backHome": "Back to homepage",
  "error.forbidden": "You do not have access to this page.",
  "error.generic": "Oops... Something went wrong",
  "error.notFound": "Page not found: {path}",
  "error.title": "Error",
} satisfies Partial<Record<MessageKey, string>>;

function useSafeT() {
  const intl = useContext(IntlContext);
  return (id: keyof typeof ERROR_SCREEN_FALLBACK, values?: Record<string, string | number>) =>
    intl
      ? intl.formatMessage({ id }, values)
      : ERROR_SCREEN_FALLBACK[id].replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? ""));
}

/**
 * Status code (or "Error"), the message (or the default), and "Back to homepage".
 * Never details: an unexpected error is logged on the server, not shown.
 */
export function ErrorScreen(props: { status?: number; notFoundPath?: string; error?: unknown }) {
  const t = useSafeT();
  const message = props.notFoundPath
    ? t("error.notFound", { path: props.notFoundPath })
    : props.status === 403
      ? t("error.forbidden")
      : t("error.generic");
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-6 px-6 text-center">
      <p
        className="text-7xl font-bold tracking-tight text-primary-700 dark:text-primary-400"
        data-testid="error-status"
      >
        {props.status ?? t("error.title")}
      </p>
      <h1 className="text-xl font-semibold" data-testid="error-message">
        {message}
      </h1>
      <a
        href="/"
        className="rounded-md bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
      >
        {t("error.backHome")}
      </a>
    </main>
  );
}
