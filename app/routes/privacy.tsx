import { LegalDocument, legalText, type LegalSection } from "../components/legal/legal-document.tsx";
import { toLanguageTag } from "../../core/i18n/locales.ts";
import { servicesContext } from "../lib/context.ts";
import { publicPageLinks } from "../lib/public-urls.ts";
import { requestLocale } from "../lib/request-locale.server.ts";
import type { Route } from "./+types/privacy.ts";

const SECTIONS: readonly LegalSection[] = [
  { heading: "legal.privacy.visitors.heading", body: "legal.privacy.visitors.body" },
  { heading: "legal.privacy.cookies.heading", body: "legal.privacy.cookies.body" },
  { heading: "legal.privacy.accounts.heading", body: "legal.privacy.accounts.body" },
  { heading: "legal.privacy.widget.heading", body: "legal.privacy.widget.body" },
  { heading: "legal.privacy.logs.heading", body: "legal.privacy.logs.body" },
  { heading: "legal.privacy.rights.heading", body: "legal.privacy.rights.body" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  return legalText(context.get(servicesContext).i18n.messagesFor(locale), toLanguageTag(locale), {
    title: "legal.privacy.title",
    description: "legal.privacy.metaDescription",
    intro: "legal.privacy.intro",
    sections: SECTIONS,
  });
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.title ?? "Privacy statement"} · Reeltime` },
    ...(loaderData
      ? [
          { name: "description", content: loaderData.description },
          { property: "og:description", content: loaderData.description },
        ]
      : []),
    ...publicPageLinks(matches, location, "/privacy"),
  ];
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalDocument text={loaderData} />;
}
