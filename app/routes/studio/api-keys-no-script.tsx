// The API keys page without JavaScript: the create form on the page itself (opened by ?new=1 or shown
// again with its errors), and the new key revealed in the page's answer.
import type { ReactNode } from "react";
import { useActionData, useSearchParams } from "react-router";
import { ApiKeyCreateForm } from "../../components/studio/api-key-create-form.tsx";
import { ApiKeyReveal, type RevealedKeyView } from "../../components/studio/api-key-reveal.tsx";
import { useHydrated } from "../../components/ui/use-hydrated.ts";
import { isActionResult, resultFor } from "../../lib/forms.ts";
import { useT } from "../../lib/i18n.tsx";
import type { ApiKeysData } from "./api-keys-columns.tsx";
import { API_KEYS_PATH, revealTitle } from "./api-keys-dialogs.tsx";

/** `?new=1`: the create form open (the link a "New key" button is before hydration). */
export const NEW_PARAM = "new";

/** A revealed key inside action data (a submission made without JavaScript). */
function revealedFrom(data: unknown): RevealedKeyView | null {
  if (!isActionResult(data) || data.result.status !== "success") return null;
  const payload = data.payload as Partial<RevealedKeyView> | undefined;
  return payload && typeof payload.key === "string" && typeof payload.name === "string"
    ? { name: payload.name, key: payload.key, oldKeyExpiresAt: payload.oldKeyExpiresAt }
    : null;
}

function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="mb-8 max-w-2xl rounded-xl border border-slate-200 p-6 dark:border-slate-800"
    >
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Without JavaScript: the key the page's answer revealed. */
function DocumentRevealedKey({ revealed, now }: { revealed: RevealedKeyView; now: string }) {
  const t = useT();
  return (
    <PageSection id="reveal-heading" title={t(revealTitle(revealed))}>
      <ApiKeyReveal revealed={revealed} now={now} />
    </PageSection>
  );
}

/** Without JavaScript: the create form on the page itself (its errors from the page's answer). */
function InlineCreateForm({
  countries,
  actionData,
}: {
  countries: ApiKeysData["countries"];
  actionData: unknown;
}) {
  const t = useT();
  return (
    <PageSection id="create-heading" title={t("studio.apiKeys.form.title")}>
      <ApiKeyCreateForm
        action={API_KEYS_PATH}
        countries={countries}
        fetcherKey="api-key-create-inline"
        documentResult={actionData}
      />
    </PageSection>
  );
}

/** Before hydration only: the key the page's answer revealed, else the create form when asked for. */
export function WithoutJavaScript({ data, now }: { data: ApiKeysData; now: string }) {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const actionData = useActionData();
  const documentRevealed = hydrated ? null : revealedFrom(actionData);
  const inlineCreate =
    data.canWrite &&
    !hydrated &&
    !documentRevealed &&
    (params.get(NEW_PARAM) === "1" || resultFor(actionData, "create")?.status === "error");
  return (
    <>
      {documentRevealed ? <DocumentRevealedKey revealed={documentRevealed} now={now} /> : null}
      {inlineCreate ? <InlineCreateForm countries={data.countries} actionData={actionData} /> : null}
    </>
  );
}
