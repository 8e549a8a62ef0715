// The media library's upload form: a drop zone for the file and what the image is used as. The browser
// refuses a file over 10 MB or one whose content is not a JPEG, PNG, WebP or SVG before sending anything;
// the server checks both again (and sanitizes SVGs). Without JavaScript the form posts itself.
import { useState, type FormEvent } from "react";
import { useActionData } from "react-router";
import {
  ASSET_ACCEPT,
  ASSET_KINDS,
  MAX_ASSET_BYTES,
  MAX_ASSET_MEGABYTES,
  SNIFF_BYTES,
  sniffImageType,
} from "../../../core/assets/asset-schemas.ts";
import { useFormatBytes } from "../../lib/format-bytes.ts";
import { resultFor } from "../../lib/forms.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Field } from "../ui/field.tsx";
import { FileDropZone } from "../ui/file-drop-zone.tsx";
import { FormError } from "../ui/form-error.tsx";
import { Select } from "../ui/select.tsx";
import { FormActions, useFormFetcher } from "./intent-form.tsx";

export function AssetUploadForm({ action }: { action: string }) {
  const t = useT();
  const maxLabel = useFormatBytes()(MAX_ASSET_BYTES);
  const errorText = useErrorText();
  const [file, setFile] = useState<{ chosen: boolean; error: string | null; fresh: boolean }>({
    chosen: false,
    error: null,
    fresh: false,
  });
  // A new form (empty drop zone) after each upload that succeeded.
  const [generation, setGeneration] = useState(0);
  const fetcher = useFormFetcher("asset-upload", () => {
    setGeneration((n) => n + 1);
    setFile({ chosen: false, error: null, fresh: false });
  });
  // Without JavaScript the page's own action answered.
  const pageAnswer = useActionData();
  const result = resultFor(fetcher.data ?? pageAnswer, "upload");

  const serverFileError = file.fresh ? undefined : errorText(result?.error?.file);
  const kindError = errorText(result?.error?.kind);
  const formError = errorText(result?.error?.[""]);

  const check = async (chosen: File) => {
    if (chosen.size > MAX_ASSET_BYTES)
      return t("studio.assets.validation.tooLarge", { max: MAX_ASSET_MEGABYTES });
    const head = new Uint8Array(await chosen.slice(0, SNIFF_BYTES).arrayBuffer());
    return sniffImageType(head) ? null : t("studio.assets.validation.notAnImage");
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (file.error) {
      event.preventDefault();
      return;
    }
    if (!file.chosen) {
      event.preventDefault();
      setFile({ chosen: false, error: t("studio.assets.validation.fileRequired"), fresh: true });
      return;
    }
    setFile((current) => ({ ...current, fresh: false }));
  };

  return (
    <fetcher.Form
      key={generation}
      method="post"
      action={action}
      encType="multipart/form-data"
      className="grid gap-4"
      onSubmit={submit}
      noValidate
    >
      <input type="hidden" name="intent" value="upload" />
      <FormError>{formError?.join(" ")}</FormError>
      <div className="grid gap-4 md:grid-cols-[2fr_1fr] md:items-start">
        <Field
          label={t("studio.assets.upload.file")}
          hint={t("studio.assets.upload.hint", { max: maxLabel })}
          error={file.error ?? serverFileError}
          required
        >
          <FileDropZone
            name="file"
            accept={ASSET_ACCEPT}
            prompt={t("studio.assets.upload.prompt")}
            changePrompt={t("studio.assets.upload.change")}
            check={check}
            onFileChange={(chosen, error) => setFile({ chosen: chosen !== null, error, fresh: true })}
          />
        </Field>
        <Field label={t("studio.assets.upload.kind")} error={kindError} required>
          <Select
            name="kind"
            defaultValue="poster"
            options={ASSET_KINDS.map((kind) => ({ value: kind, label: t(`studio.assets.kind.${kind}`) }))}
          />
        </Field>
      </div>
      <FormActions pending={fetcher.state !== "idle"} label={t("studio.assets.upload.submit")} />
    </fetcher.Form>
  );
}
