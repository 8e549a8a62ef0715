// The missing-links page's dialog form: link a feed title to any movie of the catalogue, picked by
// typing. Checked in the browser by its core schema (Conform) and again by the action.
import { linkMissingLinkSchema } from "../../../core/ingest/missing-links/missing-link-forms.ts";
import { resultFor, useAppForm } from "../../lib/forms.ts";
import { useT } from "../../lib/i18n.tsx";
import { Combobox } from "../ui/combobox.tsx";
import { FormField } from "../ui/form-field.tsx";
import { type FormBase, IntentForm, useFormFetcher } from "./intent-form.tsx";

export function LinkMissingLinkForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  missingLinkId,
  movieSource,
}: FormBase & { missingLinkId: string; movieSource: string }) {
  const t = useT();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: linkMissingLinkSchema,
    id: `link-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, "link"),
    defaultValue: { missingLinkId },
  });
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent="link"
      hidden={{ missingLinkId }}
      secondary={secondary}
      submitLabel={t("studio.missingLinks.link.submit")}
    >
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
