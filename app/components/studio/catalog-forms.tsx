// The catalogue forms of the studio (attributes, cinema chains, merging either): each is checked in the
// browser by its core schema (Conform) and again by the action; errors are message references.
import {
  ATTRIBUTE_CATEGORIES,
  ATTRIBUTE_CODE_MAX,
  ATTRIBUTE_NAME_MAX,
  CHAIN_NAME_MAX,
  createAttributeSchema,
  createChainSchema,
  mergeAttributesSchema,
  mergeChainsSchema,
  updateAttributeSchema,
  updateChainSchema,
  WEBSITE_MAX,
} from "../../../core/catalog/forms.ts";
import { SLUG_MAX } from "../../../core/forms/fields.ts";
import { resultFor, useAppForm } from "../../lib/forms.ts";
import { useT } from "../../lib/i18n.tsx";
import { InputField, SelectField, TextareaField } from "../ui/form-field.tsx";
import type { SelectOption } from "../ui/select.tsx";
import { type FormBase, IntentForm, useFormFetcher } from "./intent-form.tsx";

// ---- attributes --------------------------------------------------------------------------------

export type AttributeFormValues = {
  attributeId?: string;
  code: string;
  category: string;
  nameEn: string;
  nameNl: string;
  /** one per line */
  synonyms: string;
};

export const EMPTY_ATTRIBUTE: AttributeFormValues = {
  code: "",
  category: "format",
  nameEn: "",
  nameNl: "",
  synonyms: "",
};

export function AttributeForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  defaults,
}: FormBase & { defaults: AttributeFormValues }) {
  const t = useT();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const intent = defaults.attributeId ? "update" : "create";
  const [form, fields] = useAppForm({
    schema: defaults.attributeId ? updateAttributeSchema : createAttributeSchema,
    id: `attribute-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, intent),
    defaultValue: defaults,
  });
  const categories: SelectOption[] = ATTRIBUTE_CATEGORIES.map((value) => ({
    value,
    label: t(`attributeCategory.${value}`),
  }));
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent={intent}
      hidden={defaults.attributeId ? { attributeId: defaults.attributeId } : undefined}
      secondary={secondary}
      submitLabel={t(defaults.attributeId ? "studio.attributes.form.save" : "studio.attributes.form.create")}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          field={fields.code}
          label={t("studio.attributes.form.code")}
          hint={t("studio.attributes.form.codeHint")}
          required
          maxLength={ATTRIBUTE_CODE_MAX}
          autoComplete="off"
          spellCheck={false}
        />
        <SelectField
          field={fields.category}
          label={t("studio.attributes.form.category")}
          required
          options={categories}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          field={fields.nameEn}
          label={t("studio.attributes.form.nameEn")}
          required
          lang="en"
          maxLength={ATTRIBUTE_NAME_MAX}
          autoComplete="off"
        />
        <InputField
          field={fields.nameNl}
          label={t("studio.attributes.form.nameNl")}
          lang="nl"
          maxLength={ATTRIBUTE_NAME_MAX}
          autoComplete="off"
        />
      </div>
      <TextareaField
        field={fields.synonyms}
        label={t("studio.attributes.form.synonyms")}
        hint={t("studio.attributes.form.synonymsHint")}
        rows={4}
        spellCheck={false}
      />
    </IntentForm>
  );
}

// ---- cinema chains -----------------------------------------------------------------------------

export type ChainFormValues = {
  chainId?: string;
  name: string;
  slug: string;
  website: string;
  wikidataId: string;
  countries: string[];
  /** one per line */
  synonyms: string;
};

export const EMPTY_CHAIN: ChainFormValues = {
  name: "",
  slug: "",
  website: "",
  wikidataId: "",
  countries: [],
  synonyms: "",
};

export function ChainForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  defaults,
  countries,
}: FormBase & { defaults: ChainFormValues; countries: readonly SelectOption[] }) {
  const t = useT();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const intent = defaults.chainId ? "update" : "create";
  const [form, fields] = useAppForm({
    schema: defaults.chainId ? updateChainSchema : createChainSchema,
    id: `chain-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, intent),
    defaultValue: defaults,
  });
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent={intent}
      hidden={defaults.chainId ? { chainId: defaults.chainId } : undefined}
      secondary={secondary}
      submitLabel={t(defaults.chainId ? "studio.chains.form.save" : "studio.chains.form.create")}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          field={fields.name}
          label={t("studio.chains.form.name")}
          required
          maxLength={CHAIN_NAME_MAX}
          autoComplete="off"
        />
        <InputField
          field={fields.slug}
          label={t("studio.chains.form.slug")}
          hint={t("studio.chains.form.slugHint")}
          required
          maxLength={SLUG_MAX}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <InputField
        field={fields.website}
        type="url"
        label={t("studio.chains.form.website")}
        hint={t("studio.chains.form.websiteHint")}
        maxLength={WEBSITE_MAX}
        autoComplete="off"
      />
      <InputField
        field={fields.wikidataId}
        label={t("studio.chains.form.wikidata")}
        hint={t("studio.chains.form.wikidataHint")}
        maxLength={20}
        autoComplete="off"
        spellCheck={false}
      />
      <SelectField
        field={fields.countries}
        label={t("studio.chains.form.countries")}
        hint={t("studio.chains.form.countriesHint")}
        multiple
        size={6}
        options={countries}
      />
      <TextareaField
        field={fields.synonyms}
        label={t("studio.chains.form.synonyms")}
        hint={t("studio.chains.form.synonymsHint")}
        rows={3}
        spellCheck={false}
      />
    </IntentForm>
  );
}

// ---- merging -----------------------------------------------------------------------------------

/**
 * Merges the row `sourceId` into the chosen survivor (every other row). One form for attributes and
 * chains: the page says what a merge moves in `description`.
 */
export function MergeForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  kind,
  sourceId,
  sourceName,
  choices,
}: FormBase & {
  kind: "attributes" | "chains";
  sourceId: string;
  sourceName: string;
  choices: readonly SelectOption[];
}) {
  const t = useT();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: kind === "attributes" ? mergeAttributesSchema : mergeChainsSchema,
    id: `merge-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, "merge"),
    defaultValue: { sourceId, targetId: "", name: sourceName },
  });
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent="merge"
      hidden={{ sourceId, name: sourceName }}
      secondary={secondary}
      submitLabel={t(kind === "attributes" ? "studio.attributes.merge.submit" : "studio.chains.merge.submit")}
    >
      <SelectField
        field={fields.targetId}
        label={t(kind === "attributes" ? "studio.attributes.merge.target" : "studio.chains.merge.target")}
        required
        placeholder={t(
          kind === "attributes" ? "studio.attributes.merge.choose" : "studio.chains.merge.choose",
        )}
        options={choices.filter((choice) => choice.value !== sourceId)}
      />
    </IntentForm>
  );
}
