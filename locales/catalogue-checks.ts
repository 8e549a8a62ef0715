// What makes a locale file finished (issue #22): English's keys, valid ICU with English's arguments
// and options, every plural category the language needs, real translation (not English copies) and,
// for languages with a script of their own, text in that script. Used by locales.test.ts and by
// `node scripts/i18n-check.ts <locale>` while translating.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { toLanguageTag, type Locale } from "../core/i18n/locales.ts";

export type Messages = Record<string, string>;

/** Share of multi-word messages that may stay identical to English, or lack the language's script. */
export const MAX_UNTRANSLATED_SHARE = 0.05;

/**
 * Messages that are the same in every language: product names, codes, formats. They are not counted
 * as untranslated. Keep this list short and explain an entry when adding it.
 */
export const SAME_IN_EVERY_LANGUAGE: ReadonlySet<string> = new Set([
  // An HTTP header's name and a DOM property, as developers type them.
  "studio.documentation.csp.title",
  "studio.documentation.toc.csp",
  "studio.documentation.events.col.detail",
  // Feed formats, by their product names.
  "studio.sources.format.reeltime-csv",
  "studio.sources.format.reeltime-json",
  "studio.sources.format.veezi-json",
  "studio.sources.format.veezi-xml",
  "studio.sources.format.vista-ocapi",
]);

/** The script a language is written in, when it is not Latin: its text must use it. */
const SCRIPTS: Partial<Record<Locale, RegExp>> = {
  ar: /\p{Script=Arabic}/u,
  fa_ir: /\p{Script=Arabic}/u,
  ur: /\p{Script=Arabic}/u,
  ckb: /\p{Script=Arabic}/u,
  ug_cn: /\p{Script=Arabic}/u,
  he: /\p{Script=Hebrew}/u,
  bg: /\p{Script=Cyrillic}/u,
  ru: /\p{Script=Cyrillic}/u,
  uk: /\p{Script=Cyrillic}/u,
  kk: /\p{Script=Cyrillic}/u,
  ky: /\p{Script=Cyrillic}/u,
  mn: /\p{Script=Cyrillic}/u,
  tj: /\p{Script=Cyrillic}/u,
  el: /\p{Script=Greek}/u,
  hi: /\p{Script=Devanagari}/u,
  bn: /\p{Script=Bengali}/u,
  hy: /\p{Script=Armenian}/u,
  ka: /\p{Script=Georgian}/u,
  th: /\p{Script=Thai}/u,
  km: /\p{Script=Khmer}/u,
  ko: /\p{Script=Hangul}/u,
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  zh_cn: /\p{Script=Han}/u,
  zh_tw: /\p{Script=Han}/u,
};

export function scriptOf(locale: Locale): RegExp | undefined {
  return SCRIPTS[locale];
}

/** The plural categories a language distinguishes ("one", "few", …), cardinal or ordinal. */
export function pluralCategories(locale: Locale, type: "cardinal" | "ordinal" = "cardinal"): string[] {
  return new Intl.PluralRules(toLanguageTag(locale), { type }).resolvedOptions().pluralCategories;
}

type Shape = {
  /** "name:type" for every argument, "<tag>" for every rich-text tag, nested ones included. */
  arguments: string[];
  /** Every select's options ("kind: a|b|other"), which translations must keep. */
  selects: string[];
  /** Every plural's non-exact options, with its type. */
  plurals: { name: string; ordinal: boolean; options: string[] }[];
};

function shapeOf(
  elements: MessageFormatElement[],
  shape: Shape = { arguments: [], selects: [], plurals: [] },
) {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
        shape.arguments.push(`${element.value}:text`);
        break;
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        shape.arguments.push(`${element.value}:${TYPE[element.type]}`);
        break;
      case TYPE.tag:
        shape.arguments.push(`<${element.value}>`);
        shapeOf(element.children, shape);
        break;
      case TYPE.select:
        shape.arguments.push(`${element.value}:select`);
        shape.selects.push(`${element.value}: ${Object.keys(element.options).sort().join("|")}`);
        for (const option of Object.values(element.options)) shapeOf(option.value, shape);
        break;
      case TYPE.plural:
        shape.arguments.push(`${element.value}:plural`);
        shape.plurals.push({
          name: element.value,
          ordinal: element.pluralType === "ordinal",
          options: Object.keys(element.options).filter((option) => !option.startsWith("=")),
        });
        for (const option of Object.values(element.options)) shapeOf(option.value, shape);
        break;
      default:
        break;
    }
  }
  shape.arguments = [...new Set(shape.arguments)].sort();
  shape.selects = [...new Set(shape.selects)].sort();
  return shape;
}

/** The visible words of a message: literal text of every branch, placeholders and tags left out. */
function literalText(elements: MessageFormatElement[]): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) return element.value;
      if (element.type === TYPE.tag) return literalText(element.children);
      if (element.type === TYPE.select || element.type === TYPE.plural) {
        return Object.values(element.options)
          .map((option) => literalText(option.value))
          .join(" ");
      }
      return " ";
    })
    .join("");
}

function parseMessage(message: string) {
  return parse(message, { ignoreTag: false, requiresOtherClause: true });
}

/** Two or more words of letters (not just codes, numbers and placeholders). */
function isMultiWord(text: string): boolean {
  return (text.match(/\p{L}{2,}/gu) ?? []).length >= 2;
}

export type CatalogueReport = {
  missing: string[];
  extra: string[];
  empty: string[];
  /** Messages that do not parse, or whose arguments, select options or plural categories differ. */
  invalid: string[];
  /** Multi-word messages identical to English (allow-listed ones not included). */
  identical: string[];
  /** Multi-word messages without a letter of the language's own script. */
  wrongScript: string[];
  /** How many multi-word English messages the shares are taken of. */
  multiWordCount: number;
};

export function checkCatalogue(locale: Locale, messages: Messages, english: Messages): CatalogueReport {
  const report: CatalogueReport = {
    missing: Object.keys(english).filter((key) => !(key in messages)),
    extra: Object.keys(messages).filter((key) => !(key in english)),
    empty: [],
    invalid: [],
    identical: [],
    wrongScript: [],
    multiWordCount: 0,
  };
  const cardinal = new Set(pluralCategories(locale, "cardinal"));
  const ordinal = new Set(pluralCategories(locale, "ordinal"));
  const script = scriptOf(locale);

  for (const [key, source] of Object.entries(english)) {
    const sourceElements = parseMessage(source);
    const sourceShape = shapeOf(sourceElements);
    const multiWord = isMultiWord(literalText(sourceElements));
    if (multiWord) report.multiWordCount += 1;

    const value = messages[key];
    if (value === undefined) continue;
    if (typeof value !== "string" || value.trim() === "") {
      report.empty.push(key);
      continue;
    }
    let elements: MessageFormatElement[];
    try {
      elements = parseMessage(value);
    } catch (error) {
      report.invalid.push(`${key}: not valid ICU (${(error as Error).message})`);
      continue;
    }
    const shape = shapeOf(elements);
    if (shape.arguments.join(",") !== sourceShape.arguments.join(",")) {
      report.invalid.push(
        `${key}: arguments {${shape.arguments.join(", ")}} but English has {${sourceShape.arguments.join(", ")}}`,
      );
    }
    if (shape.selects.join(";") !== sourceShape.selects.join(";")) {
      report.invalid.push(
        `${key}: select options [${shape.selects.join("; ")}] but English has [${sourceShape.selects.join("; ")}]`,
      );
    }
    for (const plural of shape.plurals) {
      const needed = plural.ordinal ? ordinal : cardinal;
      const lacking = [...needed].filter((category) => !plural.options.includes(category));
      const unknown = plural.options.filter((option) => !needed.has(option));
      if (lacking.length > 0 || unknown.length > 0) {
        report.invalid.push(
          `${key}: plural {${plural.name}} needs exactly ${[...needed].join(", ")} (and =N as wished); ` +
            `lacking [${lacking.join(", ")}], not in this language [${unknown.join(", ")}]`,
        );
      }
    }
    if (multiWord && locale !== "en" && !SAME_IN_EVERY_LANGUAGE.has(key)) {
      if (value === source) report.identical.push(key);
      if (script && !script.test(literalText(elements))) report.wrongScript.push(key);
    }
  }
  return report;
}

/** Problems that make a catalogue unfinished, as lines; empty when it is finished. */
export function catalogueProblems(report: CatalogueReport): string[] {
  const problems = [
    ...report.missing.map((key) => `missing: ${key}`),
    ...report.extra.map((key) => `extra: ${key}`),
    ...report.empty.map((key) => `empty: ${key}`),
    ...report.invalid,
  ];
  const limit = Math.floor(report.multiWordCount * MAX_UNTRANSLATED_SHARE);
  if (report.identical.length > limit) {
    problems.push(`${report.identical.length} multi-word messages identical to English (at most ${limit})`);
  }
  if (report.wrongScript.length > limit) {
    problems.push(
      `${report.wrongScript.length} multi-word messages lack the language's script (at most ${limit})`,
    );
  }
  return problems;
}
