import { KeyRound } from "lucide-react";
import { ApiConsole } from "../../components/studio/api-console.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { LinkButton } from "../../components/ui/link-button.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useT } from "../../lib/i18n.tsx";
import { titleFrom } from "../../lib/page-title.ts";
import type { Route } from "./+types/api-lookup.ts";
import { loadApiLookup } from "./api-lookup.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.apiLookup.title", "API console") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadApiLookup(context);
}

export default function ApiLookup({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const header = (
    <PageHeader
      title={t("studio.apiLookup.title")}
      description={t("studio.apiLookup.description")}
      actions={
        <LinkButton to="/api/docs" reloadDocument variant="outline">
          {t("studio.apiLookup.reference")}
        </LinkButton>
      }
    />
  );
  if (loaderData.kind === "no-client") {
    return (
      <div>
        {header}
        <p
          role="status"
          className="rounded-xl border border-dashed border-slate-300 p-6 dark:border-slate-700"
        >
          {t(loaderData.superAdmin ? "studio.apiLookup.noClientSuperAdmin" : "studio.apiLookup.noClient")}
        </p>
      </div>
    );
  }
  if (loaderData.keys.length === 0) {
    return (
      <div>
        {header}
        <Card>
          <EmptyState
            icon={KeyRound}
            title={t("studio.apiLookup.noKeysTitle")}
            hint={t(
              loaderData.canCreateKeys ? "studio.apiLookup.noKeysHint" : "studio.apiLookup.noKeysAskAdmin",
            )}
            action={
              loaderData.canCreateKeys ? (
                <LinkButton to="/studio/api-keys" variant="primary" size="sm">
                  {t("studio.usageChart.createKey")}
                </LinkButton>
              ) : undefined
            }
          />
        </Card>
      </div>
    );
  }
  return (
    <div>
      {header}
      <ApiConsole keys={loaderData.keys} />
    </div>
  );
}
