// The widget snippet builder: the effective client's publishable key, a city, cinema or movie, theme,
// language, accent colour and UTM campaign → the snippet to paste (with a copy button) and a live preview
// that mounts the real widget in this page. The studio stores only a key's hash, so the full key is
// pasted by the user (it stays in this tab, shared with the API console) or the snippet holds a
// placeholder that the page says must be replaced.
import { Copy, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import type { LocaleOption } from "../../../core/i18n/locale-names.ts";
import { useT } from "../../lib/i18n.tsx";
import { mountOptions } from "../../routes/studio/documentation-snippet.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { showToast } from "../ui/toast.ts";
import { useHydrated } from "../ui/use-hydrated.ts";
import { CodeBlock } from "./widget-guide-parts.tsx";
import { PreviewNotice, WidgetPreview } from "./widget-preview.tsx";
import { SnippetOptionsForm } from "./widget-snippet-form.tsx";
import { useSnippetBuilder, type SnippetBuilderState } from "./widget-snippet-state.ts";

export type BuilderKey = {
  id: string;
  name: string;
  prefix: string;
  /** the key's country subset; empty = every country of the client */
  countries: string[];
  status: "active" | "expiring";
};

export type WidgetSnippetBuilderProps = {
  baseUrl: string;
  clientName: string;
  keys: readonly BuilderKey[];
  /** the languages the widget speaks, each by its own name (named on the server: locale-names.ts) */
  locales: readonly LocaleOption[];
  /** the host this page is served from, and whether it is one of the client's domains */
  studioHost: string;
  previewAllowed: boolean;
};

function SnippetCard({ snippet, placeholderKey }: { snippet: string; placeholderKey: string | null }) {
  const t = useT();
  const hydrated = useHydrated();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      showToast("success", t("studio.documentation.snippet.copied"));
    } catch {
      showToast("error", t("studio.documentation.snippet.copyFailed"));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("studio.documentation.snippet.title")}</CardTitle>
        <CardDescription>{t("studio.documentation.snippet.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {placeholderKey === null ? null : (
          <p
            className="flex items-start gap-2 rounded-md border border-amber-600/40 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/40 dark:bg-amber-950 dark:text-amber-100"
            data-testid="snippet-placeholder-warning"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{t("studio.documentation.snippet.placeholder", { placeholder: placeholderKey })}</span>
          </p>
        )}
        <CodeBlock
          code={snippet}
          label={t("studio.documentation.snippet.label")}
          testId="widget-snippet"
          wrap
        />
        <Button variant="primary" onClick={() => void copy()} disabled={!hydrated}>
          <Copy aria-hidden="true" />
          {t("studio.documentation.snippet.copy")}
        </Button>
      </CardContent>
    </Card>
  );
}

function PreviewCard({
  state,
  clientName,
  studioHost,
  previewAllowed,
}: { state: SnippetBuilderState } & Pick<
  WidgetSnippetBuilderProps,
  "clientName" | "studioHost" | "previewAllowed"
>) {
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("studio.documentation.preview.title")}</CardTitle>
        <CardDescription>{t("studio.documentation.preview.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!previewAllowed ? (
          <PreviewNotice tone="warning">
            {t("studio.documentation.preview.notAllowed", { host: studioHost, client: clientName })}{" "}
            <Link
              to="/studio/domains"
              className="font-medium underline underline-offset-2 hover:no-underline"
            >
              {t("studio.documentation.preview.domainsLink")}
            </Link>
          </PreviewNotice>
        ) : !state.fullKey ? (
          <PreviewNotice tone="info">{t("studio.documentation.preview.needsKey")}</PreviewNotice>
        ) : (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t("studio.documentation.preview.costs")}
            </p>
            <WidgetPreview options={mountOptions(state.options)} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function WidgetSnippetBuilder({
  baseUrl,
  clientName,
  keys,
  locales,
  studioHost,
  previewAllowed,
}: WidgetSnippetBuilderProps) {
  const t = useT();
  const state = useSnippetBuilder(keys, baseUrl);
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <Card className="self-start">
        <CardHeader>
          <CardTitle>{t("studio.documentation.builder.optionsTitle")}</CardTitle>
          <CardDescription>{t("studio.documentation.builder.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <SnippetOptionsForm keys={keys} locales={locales} state={state} />
        </CardContent>
      </Card>

      <div className="min-w-0 space-y-6">
        <SnippetCard snippet={state.snippet} placeholderKey={state.fullKey ? null : state.options.key} />
        <PreviewCard
          state={state}
          clientName={clientName}
          studioHost={studioHost}
          previewAllowed={previewAllowed}
        />
      </div>
    </div>
  );
}
