// The missing-links page's dialog form: link a feed title to any movie of the catalogue, picked by
// typing. Checked in the browser by its core schema (Conform) and again by the action.
import { linkMissingLinkSchema } from "../../../core/ingest/missing-links/missing-link-schemas.ts";
import { useT } from "../../lib/i18n.tsx";
import { Combobox } from "../ui/combobox.tsx";
import { FormField } from "../ui/form-field.tsx";
import { useDialogForm } from "./dialog-form.ts";
import { type FormBase, IntentForm } from "./intent-form.tsx";

export function LinkMissingLinkForm({
  missingLinkId,
  movieSource,
  ...base
}: FormBase & { missingLinkId: string; movieSource: string }) {
  const t = useT();
  const { fields, frame } = useDialogForm(base, {
    id: `link-${base.fetcherKey}`,
    intent: "link",
    schema: linkMissingLinkSchema,
    defaultValue: { missingLinkId },
    hidden: { missingLinkId },
    submitLabel: t("studio.missingLinks.link.submit"),
  });
  return (
    <IntentForm {...frame}>
      <FormField
        field={fields.movieId}
        label={t("studio.missingLinks.link.movie")}
        errors={fields.movieId.errors ?? fields.missingLinkId.errors}
        required
      >
        <Combobox
          key={fields.movieId.key}
          name={fields.movieId.name}
          source={movieSource}
          placeholder={t("studio.missingLinks.link.placeholder")}
        />
      </FormField>
    </IntentForm>
  );
}
