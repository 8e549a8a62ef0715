// The API keys page's dialogs: create a key, show a new key once, confirm a revocation.
import { KeyRound } from "lucide-react";
import { ApiKeyCreateForm } from "../../components/studio/api-key-create-form.tsx";
import { ApiKeyReveal, type RevealedKeyView } from "../../components/studio/api-key-reveal.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { useT } from "../../lib/i18n.tsx";
import type { ApiKeyRow, ApiKeysData } from "./api-keys-columns.tsx";

export const API_KEYS_PATH = "/studio/api-keys";

export function CreateKeyDialog({
  open,
  onOpenChange,
  countries,
  attempt,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  countries: ApiKeysData["countries"];
  /** a new form (and fetcher) each time the dialog opens */
  attempt: number;
  onCreated: (key: RevealedKeyView) => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("studio.apiKeys.form.title")}</DialogTitle>
          <DialogDescription>{t("studio.apiKeys.form.description")}</DialogDescription>
        </DialogHeader>
        <ApiKeyCreateForm
          action={API_KEYS_PATH}
          countries={countries}
          fetcherKey={`api-key-create-${attempt}`}
          onCreated={onCreated}
          secondary={
            <DialogClose asChild>
              <Button variant="outline">{t("studio.apiKeys.form.cancel")}</Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}

export function RevokeKeyDialog({ target, onClose }: { target: ApiKeyRow | null; onClose: () => void }) {
  const t = useT();
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t("studio.apiKeys.revoke.title", { name: target?.name ?? "" })}
      description={t("studio.apiKeys.revoke.description")}
      confirmLabel={t("studio.apiKeys.revoke.confirm")}
      action={API_KEYS_PATH}
      fields={{ intent: "revoke", keyId: target?.id ?? "", name: target?.name ?? "" }}
    />
  );
}

export function revealTitle(revealed: RevealedKeyView | null) {
  return revealed?.oldKeyExpiresAt ? "studio.apiKeys.reveal.rotatedTitle" : "studio.apiKeys.reveal.title";
}

/** The new key, shown once: closed only by its button (a stray click would lose the key for good). */
export function RevealKeyDialog({
  revealed,
  now,
  onClose,
}: {
  revealed: RevealedKeyView | null;
  now: string;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      open={revealed !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
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
            {t(revealTitle(revealed))}
          </DialogTitle>
        </DialogHeader>
        {revealed ? <ApiKeyReveal revealed={revealed} now={now} /> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button>{t("studio.apiKeys.reveal.done")}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
