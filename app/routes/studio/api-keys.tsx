import { KeyRound, Plus, RefreshCw, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { useActionData, useNavigate, useSearchParams } from "react-router";
import { API_KEY_KINDS } from "../../../core/api-keys/forms.ts";
import { API_KEY_STATUSES } from "../../../core/api-keys/list-api-keys.ts";
import { ApiKeyCreateForm, useCountryName } from "../../components/studio/api-key-create-form.tsx";
import { ApiKeyReveal, type RevealedKeyView } from "../../components/studio/api-key-reveal.tsx";
import { ApiKeyRotateDialog } from "../../components/studio/api-key-rotate-dialog.tsx";
import { LocalTime } from "../../components/shell/local-time.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { DataTable, tableUrl, type DataTableColumn } from "../../components/ui/data-table.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { DropdownMenuItem, RowActions } from "../../components/ui/dropdown-menu.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { LinkButton } from "../../components/ui/link-button.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useHydrated } from "../../components/ui/use-hydrated.ts";
import { isActionResult, resultFor } from "../../lib/forms.ts";
import { useT } from "../../lib/i18n.tsx";
import { titleFrom } from "../../lib/page-title.ts";
import type { Route } from "./+types/api-keys.ts";
import { apiKeysAction, loadApiKeys } from "./api-keys.server.ts";

export const API_KEYS_PATH = "/studio/api-keys";
const NEW_PARAM = "new";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.apiKeys.title", "API keys") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadApiKeys(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiKeysAction(request, context);
}

type ClientData = Extract<Route.ComponentProps["loaderData"], { kind: "client" }>;
type Row = ClientData["rows"][number];

const STATUS_TONE: Record<Row["status"], BadgeTone> = {
  active: "primary",
  expiring: "warning",
  expired: "neutral",
  revoked: "danger",
};

/** A revealed key inside action data (a submission made without JavaScript). */
function revealedFrom(data: unknown): RevealedKeyView | null {
  if (!isActionResult(data) || data.result.status !== "success") return null;
  const payload = data.payload as Partial<RevealedKeyView> | undefined;
  return payload && typeof payload.key === "string" && typeof payload.name === "string"
    ? { name: payload.name, key: payload.key, oldKeyExpiresAt: payload.oldKeyExpiresAt }
    : null;
}

export default function ApiKeys({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.kind === "no-client") {
    return (
      <div>
        <PageHeader title={t("studio.apiKeys.title")} description={t("studio.apiKeys.description")} />
        <EmptyState
          icon={Users}
          title={t("studio.apiKeys.noClient.title")}
          hint={t(
            loaderData.isSuperAdmin ? "studio.apiKeys.noClient.hint" : "studio.apiKeys.noClient.hintMember",
          )}
          action={
            loaderData.isSuperAdmin ? (
              <LinkButton to="/studio/config/clients" variant="primary">
                {t("studio.apiKeys.noClient.action")}
              </LinkButton>
            ) : null
          }
        />
      </div>
    );
  }
  return <ClientApiKeys data={loaderData} />;
}

function ClientApiKeys({ data }: { data: ClientData }) {
  const t = useT();
  const countryName = useCountryName();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const actionData = useActionData();
  const [creating, setCreating] = useState(params.get(NEW_PARAM) === "1");
  const [attempt, setAttempt] = useState(0);
  const [revealed, setRevealed] = useState<RevealedKeyView | null>(null);
  const [revoking, setRevoking] = useState<Row | null>(null);
  const [rotating, setRotating] = useState<Row | null>(null);
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

  const newKey = !data.canWrite ? null : hydrated ? (
    <Button onClick={openCreate}>
      <Plus aria-hidden="true" />
      {t("studio.apiKeys.new")}
    </Button>
  ) : (
    <LinkButton to={`?${NEW_PARAM}=1`} variant="primary">
      <Plus aria-hidden="true" />
      {t("studio.apiKeys.new")}
    </LinkButton>
  );

  const date = (iso: string | null, fallback: string) =>
    iso ? <LocalTime iso={iso} /> : <span className="text-slate-600 dark:text-slate-400">{fallback}</span>;

  const columns: DataTableColumn<Row>[] = [
    {
      key: "name",
      header: t("studio.apiKeys.col.name"),
      sortable: true,
      cell: (row) => (
        <div className="flex flex-col">
          <span className="font-medium text-slate-900 dark:text-white">{row.name}</span>
          {row.replacedByPrefix ? (
            <span className="text-xs text-slate-600 dark:text-slate-400">
              {t("studio.apiKeys.replacedBy", { prefix: row.replacedByPrefix })}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: "kind",
      header: t("studio.apiKeys.col.kind"),
      sortable: true,
      cell: (row) => (
        <Badge tone={row.kind === "secret" ? "info" : "neutral"}>
          {t(`studio.apiKeys.kind.${row.kind}`)}
        </Badge>
      ),
    },
    {
      key: "prefix",
      header: t("studio.apiKeys.col.prefix"),
      cell: (row) => (
        <code className="text-xs whitespace-nowrap text-slate-700 dark:text-slate-300">{row.prefix}…</code>
      ),
    },
    {
      key: "countries",
      header: t("studio.apiKeys.col.countries"),
      hideable: true,
      cell: (row) =>
        row.countries.length === 0 ? (
          <span className="text-slate-600 dark:text-slate-400">{t("studio.apiKeys.allCountries")}</span>
        ) : (
          <span title={row.countries.map(countryName).join(", ")}>{row.countries.join(", ")}</span>
        ),
    },
    {
      key: "rateLimit",
      header: t("studio.apiKeys.col.rateLimit"),
      align: "end",
      hideable: true,
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => t("studio.apiKeys.perMinute", { count: row.rateLimitPerMinute }),
    },
    {
      key: "createdAt",
      header: t("studio.apiKeys.col.created"),
      sortable: true,
      hideable: true,
      className: "whitespace-nowrap",
      cell: (row) => date(row.createdAt, ""),
    },
    {
      key: "expiresAt",
      header: t("studio.apiKeys.col.expires"),
      sortable: true,
      className: "whitespace-nowrap",
      cell: (row) => date(row.expiresAt, t("studio.apiKeys.never")),
    },
    {
      key: "lastUsedAt",
      header: t("studio.apiKeys.col.lastUsed"),
      sortable: true,
      className: "whitespace-nowrap",
      cell: (row) => date(row.lastUsedAt, t("studio.apiKeys.notUsed")),
    },
    {
      key: "status",
      header: t("studio.apiKeys.col.status"),
      sortable: true,
      cell: (row) => <Badge tone={STATUS_TONE[row.status]}>{t(`studio.apiKeys.status.${row.status}`)}</Badge>,
    },
  ];
  if (data.canWrite) {
    columns.push({
      key: "actions",
      header: <span className="sr-only">{t("studio.apiKeys.col.actions")}</span>,
      align: "end",
      cell: (row) =>
        row.status === "active" || row.status === "expiring" ? (
          <RowActions label={row.name}>
            {row.status === "active" ? (
              <DropdownMenuItem
                onSelect={() => {
                  setAttempt((n) => n + 1);
                  setRotating(row);
                }}
              >
                <RefreshCw aria-hidden="true" />
                {t("studio.apiKeys.action.rotate")}
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuItem tone="danger" onSelect={() => setRevoking(row)}>
              <Trash2 aria-hidden="true" />
              {t("studio.apiKeys.action.revoke")}
            </DropdownMenuItem>
          </RowActions>
        ) : null,
    });
  }

  // Without JavaScript: the form on the page itself, and the key revealed in the page's answer.
  const documentRevealed = hydrated ? null : revealedFrom(actionData);
  const inlineCreate =
    data.canWrite &&
    !hydrated &&
    !documentRevealed &&
    (params.get(NEW_PARAM) === "1" || resultFor(actionData, "create")?.status === "error");

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

      {documentRevealed ? (
        <section
          aria-labelledby="reveal-heading"
          className="mb-8 max-w-2xl rounded-xl border border-slate-200 p-6 dark:border-slate-800"
        >
          <h2 id="reveal-heading" className="mb-4 text-lg font-semibold">
            {t(
              documentRevealed.oldKeyExpiresAt
                ? "studio.apiKeys.reveal.rotatedTitle"
                : "studio.apiKeys.reveal.title",
            )}
          </h2>
          <ApiKeyReveal revealed={documentRevealed} now={revealedAt} />
        </section>
      ) : null}

      {inlineCreate ? (
        <section
          aria-labelledby="create-heading"
          className="mb-8 max-w-2xl rounded-xl border border-slate-200 p-6 dark:border-slate-800"
        >
          <h2 id="create-heading" className="mb-4 text-lg font-semibold">
            {t("studio.apiKeys.form.title")}
          </h2>
          <ApiKeyCreateForm
            action={API_KEYS_PATH}
            countries={data.countries}
            fetcherKey="api-key-create-inline"
            documentResult={actionData}
          />
        </section>
      ) : null}

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
        filters={[
          {
            name: "status",
            label: t("studio.apiKeys.filter.status"),
            options: API_KEY_STATUSES.map((status) => ({
              value: status,
              label: t(`studio.apiKeys.status.${status}`),
            })),
          },
          {
            name: "kind",
            label: t("studio.apiKeys.filter.kind"),
            options: API_KEY_KINDS.map((kind) => ({ value: kind, label: t(`studio.apiKeys.kind.${kind}`) })),
          },
        ]}
        emptyTitle={t("studio.apiKeys.empty")}
        emptyHint={t(data.canWrite ? "studio.apiKeys.emptyHint" : "studio.apiKeys.emptyHintReadOnly")}
        emptyAction={newKey}
      />

      {data.canWrite ? (
        <>
          <Dialog
            open={creating && hydrated}
            onOpenChange={(open) => (open ? setCreating(true) : closeCreate())}
          >
            <DialogContent>
              <DialogHeader>
                <DialogTitle>{t("studio.apiKeys.form.title")}</DialogTitle>
                <DialogDescription>{t("studio.apiKeys.form.description")}</DialogDescription>
              </DialogHeader>
              <ApiKeyCreateForm
                action={API_KEYS_PATH}
                countries={data.countries}
                fetcherKey={`api-key-create-${attempt}`}
                onCreated={(key) => {
                  closeCreate();
                  reveal(key);
                }}
                secondary={
                  <DialogClose asChild>
                    <Button variant="outline">{t("studio.apiKeys.form.cancel")}</Button>
                  </DialogClose>
                }
              />
            </DialogContent>
          </Dialog>

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

          <ConfirmDialog
            open={revoking !== null}
            onOpenChange={(open) => {
              if (!open) setRevoking(null);
            }}
            title={t("studio.apiKeys.revoke.title", { name: revoking?.name ?? "" })}
            description={t("studio.apiKeys.revoke.description")}
            confirmLabel={t("studio.apiKeys.revoke.confirm")}
            action={API_KEYS_PATH}
            fields={{ intent: "revoke", keyId: revoking?.id ?? "", name: revoking?.name ?? "" }}
          />
        </>
      ) : null}

      <Dialog
        open={revealed !== null}
        onOpenChange={(open) => {
          if (!open) setRevealed(null);
        }}
      >
        <DialogContent
          hideCloseButton
          // The warning inside is the description; closing by a stray click would lose the key for good.
          aria-describedby={undefined}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <KeyRound aria-hidden="true" className="size-5" />
              {t(
                revealed?.oldKeyExpiresAt
                  ? "studio.apiKeys.reveal.rotatedTitle"
                  : "studio.apiKeys.reveal.title",
              )}
            </DialogTitle>
          </DialogHeader>
          {revealed ? <ApiKeyReveal revealed={revealed} now={revealedAt} /> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button>{t("studio.apiKeys.reveal.done")}</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
