// Language versions (original, dubbed, subtitled) of a film in a cinema, and the title its feed gives.
import type { Venue } from "./demo-venues.ts";
import type { Film } from "./now-playing.ts";

export type Version = { attributes: string[]; audio: string | null; subs: string[]; suffix: string };

export function versionFor(v: Venue, f: Film, r: number): Version {
  const lang = f.originalLanguage;
  const local = v.language;
  if (lang === local) return { attributes: [], audio: lang, subs: [], suffix: "" };
  const dubbedShare = f.family ? (v.kind === "arthouse" ? 0.2 : 0.75) : 0;
  switch (v.c.country) {
    case "FR": {
      const vf = f.family
        ? 0.95
        : v.kind === "arthouse" || v.c.arthouse
          ? 0.15
          : v.kind === "multiplex"
            ? 0.7
            : 0.8;
      if (r < vf) return { attributes: ["vf"], audio: "fr", subs: [], suffix: " (VF)" };
      return { attributes: ["vost", "fr-subs"], audio: lang, subs: ["fr"], suffix: " (VOST)" };
    }
    case "NL":
    case "BE":
      if (r < dubbedShare) return { attributes: ["nl-dubbed"], audio: "nl", subs: [], suffix: " (NL)" };
      if (v.kind === "arthouse" && lang !== "en" && r > 0.75)
        return { attributes: ["ov", "en-subs"], audio: lang, subs: ["en"], suffix: " (English subtitles)" };
      return { attributes: ["ov", "nl-subs"], audio: lang, subs: ["nl"], suffix: f.family ? " (OV)" : "" };
    case "DK":
      if (r < dubbedShare)
        return { attributes: ["da-dubbed"], audio: "da", subs: [], suffix: " (dansk tale)" };
      return {
        attributes: ["ov", "da-subs"],
        audio: lang,
        subs: ["da"],
        suffix: f.family ? " (original version)" : "",
      };
    default:
      return { attributes: ["ov"], audio: lang, subs: [], suffix: "" };
  }
}

export function feedTitleFor(v: Venue, f: Film, version: Version, threeD: boolean): string {
  const dubbedNl = version.attributes.includes("nl-dubbed");
  const base = dubbedNl && f.titleNl ? f.titleNl : f.title;
  let suffix = version.suffix;
  if (v.c.chain === "pathe" && v.c.country === "NL") {
    if (suffix === " (NL)") suffix = " (Nederlandse versie)";
    else if (suffix === " (OV)") suffix = " (Originele versie)";
  }
  if (v.c.country === "FR" && v.kind !== "multiplex")
    suffix = version.attributes.includes("vost") ? " (VOST)" : "";
  return `${base}${threeD ? " 3D" : ""}${suffix}`;
}
