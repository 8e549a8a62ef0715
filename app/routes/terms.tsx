import { LegalDocument, legalText, type LegalSection } from "../components/legal/legal-document.tsx";
import { toLanguageTag } from "../../core/i18n/locales.ts";
import { servicesContext } from "../lib/context.ts";
import { publicPageLinks } from "../lib/public-urls.ts";
import { requestLocale } from "../lib/request-locale.server.ts";
import type { Route } from "./+types/terms.ts";

const SECTIONS: readonly LegalSection[] = [
  { heading: "legal.terms.service.heading", body: "legal.terms.service.body" },
  { heading: "legal.terms.accuracy.heading", body: "legal.terms.accuracy.body" },
  { heading: "legal.terms.accounts.heading", body: "legal.terms.accounts.body" },
  { heading: "legal.terms.api.heading", body: "legal.terms.api.body" },
  { heading: "legal.terms.sources.heading", body: "legal.terms.sources.body" },
  { heading: "legal.terms.changes.heading", body: "legal.terms.changes.body" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  return legalText(context.get(servicesContext).i18n.messagesFor(locale), toLanguageTag(locale), {
    title: "legal.terms.title",
    description: "legal.terms.metaDescription",
    intro: "legal.terms.intro",
    sections: SECTIONS,
  });
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.title ?? "Terms of use"} · Reeltime` },
    ...(loaderData
      ? [
          { name: "description", content: loaderData.description },
          { property: "og:description", content: loaderData.description },
        ]
      : []),
    ...publicPageLinks(matches, location, "/terms"),
  ];
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalDocument text={loaderData} />;
}
