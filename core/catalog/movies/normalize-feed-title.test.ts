import { describe, expect, it } from "vitest";
import { normalizeFeedTitle } from "./normalize-feed-title.ts";

describe("normalizeFeedTitle", () => {
  it.each([
    ["Dune: Part Two (OV) 3D", "dune part two"],
    ["Shoplifters - English subtitles", "shoplifters"],
    ["Cold War (EN subs)", "cold war"],
    ["The Zone of Interest – met Engelse ondertiteling", "the zone of interest"],
    ["Inside Out 2 (NL gesproken)", "inside out 2"],
    ["Oppenheimer IMAX 70mm", "oppenheimer"],
    ["Halloween (1978) - 4K restauratie", "halloween"],
    ["Alien (1979) - Director's Cut", "alien"],
    ["Suspiria [1977]", "suspiria"],
    ["Voorpremière: Wicked", "wicked"],
    ["Mtm on Tour: Yomeddine", "yomeddine"],
    ["Movies that Matter: Styx", "styx"],
    ["Anora + Q&A met de regisseur", "anora"],
    ["The Met: La Bohème (Live)", "the met la boheme"],
    ["Sneak Preview", ""],
    // a series name only before a colon: the film "Kids" and "Event Horizon" keep their words
    ["Kids", "kids"],
    ["Event Horizon", "event horizon"],
    ["Blade Runner 2049", "blade runner 2049"],
  ])("%s → %s", (title, expected) => {
    expect(normalizeFeedTitle(title)).toBe(expected);
  });
});
