import { LegalDocument, type LegalSection } from "../components/legal/legal-document.tsx";
import { descriptionFrom, titleFrom } from "../lib/page-title.ts";
import { publicPageLinks } from "../lib/public-urls.ts";
import type { Route } from "./+types/privacy.ts";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    { title: titleFrom(matches, "legal.privacy.title", "Privacy statement") },
    ...descriptionFrom(matches, "legal.privacy.metaDescription"),
    ...publicPageLinks(matches, location, "/privacy"),
  ];
}

const SECTIONS: readonly LegalSection[] = [
  { heading: "legal.privacy.visitors.heading", body: "legal.privacy.visitors.body" },
  { heading: "legal.privacy.cookies.heading", body: "legal.privacy.cookies.body" },
  { heading: "legal.privacy.accounts.heading", body: "legal.privacy.accounts.body" },
  { heading: "legal.privacy.widget.heading", body: "legal.privacy.widget.body" },
  { heading: "legal.privacy.logs.heading", body: "legal.privacy.logs.body" },
  { heading: "legal.privacy.rights.heading", body: "legal.privacy.rights.body" },
];

export default function Privacy() {
  return <LegalDocument title="legal.privacy.title" intro="legal.privacy.intro" sections={SECTIONS} />;
}
