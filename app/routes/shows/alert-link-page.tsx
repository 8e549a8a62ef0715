// The page behind an alert e-mail's link: what it does, one button (a POST to the same address, token
// included), and the outcome.
import { useT } from "../../lib/i18n.tsx";
import type { LinkOutcome } from "./follow-state.ts";

export function AlertLinkPage(props: {
  title: string;
  intro: string;
  button: string;
  done: string;
  outcome: LinkOutcome | undefined;
}) {
  const t = useT();
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">{props.title}</h1>
      {props.outcome === "done" ? (
        <p role="status" className="mt-4 font-medium">
          {props.done}
        </p>
      ) : (
        <>
          {props.outcome ? (
            <p role="alert" className="mt-4 font-medium text-red-700 dark:text-red-400">
              {props.outcome === "tooMany" ? t("follow.error.tooMany") : t("follow.confirm.invalid")}
            </p>
          ) : null}
          <p className="mt-4">{props.intro}</p>
          {/* No action attribute: the form posts to this address, token and all. */}
          <form method="post" className="mt-4">
            <button
              type="submit"
              className="rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700 dark:bg-slate-100 dark:text-slate-900"
            >
              {props.button}
            </button>
          </form>
        </>
      )}
    </main>
  );
}
