// The tools page's run section: one card per tool (maintenance, export, a feed, rematch, purge, reindex).
import type { ReactNode } from "react";
import {
  ExportForm,
  MaintenanceForm,
  RematchForm,
  RunFeedForm,
  TypedConfirmTool,
} from "../../../components/studio/tool-forms.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { useT } from "../../../lib/i18n.tsx";
import type { Route } from "./+types/tools.ts";
import { TOOLS_PATH } from "./tools-paths.ts";

type Data = Route.ComponentProps["loaderData"];

/** One tool: its title, what it does, and its form. */
function ToolCard({
  title,
  description,
  contentClassName,
  children,
}: {
  title: string;
  description: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

export function RunSection({ tables, sources }: Pick<Data, "tables" | "sources">) {
  const t = useT();
  return (
    <section aria-labelledby="tools-run" className="mb-8">
      <h2 id="tools-run" className="mb-3 text-lg font-semibold">
        {t("studio.tools.section.run")}
      </h2>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <ToolCard
          title={t("studio.tools.maintenance.title")}
          description={t("studio.tools.maintenance.description")}
        >
          <MaintenanceForm action={TOOLS_PATH} tables={tables.map((table) => table.name).sort()} />
        </ToolCard>
        <ToolCard title={t("studio.tools.export.title")} description={t("studio.tools.export.description")}>
          <ExportForm action={TOOLS_PATH} />
        </ToolCard>
        <ToolCard title={t("studio.tools.runFeed.title")} description={t("studio.tools.runFeed.description")}>
          <RunFeedForm action={TOOLS_PATH} sources={sources} />
        </ToolCard>
        <ToolCard title={t("studio.tools.rematch.title")} description={t("studio.tools.rematch.description")}>
          <RematchForm action={TOOLS_PATH} />
        </ToolCard>
        <ToolCard
          title={t("studio.tools.purge.title")}
          description={t("studio.tools.purge.description")}
          contentClassName="flex justify-end"
        >
          <TypedConfirmTool action={TOOLS_PATH} kind="purge" />
        </ToolCard>
        <ToolCard
          title={t("studio.tools.reindex.title")}
          description={t("studio.tools.reindex.description")}
          contentClassName="flex justify-end"
        >
          <TypedConfirmTool action={TOOLS_PATH} kind="reindex" />
        </ToolCard>
      </div>
    </section>
  );
}
