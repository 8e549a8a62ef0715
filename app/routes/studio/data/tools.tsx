import { PageHeader } from "../../../components/ui/page-header.tsx";
import { useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/tools.ts";
import { DatabaseSection } from "./tools-database.tsx";
import { JobsSection } from "./tools-jobs.tsx";
import { RunSection } from "./tools-run.tsx";
import { loadTools, toolsAction } from "./tools.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.tools.title", "Data tools") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadTools(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return toolsAction(request, context);
}

export default function Tools({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { migrations, tables, jobs, sources } = loaderData;
  return (
    <>
      <PageHeader title={t("studio.tools.title")} description={t("studio.tools.description")} />
      <JobsSection jobs={jobs} />
      <RunSection tables={tables} sources={sources} />
      <DatabaseSection migrations={migrations} tables={tables} />
    </>
  );
}
