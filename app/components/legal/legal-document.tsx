// The terms of use and the privacy statement: a title, the date of the text, an introduction and
// numbered sections, every text from the catalogue (English and Dutch).
import { useIntl } from "react-intl";
import { useT, type MessageKey } from "../../lib/i18n.tsx";

export type LegalSection = { heading: MessageKey; body: MessageKey };

/** The date the texts last changed (shown in the reader's language). */
export const LEGAL_TEXTS_DATE = "2026-11-25";

export function LegalDocument(props: {
  title: MessageKey;
  intro: MessageKey;
  sections: readonly LegalSection[];
}) {
  const t = useT();
  const updated = useIntl().formatDate(new Date(`${LEGAL_TEXTS_DATE}T12:00:00Z`), {
    dateStyle: "long",
    timeZone: "UTC",
  });
  return (
    <article className="max-w-3xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t(props.title)}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("legal.updated", { date: updated })}</p>
      </header>
      <p>{t(props.intro)}</p>
      {props.sections.map((section, index) => (
        <section key={section.heading} aria-labelledby={`legal-${index + 1}`} className="space-y-2">
          <h2 id={`legal-${index + 1}`} className="text-xl font-semibold">
            {index + 1}. {t(section.heading)}
          </h2>
          <p>{t(section.body)}</p>
        </section>
      ))}
    </article>
  );
}
