// Facts about the demo films written by hand, by IMDb id: what the Wikidata file gets wrong or lacks.

/** Re-releases in the 2023–24 file: the film's own year (the release date there is the re-release). */
export const originalYears: Record<string, number> = {
  tt0070246: 1973,
  tt0073198: 1975,
  tt0075617: 1977,
  tt0077838: 1978,
  tt0095705: 1988,
  tt0112682: 1995,
  tt0112870: 1995,
  tt0172495: 2000,
  tt0245429: 2001,
  tt0317248: 2002,
  tt0368667: 2003,
};

/** Dutch release titles that differ from the English title (only well-known, certain ones). */
export const dutchTitles: Record<string, string> = {
  tt22022452: "Binnenstebuiten 2", // Inside Out 2
  tt7510222: "Verschrikkelijke Ikke 4", // Despicable Me 4
  tt13622970: "Vaiana 2", // Moana 2
  tt29623480: "De Wilde Robot", // The Wild Robot
  tt5971474: "De Kleine Zeemeermin", // The Little Mermaid (2023)
  tt26446278: "Le Comte de Monte-Cristo", // The Count of Monte Cristo (released in NL under its French title)
  tt17009710: "Anatomie d'une chute", // Anatomy of a Fall (idem)
};

/** Non-English (or non-verbal) films: [original language or null, original title or null]. */
export const nonEnglish: Record<string, [string | null, string | null]> = {
  tt0245429: ["ja", "千と千尋の神隠し"],
  tt0317248: ["pt", "Cidade de Deus"],
  tt6587046: ["ja", "君たちはどう生きるか"],
  tt17009710: ["fr", "Anatomie d'une chute"],
  tt7160372: ["de", null],
  tt4772188: [null, "Straume"],
  tt20221436: ["es", null],
  tt0112870: ["hi", null],
  tt16428256: ["ja", "すずめの戸締まり"],
  tt16277242: ["es", "La sociedad de la nieve"],
  tt0112682: ["fr", "La Cité des enfants perdus"],
  tt14961016: ["pt", "Ainda Estou Aqui"],
  tt0073198: ["fr", null],
  tt11032374: ["ja", "劇場版「鬼滅の刃」無限列車編"],
  tt27503384: ["ja", null],
  tt32178949: ["fa", null],
  tt9660502: ["fr", null],
  tt21027780: ["fi", "Kuolleet lehdet"],
  tt18550140: ["fa", null],
  tt11210390: ["fr", "Astérix & Obélix : L'Empire du Milieu"],
  tt23289160: ["ja", "ゴジラ-1.0"],
  tt23736044: ["ja", "怪物"],
  tt30953759: [null, null],
  tt12844910: ["hi", null],
  tt14812496: ["ru", "Вызов"],
  tt10236164: ["da", "Pigen med nålen"],
  tt6685538: ["uk", "Мавка. Лісова пісня"],
  tt26446278: ["fr", "Le Comte de Monte-Cristo"],
  tt19760052: ["fr", "La Passion de Dodin Bouffant"],
  tt19652910: ["pl", "IO"],
  tt14225838: [null, null],
  tt14561712: ["it", null],
  tt10364034: [null, null],
  tt12672536: ["fr", "Les Trois Mousquetaires : D'Artagnan"],
  tt12672620: ["fr", "Les Trois Mousquetaires : Milady"],
  tt12477480: ["ko", "헤어질 결심"],
  tt17277414: ["fr", null],
  tt16183464: ["ja", "ONE PIECE FILM RED"],
  tt20561198: ["da", "Bastarden"],
  tt28618488: ["it", null],
  tt27502426: ["ar", "Les Filles d'Olfa"],
  tt15354916: ["hi", null],
  tt13429870: [null, null],
  tt15006566: ["es", "As bestas"],
  tt21909764: [null, null],
  tt28490044: ["ja", "悪は存在しない"],
  tt27722543: ["pl", "Zielona granica"],
  tt26612950: ["de", "Das Lehrerzimmer"],
  tt13056052: ["ko", "브로커"],
  tt31015216: ["fr", null],
  tt31392609: ["th", "หลานม่า"],
  tt8399288: [null, null],
  tt23853982: ["it", null],
  tt15109082: ["ga", "An Cailín Ciúin"],
  tt13231544: ["tr", "Kuru Otlar Üstine"],
  tt30810787: ["no", "Drømmer"],
  tt12735488: ["te", null],
  tt27367464: [null, null],
  tt15376894: ["fr", null],
  tt23849204: ["hi", null],
  tt0070246: ["ja", "仁義なき戦い"],
  tt0368667: [null, null],
  tt32086077: ["ml", null],
  tt24082438: ["uk", null],
  tt14400246: ["es", "Bird Box Barcelona"],
  tt5986440: [null, null],
  tt0075617: ["sv", null],
};

/**
 * The file has no country column values, so languages cannot be derived from countries. The most
 * linked films (Wikidata sitelinks ≥ 17, about 330 titles) were reviewed by hand: apart from the
 * table above they are English-language films. Below that threshold the language stays null.
 */
export const reviewedPopularity = 17;
