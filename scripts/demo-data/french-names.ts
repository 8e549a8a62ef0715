// French venue names and addresses: the CNC register writes them in capitals without accents
// ("PATHE BELLECOUR"); these rules give them their usual spelling ("Pathé Bellecour").

const frenchAccents: Record<string, string> = {
  CINEMA: "Cinéma",
  CINEMAS: "Cinémas",
  CINE: "Ciné",
  CINES: "Cinés",
  THEATRE: "Théâtre",
  THEATRES: "Théâtres",
  PATHE: "Pathé",
  CITE: "Cité",
  FETES: "Fêtes",
  MELIES: "Méliès",
  ECRAN: "Écran",
  ECRANS: "Écrans",
  LUMIERE: "Lumière",
  LUMIERES: "Lumières",
  ETOILE: "Étoile",
  GERARD: "Gérard",
  VARIETES: "Variétés",
  ANDRE: "André",
  ODEON: "Odéon",
  FRANCOIS: "François",
  COLISEE: "Colisée",
  SCENE: "Scène",
  ATMOSPHERE: "Atmosphère",
  AGNES: "Agnès",
  REPUBLIQUE: "République",
  REGENT: "Régent",
  COTE: "Côte",
  ELYSEES: "Élysées",
  ELYSEE: "Élysée",
  CINEMATOGRAPHE: "Cinématographe",
  ECRINS: "Écrins",
  CHATEAU: "Château",
  GENERAL: "Général",
  MARECHAL: "Maréchal",
  ALLEE: "Allée",
  ALLEES: "Allées",
  JAURES: "Jaurès",
  HOTEL: "Hôtel",
  EMILE: "Émile",
  ECOLE: "École",
  ECOLES: "Écoles",
  LEON: "Léon",
  EGLISE: "Église",
  LIBERATION: "Libération",
  CINEVILLE: "Cinéville",
  MEDIATHEQUE: "Médiathèque",
  CINEMATHEQUE: "Cinémathèque",
  PREVERT: "Prévert",
  CAMERA: "Caméra",
  CREATION: "Création",
  ESPERANCE: "Espérance",
  FEDERATION: "Fédération",
  COMMUNAUTE: "Communauté",
  MEGA: "Méga",
  GAUMONT: "Gaumont",
  DOCTEUR: "Docteur",
  CLEMENCEAU: "Clemenceau",
  FREDERIC: "Frédéric",
  RENE: "René",
  EUGENE: "Eugène",
  HELENE: "Hélène",
  GENEVIEVE: "Geneviève",
  STEPHANE: "Stéphane",
  ELISEE: "Élisée",
  PERE: "Père",
  PRE: "Pré",
  PRES: "Prés",
  ILE: "Île",
  MEDITERRANEE: "Méditerranée",
  AVENEMENT: "Avènement",
  MUSEE: "Musée",
  ARENES: "Arènes",
  ARENE: "Arène",
  ESPLANADE: "Esplanade",
  MAIRIE: "Mairie",
  CULTURELLE: "Culturelle",
  ZENITH: "Zénith",
  PLEIADES: "Pléiades",
  ELDORADO: "Eldorado",
  ECLAIR: "Éclair",
  ETOILES: "Étoiles",
  BOBINE: "Bobine",
  STE: "Ste",
  ST: "St",
  BD: "Bd",
  AV: "Av",
  SLE: "Sle",
};
const frenchSmallWords = new Set([
  "de",
  "du",
  "des",
  "la",
  "le",
  "les",
  "et",
  "à",
  "a",
  "au",
  "aux",
  "en",
  "sur",
  "sous",
  "l",
  "d",
]);
const keepUpper = new Set([
  "UGC",
  "CGR",
  "MK2",
  "MJC",
  "ZAC",
  "ZI",
  "ZA",
  "IMAX",
  "CNC",
  "ABC",
  "RN",
  "RD",
  "CD",
  "SNCF",
  "4DX",
  "II",
  "III",
  "IV",
  "VI",
  "VII",
  "VIII",
  "IX",
  "XI",
  "XII",
  "XIV",
  "XV",
  "XX",
  "TNB",
  "TNT",
  "FJT",
  "CCAS",
  "ASPTT",
  "CLC",
  "CGT",
  "USA",
  "UFR",
]);

function frenchWord(word: string, first: boolean): string {
  if (word === "") return word;
  if (keepUpper.has(word)) return word;
  if (/^\d/.test(word)) return word.toLowerCase(); // 12BIS, 1ER
  const lower = word.toLowerCase();
  if (!first && frenchSmallWords.has(lower)) return lower;
  const accented = frenchAccents[word];
  if (accented) return accented;
  if (!/[AEIOUYÀ-Ý]/.test(word) && word.length <= 4) return word; // consonant-only: an acronym
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** "PATHE BELLECOUR" → "Pathé Bellecour", "CINE L'ESPACE" → "Ciné l'Espace". Mixed-case input is kept. */
export function frenchTitleCase(value: string): string {
  const text = value.replace(/\s+/g, " ").trim();
  if (/[a-zà-ÿ]/.test(text)) return text;
  let first = true;
  return text.replace(/[A-Z0-9À-Ý]+/g, (word, offset: number) => {
    const prev = text[offset - 1];
    const isFirst = first;
    first = false;
    // word after an apostrophe (L'ESPACE → l'Espace): capitalise the part after it
    if (prev === "'" || prev === "’") return frenchWord(word, true);
    return frenchWord(word, isFirst);
  });
}
