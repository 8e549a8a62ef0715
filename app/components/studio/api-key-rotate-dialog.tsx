// Rotating a key: choose how long the old key keeps working, then the new key is revealed once.
import { getFormProps, getSelectProps } from "@conform-to/react";
import { useEffect, useEffectEvent } from "react";
import { useFetcher } from "react-router";
import {
  ROTATION_GRACE_CHOICES,
  ROTATION_GRACE_DEFAULT,
  rotateApiKeySchema,
} from "../../../core/api-keys/forms.ts";
import { INTENT_FIELD, resultFor, useAppForm, type ActionResult } from "../../lib/forms.ts";
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
import { Field } from "../ui/field.tsx";
import { FormError } from "../ui/form-error.tsx";
import { Select } from "../ui/select.tsx";
import { useToastFromData } from "../ui/toast.ts";
import type { RevealedKeyView } from "./api-key-reveal.tsx";

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
  const fetcher = useFetcher<ActionResult<RevealedKeyView>>({ key: fetcherKey });
  const [form, fields] = useAppForm({
    schema: rotateApiKeySchema,
    id: fetcherKey,
    lastResult: resultFor(fetcher.data, "rotate"),
    defaultValue: { keyId: props.target?.id ?? "", grace: ROTATION_GRACE_DEFAULT },
  });
  const pending = fetcher.state !== "idle";
  // The form shows a refusal itself (above or beside its fields): only successes are toasted.
  useToastFromData(fetcher.state === "idle" ? fetcher.data : undefined, { errorsShownInline: true });
  const rotated = useEffectEvent((revealed: RevealedKeyView) => props.onRotated(revealed));
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.result.status === "success" && fetcher.data.payload)
      rotated(fetcher.data.payload);
  }, [fetcher.state, fetcher.data]);
  const { key: graceKey, ...graceProps } = getSelectProps(fields.grace, { ariaAttributes: false });
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
          <Field
            label={t("studio.apiKeys.rotate.grace")}
            error={errorText(fields.grace.errors)}
            id={fields.grace.id}
          >
            <Select
              key={graceKey}
              {...graceProps}
              options={ROTATION_GRACE_CHOICES.map((grace) => ({
                value: grace,
                label: t(`studio.apiKeys.rotate.grace.${grace}`),
              }))}
            />
          </Field>
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
