import { BookOpen, Globe, KeyRound, Users } from "lucide-react";
import { Link } from "react-router";
import { WidgetGuide } from "../../components/studio/widget-guide.tsx";
import { WidgetSnippetBuilder } from "../../components/studio/widget-snippet-builder.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { LinkButton } from "../../components/ui/link-button.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useT, type MessageKey } from "../../lib/i18n.tsx";
import { titleFrom } from "../../lib/page-title.ts";
import type { Route } from "./+types/documentation.ts";
import { API_REFERENCE_PATH } from "./documentation-reference.ts";
import { loadDocumentation } from "./documentation.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.documentation.title", "Widget guide") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadDocumentation(request, context);
}

const SECTIONS: { id: string; label: MessageKey }[] = [
  { id: "builder", label: "studio.documentation.toc.builder" },
  { id: "options", label: "studio.documentation.toc.options" },
  { id: "javascript", label: "studio.documentation.toc.javascript" },
  { id: "events", label: "studio.documentation.toc.events" },
  { id: "styling", label: "studio.documentation.toc.styling" },
  { id: "csp", label: "studio.documentation.toc.csp" },
  { id: "troubleshooting", label: "studio.documentation.toc.troubleshooting" },
];

export default function Documentation({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const origin = new URL(loaderData.baseUrl).origin;
  return (
    <div>
      <PageHeader
        title={t("studio.documentation.title")}
        description={t("studio.documentation.description")}
        actions={
          <LinkButton to={API_REFERENCE_PATH} reloadDocument variant="outline">
            <BookOpen aria-hidden="true" />
            {t("studio.documentation.apiReference")}
          </LinkButton>
        }
      />

      <nav aria-label={t("studio.documentation.toc.label")} className="mb-8">
        <ul className="flex flex-wrap gap-x-1 gap-y-2 text-sm">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex min-h-9 items-center rounded-full border border-slate-300 px-3 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--color-focus-ring) dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
              >
                {t(section.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <section id="builder" aria-labelledby="builder-heading" className="mb-8 scroll-mt-6">
        <h2 id="builder-heading" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
          {t("studio.documentation.builder.title")}
        </h2>
        <Builder data={loaderData} />
      </section>

      <WidgetGuide origin={origin} />
    </div>
  );
}

function Builder({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const t = useT();
  if (data.kind === "no-client") {
    return (
      <Card>
        <EmptyState
          icon={Users}
          title={t("studio.documentation.noClient.title")}
          hint={t(
            data.isSuperAdmin
              ? "studio.documentation.noClient.hint"
              : "studio.documentation.noClient.hintMember",
          )}
          action={
            data.isSuperAdmin ? (
              <LinkButton to="/studio/config/clients" variant="primary">
                {t("studio.documentation.noClient.action")}
              </LinkButton>
            ) : null
          }
        />
      </Card>
    );
  }
  if (data.keys.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={KeyRound}
          title={t("studio.documentation.noKeys.title")}
          hint={t(
            data.canManageKeys
              ? "studio.documentation.noKeys.hint"
              : "studio.documentation.noKeys.hintReadOnly",
            { client: data.client.name },
          )}
          action={
            <LinkButton to="/studio/api-keys" variant={data.canManageKeys ? "primary" : "outline"}>
              {t("studio.documentation.noKeys.action")}
            </LinkButton>
          }
        />
      </Card>
    );
  }
  return (
    <div className="space-y-6">
      {data.domainCount === 0 ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <Globe aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            <strong className="font-semibold">{t("studio.documentation.noDomains.title")}</strong>{" "}
            {t(
              data.canManageDomains
                ? "studio.documentation.noDomains.text"
                : "studio.documentation.noDomains.textReadOnly",
              { client: data.client.name },
            )}{" "}
            <Link
              to="/studio/domains"
              className="font-medium underline underline-offset-2 hover:no-underline"
            >
              {t("studio.documentation.noDomains.link")}
            </Link>
          </p>
        </div>
      ) : null}
      <WidgetSnippetBuilder
        baseUrl={data.baseUrl}
        clientName={data.client.name}
        keys={data.keys}
        locales={data.locales}
        studioHost={data.studioHost}
        previewAllowed={data.previewAllowed}
      />
    </div>
  );
}
