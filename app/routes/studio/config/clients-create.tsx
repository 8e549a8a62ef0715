// Creating a client on /studio/config/clients: the "New client" button, its dialog (straight on to the
// new client's page after), and without JavaScript the form on the page itself (`?new=1`, or shown again
// with its errors).
import { Plus } from "lucide-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ClientForm, EMPTY_CLIENT } from "../../../components/studio/client-form.tsx";
import * as List from "../../../components/studio/list-page.tsx";
import { tableUrl } from "../../../components/ui/data-table.tsx";
import { LinkButton } from "../../../components/ui/link-button.tsx";
import { useHydrated } from "../../../components/ui/use-hydrated.ts";
import { resultFor } from "../../../lib/forms.ts";
import { useT } from "../../../lib/i18n.tsx";
import { NewButton } from "../table-kinds.tsx";
import { CLIENTS_PATH } from "./list-helpers.ts";

/** `?new=1`: the create form open (what "New client" links to before hydration). */
const NEW_PARAM = "new";

export type CreateClientState = ReturnType<typeof useCreateClient>;

/** Whether the create dialog is open, its opening's number, and whether the form shows inline instead. */
export function useCreateClient(actionData: unknown) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(params.get(NEW_PARAM) === "1");
  const [attempt, setAttempt] = useState(0);
  return {
    hydrated,
    open: open && hydrated,
    attempt,
    // Without JavaScript there is no dialog: "New client" opens the form on the page itself.
    inline:
      !hydrated && (params.get(NEW_PARAM) === "1" || resultFor(actionData, "create")?.status === "error"),
    start: () => {
      setAttempt((n) => n + 1);
      setOpen(true);
    },
    setOpen: (next: boolean) => {
      setOpen(next);
      if (!next && params.has(NEW_PARAM))
        void navigate({ search: tableUrl(params, { [NEW_PARAM]: null }) }, { replace: true });
    },
    /** Saved: on to the new client's page (invite its people there). */
    saved: (clientId: string | undefined) => {
      setOpen(false);
      if (clientId) void navigate(`${CLIENTS_PATH}/${clientId}`);
    },
  };
}

export function NewClientButton({ creating }: { creating: CreateClientState }) {
  const t = useT();
  return creating.hydrated ? (
    <NewButton onClick={creating.start}>{t("studio.clients.new")}</NewButton>
  ) : (
    <LinkButton to={`?${NEW_PARAM}=1`} variant="primary">
      <Plus aria-hidden="true" />
      {t("studio.clients.new")}
    </LinkButton>
  );
}

export function CreateClientDialog({ creating }: { creating: CreateClientState }) {
  const t = useT();
  return (
    <List.FormDialog
      open={creating.open}
      onClose={() => creating.setOpen(false)}
      title={t("studio.clients.form.createTitle")}
      description={t("studio.clients.form.createDescription")}
    >
      <ClientForm
        mode="create"
        action={CLIENTS_PATH}
        defaults={EMPTY_CLIENT}
        fetcherKey={`client-create-${creating.attempt}`}
        onSaved={(saved) => creating.saved(saved?.clientId)}
        secondary={<List.CancelButton>{t("studio.clients.form.cancel")}</List.CancelButton>}
      />
    </List.FormDialog>
  );
}

export function InlineCreateClient({ actionData }: { actionData: unknown }) {
  const t = useT();
  return (
    <section
      aria-labelledby="create-heading"
      className="mb-8 max-w-2xl rounded-xl border border-slate-200 p-6 dark:border-slate-800"
    >
      <h2 id="create-heading" className="mb-4 text-lg font-semibold">
        {t("studio.clients.form.createTitle")}
      </h2>
      <ClientForm
        mode="create"
        action={CLIENTS_PATH}
        defaults={EMPTY_CLIENT}
        fetcherKey="client-create-inline"
        documentResult={actionData}
      />
    </section>
  );
}
