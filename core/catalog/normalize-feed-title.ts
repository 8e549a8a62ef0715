// A feed's title as matching compares it (PRODUCT.md §6): lower-case, accents and punctuation gone, and
// the decorations cinemas add to a title stripped — "(OV)", "3D", "IMAX", "(Originele versie)",
// "Sneak Preview", language tags and a year. An alias stores this form, so "Dune: Part Two (OV) 3D" and
// "dune part two" find the same movie. Pure: used by the studio and by imports.

const DECORATIONS = [
  /\((?:ov|originele versie|original version|nl|en|fr|de|nv|ned|eng|vf|vo|vost|omu)\)/g,
  /\b(?:originele versie|original version|nederlands gesproken|nl gesproken|english spoken)\b/g,
  /\b(?:ov|nv|omu|vost|vf|vo)\b/g,
  /\b(?:2d|3d|4dx|imax|dolby atmos|dolby cinema|screenx|hfr|atmos)\b/g,
  /\b(?:sneak preview|sneak|preview|premiere|première)\b/g,
  /\((?:18|19|20)\d{2}\)/g,
];

export function normalizeFeedTitle(title: string): string {
  let text = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  for (const pattern of DECORATIONS) text = text.replace(pattern, " ");
  return text
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/\s+/g, " ");
}
