// A problem (or a run's error summary) as a sentence: its message key formatted with its values, in English
// unless another locale's messages are given. The studio formats in the reader's locale itself.
import { IntlMessageFormat } from "intl-messageformat";
import en from "../../locales/en.json" with { type: "json" };
import type { ImportProblem } from "./feed.ts";

export function describeProblemMessage(
  message: string,
  values: ImportProblem["values"],
  messages: Record<string, string> = en,
  locale = "en",
): string {
  const source = messages[message];
  if (source === undefined) return message;
  return String(new IntlMessageFormat(source, locale, undefined, { ignoreTag: true }).format(values ?? {}));
}

/** "line 12 · starts_at: …" */
export function describeProblem(
  problem: ImportProblem,
  messages?: Record<string, string>,
  locale?: string,
): string {
  const where = [problem.where, problem.field].filter(Boolean).join(" · ");
  return `${where ? `${where}: ` : ""}${describeProblemMessage(problem.message, problem.values, messages, locale)}`;
}
