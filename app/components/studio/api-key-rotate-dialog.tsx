// Rotating a key: choose how long the old key keeps working, then the new key is revealed once.
import { getFormProps } from "@conform-to/react";
import {
  ROTATION_GRACE_CHOICES,
  ROTATION_GRACE_DEFAULT,
  rotateApiKeySchema,
} from "../../../core/api-keys/api-key-schemas.ts";
import { INTENT_FIELD, resultFor, useAppForm } from "../../lib/forms.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Button } from "../ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../ui/dialog.tsx";
import { FormError } from "../ui/form-error.tsx";
import { SelectField } from "../ui/form-field.tsx";
import type { RevealedKeyView } from "./api-key-reveal.tsx";
import { usePayloadFetcher } from "./payload-fetcher.ts";

export function ApiKeyRotateDialog(props: {
  action: string;
  /** the key to rotate; null closes the dialog */
  target: { id: string; name: string } | null;
  attempt: number;
  onOpenChange: (open: boolean) => void;
  onRotated: (revealed: RevealedKeyView) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const fetcherKey = `api-key-rotate-${props.attempt}`;
  const fetcher = usePayloadFetcher<RevealedKeyView>(fetcherKey, (revealed) => {
    if (revealed) props.onRotated(revealed);
  });
  const [form, fields] = useAppForm({
    schema: rotateApiKeySchema,
    id: fetcherKey,
    lastResult: resultFor(fetcher.data, "rotate"),
    defaultValue: { keyId: props.target?.id ?? "", grace: ROTATION_GRACE_DEFAULT },
  });
  const pending = fetcher.state !== "idle";
  const name = props.target?.name ?? "";

  return (
    <Dialog open={props.target !== null} onOpenChange={props.onOpenChange}>
      <DialogContent
        onInteractOutside={(event) => {
          if (pending) event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("studio.apiKeys.rotate.title", { name })}</DialogTitle>
          <DialogDescription>{t("studio.apiKeys.rotate.description")}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" action={props.action} {...getFormProps(form)} className="grid gap-4">
          <input type="hidden" name={INTENT_FIELD} value="rotate" />
          <input type="hidden" name="keyId" value={props.target?.id ?? ""} />
          <FormError>{errorText(form.errors)?.join(" ")}</FormError>
          <SelectField
            field={fields.grace}
            label={t("studio.apiKeys.rotate.grace")}
            options={ROTATION_GRACE_CHOICES.map((grace) => ({
              value: grace,
              label: t(`studio.apiKeys.rotate.grace.${grace}`),
            }))}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t("studio.apiKeys.form.cancel")}</Button>
            </DialogClose>
            <Button type="submit" pending={pending}>
              {t("studio.apiKeys.rotate.confirm")}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
