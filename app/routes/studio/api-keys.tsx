import { Plus } from "lucide-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { RevealedKeyView } from "../../components/studio/api-key-reveal.tsx";
import { ApiKeyRotateDialog } from "../../components/studio/api-key-rotate-dialog.tsx";
import { NoClientPage } from "../../components/studio/no-client-page.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DataTable, tableUrl } from "../../components/ui/data-table.tsx";
import { LinkButton } from "../../components/ui/link-button.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useHydrated } from "../../components/ui/use-hydrated.ts";
import { useT } from "../../lib/i18n.tsx";
import { titleFrom } from "../../lib/page-title.ts";
import type { Route } from "./+types/api-keys.ts";
import { useApiKeyColumns, useApiKeyFilters, type ApiKeyRow, type ApiKeysData } from "./api-keys-columns.tsx";
import { API_KEYS_PATH, CreateKeyDialog, RevealKeyDialog, RevokeKeyDialog } from "./api-keys-dialogs.tsx";
import { NEW_PARAM, WithoutJavaScript } from "./api-keys-no-script.tsx";
import { apiKeysAction, loadApiKeys } from "./api-keys.server.ts";

export { API_KEYS_PATH } from "./api-keys-dialogs.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.apiKeys.title", "API keys") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadApiKeys(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiKeysAction(request, context);
}

export default function ApiKeys({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "no-client") {
    return <NoClientPage page="studio.apiKeys" isSuperAdmin={loaderData.isSuperAdmin} />;
  }
  return <ClientApiKeys data={loaderData} />;
}

/** The "New key" button: opens the dialog, or (before hydration) the page's own form. */
function NewKeyButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  const hydrated = useHydrated();
  return hydrated ? (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      {t("studio.apiKeys.new")}
    </Button>
  ) : (
    <LinkButton to={`?${NEW_PARAM}=1`} variant="primary">
      <Plus aria-hidden="true" />
      {t("studio.apiKeys.new")}
    </LinkButton>
  );
}

function ClientApiKeys({ data }: { data: ApiKeysData }) {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [creating, setCreating] = useState(params.get(NEW_PARAM) === "1");
  const [attempt, setAttempt] = useState(0);
  const [revealed, setRevealed] = useState<RevealedKeyView | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const [rotating, setRotating] = useState<ApiKeyRow | null>(null);
  const [revealedAt, setRevealedAt] = useState(() => new Date().toISOString());

  const reveal = (key: RevealedKeyView) => {
    setRevealedAt(new Date().toISOString());
    setRevealed(key);
  };
  const openCreate = () => {
    setAttempt((n) => n + 1);
    setCreating(true);
  };
  const closeCreate = () => {
    setCreating(false);
    if (params.has(NEW_PARAM))
      void navigate({ search: tableUrl(params, { [NEW_PARAM]: null }) }, { replace: true });
  };
  const rotate = (row: ApiKeyRow) => {
    setAttempt((n) => n + 1);
    setRotating(row);
  };
  const columns = useApiKeyColumns(data.canWrite ? { onRotate: rotate, onRevoke: setRevoking } : null);
  const filters = useApiKeyFilters();
  const newKey = data.canWrite ? <NewKeyButton onClick={openCreate} /> : null;

  return (
    <div>
      <PageHeader
        title={t("studio.apiKeys.title")}
        description={t("studio.apiKeys.description")}
        actions={newKey}
      />

      {data.canWrite ? null : (
        <p className="mb-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
          {t("studio.apiKeys.readOnly")}
        </p>
      )}
      {/* Without JavaScript: the key revealed in the page's answer, or the form on the page itself. */}
      <WithoutJavaScript data={data} now={revealedAt} />

      <DataTable
        columns={columns}
        rows={data.rows}
        rowKey={(row) => row.id}
        total={data.total}
        page={data.page}
        pageSize={data.pageSize}
        sort={data.sort}
        caption={t("studio.apiKeys.caption", { client: data.client.name })}
        searchPlaceholder={t("studio.apiKeys.searchPlaceholder")}
        filters={filters}
        emptyTitle={t("studio.apiKeys.empty")}
        emptyHint={t(data.canWrite ? "studio.apiKeys.emptyHint" : "studio.apiKeys.emptyHintReadOnly")}
        emptyAction={newKey}
      />

      {data.canWrite ? (
        <>
          <CreateKeyDialog
            open={creating && hydrated}
            onOpenChange={(open) => (open ? setCreating(true) : closeCreate())}
            countries={data.countries}
            attempt={attempt}
            onCreated={(key) => {
              closeCreate();
              reveal(key);
            }}
          />
          <ApiKeyRotateDialog
            action={API_KEYS_PATH}
            target={rotating}
            attempt={attempt}
            onOpenChange={(open) => {
              if (!open) setRotating(null);
            }}
            onRotated={(key) => {
              setRotating(null);
              reveal(key);
            }}
          />
          <RevokeKeyDialog target={revoking} onClose={() => setRevoking(null)} />
        </>
      ) : null}

      <RevealKeyDialog revealed={revealed} now={revealedAt} onClose={() => setRevealed(null)} />
    </div>
  );
}
