// A feed's title as matching compares it (PRODUCT.md §6): lower-case, accents and punctuation gone, and
// the decorations cinemas add to a title stripped — "(OV)", "3D", "IMAX", "(Originele versie)",
// "Sneak Preview", subtitle notes, language tags, a year and the names of screening series
// ("Movies that Matter: …"). An alias stores this form, so "Dune: Part Two (OV) 3D" and "dune part two"
// find the same movie. Pure: used by the studio and by imports.

/** Screening series cinemas put before the film's title ("Mtm on Tour: Styx"). */
const SERIES_PREFIX =
  /^(?:sneak preview|sneak|preview|voorpremiere|premiere|mtm on tour|movies that matter|expat cinema|cinema classics|classics|filmclub|film club|cult classics|ladies night|ladies at the movies|seniorenfilm|senioren|kinderfilm|surf film nacht|horror night|double bill|kerstfilm|retrospective|retrospectief)\s*[:|-]\s*/;

const DECORATIONS = [
  /\((?:ov|originele versie|original version|nl|en|fr|de|nv|ned|eng|vf|vo|vost|omu|nl versie|nederlandse versie)\)/g,
  // subtitle notes: "- English subtitles", "(EN subs)", "met Engelse ondertiteling", "English subtitled"
  /[([]?\b(?:en|eng|english|nl|ned|dutch|engelse|nederlandse|met engelse|met nederlandse)\s+(?:subs|subtitles|subtitled|ondertiteling|ondertiteld|ot)\b[)\]]?/g,
  /\b(?:with english subtitles|english subtitles|ondertiteld|ondertiteling|subtitled)\b/g,
  /\b(?:originele versie|original version|nederlandse versie|nederlands gesproken|nl gesproken|vlaams gesproken|english spoken|engels gesproken)\b/g,
  /\b(?:ov|nv|omu|vost|vf|vo)\b/g,
  /\b(?:2d|3d|4dx|imax|dolby atmos|dolby cinema|dolby vision|screenx|hfr|atmos|d box|70mm|35mm|4k)\b/g,
  // editions of the same film
  /\b(?:director['’ ]?s cut|extended (?:cut|edition)|final cut|restored|remastered|restauratie|re ?release|heruitbreng|anniversary edition|jubileumeditie)\b/g,
  /\((?:live|live in hd)\)|\blive in hd\b/g,
  /\b(?:sneak preview|sneak|preview|voorpremiere|premiere)\b/g,
  // a talk or Q&A after the film: "Anora + Q&A met de regisseur"
  /\s\+\s*(?:q ?& ?a|qa|nagesprek|inleiding|introductie|intro|lezing|talk|discussion|gesprek)\b.*$/g,
  /[([](?:18|19|20)\d{2}[)\]]/g,
];

export function normalizeFeedTitle(title: string): string {
  let text = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\u2010-\u2015]/g, "-")
    .trim();
  // repeated: "Sneak Preview: Classics: Stalker"
  for (let previous = ""; previous !== text;) {
    previous = text;
    text = text.replace(SERIES_PREFIX, "");
  }
  for (const pattern of DECORATIONS) text = text.replace(pattern, " ");
  return text
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/\s+/g, " ");
}
