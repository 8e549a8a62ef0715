// The terms of use and the privacy statement: a title, the date of the text, an introduction and
// numbered sections. The texts come from the page's loader in the reader's language (English or Dutch),
// not from the messages every public page carries: no other page needs them.
import { formatMessageRef, messageRef, type MessageKey } from "../../../core/i18n/message-ref.ts";
import type { Messages } from "../../../core/i18n/message-catalog.ts";

export type LegalSection = { heading: MessageKey; body: MessageKey };
export type LegalText = {
  title: string;
  description: string;
  updated: string;
  intro: string;
  sections: { heading: string; body: string }[];
};

/** The date the texts last changed. */
export const LEGAL_TEXTS_DATE = "2026-11-25";

/** The document's texts from a locale's messages (server side). */
export function legalText(
  messages: Messages,
  lang: string,
  keys: { title: MessageKey; description: MessageKey; intro: MessageKey; sections: readonly LegalSection[] },
): LegalText {
  const text = (key: MessageKey) => messages[key] ?? key;
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${LEGAL_TEXTS_DATE}T12:00:00Z`),
  );
  return {
    title: text(keys.title),
    description: text(keys.description),
    updated: formatMessageRef(messages, messageRef("legal.updated", { date }), lang),
    intro: text(keys.intro),
    sections: keys.sections.map((section) => ({ heading: text(section.heading), body: text(section.body) })),
  };
}

export function LegalDocument({ text }: { text: LegalText }) {
  return (
    <article className="max-w-3xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{text.title}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">{text.updated}</p>
      </header>
      <p>{text.intro}</p>
      {text.sections.map((section, index) => (
        <section key={section.heading} aria-labelledby={`legal-${index + 1}`} className="space-y-2">
          <h2 id={`legal-${index + 1}`} className="text-xl font-semibold">
            {index + 1}. {section.heading}
          </h2>
          <p>{section.body}</p>
        </section>
      ))}
    </article>
  );
}
