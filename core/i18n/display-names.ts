// Country and language names in the reader's language, through Intl.DisplayNames ("FR" → "Frankrijk"
// for nl, "Frankreich" for de; "nl" → "néerlandais" for fr). Where Intl has no name for a code (a code
// ICU does not know, a runtime without the data), the name we keep (the countries table's, the locale's
// own) stands in, then the code itself. Pure: server and browser.

type Kind = "region" | "language";

const namers = new Map<string, Intl.DisplayNames | null>();

function namer(lang: string, type: Kind): Intl.DisplayNames | null {
  const key = `${type}|${lang}`;
  let names = namers.get(key);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([lang], { type, fallback: "none" });
    } catch {
      names = null; // not a well-formed language tag
    }
    namers.set(key, names);
  }
  return names;
}

function nameOf(type: Kind, lang: string, code: string): string | undefined {
  if (!code) return undefined;
  try {
    return namer(lang, type)?.of(code) ?? undefined;
  } catch {
    return undefined; // not a well-formed code
  }
}

/** A country's name in `lang` (a BCP 47 tag): "FR" → "Frankrijk" (nl); else `stored`, else the code. */
export function countryName(lang: string, code: string, stored?: string | null): string {
  return nameOf("region", lang, code.toUpperCase()) ?? (stored || code);
}

/**
 * A language's name in `lang`: "nl" or "pt_br" → "Dutch", "Brazilian Portuguese" (en). `capitalised`
 * starts it with a capital as a label does ("Néerlandais"), except in Georgian, whose capitals do not
 * start sentences. Else `stored`, else the code.
 */
export function languageName(
  lang: string,
  code: string,
  options: { stored?: string | null; capitalised?: boolean } = {},
): string {
  // Our locale codes ("pt_br", "tj") as the tags Intl reads ("pt-BR", "tg").
  const tag = code === "tj" ? "tg" : code.replaceAll("_", "-");
  const name = nameOf("language", lang, tag);
  if (!name) return options.stored || code;
  if (!options.capitalised || lang === "ka" || lang.startsWith("ka-")) return name;
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
}
