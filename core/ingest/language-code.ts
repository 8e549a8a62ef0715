// Feeds name languages every way there is: "en", "ENG", "English", "Engels", "Anglais", "Englisch",
// "en-GB". Showtimes store ISO 639-1 codes. Intl.DisplayNames gives each code's name in the languages our
// cinemas' feeds are written in, so the table below is built, not typed; three-letter codes are listed.
// "OV" / "original version" is no language: the run keeps it as an attribute, not here.

const CODES = (
  "ar bg bs ca cs da de el en es et fa fi fr he hi hr hu id is it ja ko lt lv mk nl no pl pt ro ru sk sl " +
  "sq sr sv th tr uk vi zh"
).split(" ");

/** ISO 639-2 (terminology and bibliographic) → 639-1. */
const THREE_LETTER = new Map(
  (
    "ara:ar bul:bg bos:bs cat:ca ces:cs cze:cs dan:da deu:de ger:de ell:el gre:el eng:en " +
    "spa:es est:et fas:fa per:fa fin:fi fra:fr fre:fr heb:he hin:hi hrv:hr hun:hu ind:id " +
    "isl:is ice:is ita:it jpn:ja kor:ko lit:lt lav:lv mkd:mk mac:mk nld:nl dut:nl nor:no " +
    "nob:no pol:pl por:pt ron:ro rum:ro rus:ru slk:sk slo:sk slv:sl sqi:sq alb:sq srp:sr " +
    "swe:sv tha:th tur:tr ukr:uk vie:vi zho:zh chi:zh"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

/** Names feeds use that the display names do not give. */
const EXTRA_NAMES: Record<string, string> = {
  vlaams: "nl",
  flemish: "nl",
  mandarin: "zh",
  cantonese: "zh",
  farsi: "fa",
  castellano: "es",
  castilian: "es",
  "nederlands gesproken": "nl",
  "nl gesproken": "nl",
};

const NAME_LOCALES = ["en", "nl", "fr", "de", "es", "it", "pt", "da", "sv", "pl"];

const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

let byName: Map<string, string> | undefined;

function namesTable(): Map<string, string> {
  if (byName) return byName;
  const table = new Map<string, string>(Object.entries(EXTRA_NAMES));
  for (const locale of NAME_LOCALES) {
    const names = new Intl.DisplayNames([locale], { type: "language", fallback: "none" });
    for (const code of CODES) {
      const name = names.of(code);
      if (name) table.set(fold(name), code);
    }
  }
  for (const [three, code] of THREE_LETTER) table.set(three, code);
  for (const code of CODES) table.set(code, code);
  byName = table;
  return table;
}

/** The ISO 639-1 code of a feed's language text, or null when it names no language we know. */
export function languageCode(value: string | undefined | null): string | null {
  if (!value) return null;
  const text = fold(value);
  if (!text) return null;
  const table = namesTable();
  const direct = table.get(text);
  if (direct) return direct;
  // "en-GB", "pt_BR", "zh-Hant": the language part decides.
  const tag = /^([a-z]{2,3})(?:[-_][a-z0-9]{2,8})+$/.exec(text);
  return tag ? (table.get(tag[1]!) ?? null) : null;
}
