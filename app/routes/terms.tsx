import { LegalDocument, type LegalSection } from "../components/legal/legal-document.tsx";
import { descriptionFrom, titleFrom } from "../lib/page-title.ts";
import { publicPageLinks } from "../lib/public-urls.ts";
import type { Route } from "./+types/terms.ts";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    { title: titleFrom(matches, "legal.terms.title", "Terms of use") },
    ...descriptionFrom(matches, "legal.terms.metaDescription"),
    ...publicPageLinks(matches, location, "/terms"),
  ];
}

const SECTIONS: readonly LegalSection[] = [
  { heading: "legal.terms.service.heading", body: "legal.terms.service.body" },
  { heading: "legal.terms.accuracy.heading", body: "legal.terms.accuracy.body" },
  { heading: "legal.terms.accounts.heading", body: "legal.terms.accounts.body" },
  { heading: "legal.terms.api.heading", body: "legal.terms.api.body" },
  { heading: "legal.terms.sources.heading", body: "legal.terms.sources.body" },
  { heading: "legal.terms.changes.heading", body: "legal.terms.changes.body" },
];

export default function Terms() {
  return <LegalDocument title="legal.terms.title" intro="legal.terms.intro" sections={SECTIONS} />;
}
