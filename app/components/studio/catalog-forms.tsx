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
} from "../../../core/catalog/catalog-schemas.ts";
import { SLUG_MAX } from "../../../core/forms/fields.ts";
import { useT } from "../../lib/i18n.tsx";
import { InputField, SelectField, TextareaField } from "../ui/form-field.tsx";
import type { SelectOption } from "../ui/select.tsx";
import { createOrUpdate, useDialogForm } from "./dialog-form.ts";
import { type FormBase, IntentForm } from "./intent-form.tsx";
import { CodeField, NameField } from "./studio-fields.tsx";

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

export function AttributeForm({ defaults, ...base }: FormBase & { defaults: AttributeFormValues }) {
  const t = useT();
  const { fields, frame } = useDialogForm(base, {
    id: `attribute-${base.fetcherKey}`,
    ...createOrUpdate("attributeId", defaults.attributeId, [createAttributeSchema, updateAttributeSchema]),
    defaultValue: defaults,
    submitLabel: t(defaults.attributeId ? "studio.attributes.form.save" : "studio.attributes.form.create"),
  });
  const categories: SelectOption[] = ATTRIBUTE_CATEGORIES.map((value) => ({
    value,
    label: t(`attributeCategory.${value}`),
  }));
  return (
    <IntentForm {...frame}>
      <div className="grid gap-4 sm:grid-cols-2">
        <CodeField
          field={fields.code}
          label={t("studio.attributes.form.code")}
          hint={t("studio.attributes.form.codeHint")}
          required
          maxLength={ATTRIBUTE_CODE_MAX}
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
  defaults,
  countries,
  ...base
}: FormBase & { defaults: ChainFormValues; countries: readonly SelectOption[] }) {
  const t = useT();
  const { fields, frame } = useDialogForm(base, {
    id: `chain-${base.fetcherKey}`,
    ...createOrUpdate("chainId", defaults.chainId, [createChainSchema, updateChainSchema]),
    defaultValue: defaults,
    submitLabel: t(defaults.chainId ? "studio.chains.form.save" : "studio.chains.form.create"),
  });
  return (
    <IntentForm {...frame}>
      <div className="grid gap-4 sm:grid-cols-2">
        <NameField field={fields.name} label={t("studio.chains.form.name")} maxLength={CHAIN_NAME_MAX} />
        <CodeField
          field={fields.slug}
          label={t("studio.chains.form.slug")}
          hint={t("studio.chains.form.slugHint")}
          required
          maxLength={SLUG_MAX}
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
      <CodeField
        field={fields.wikidataId}
        label={t("studio.chains.form.wikidata")}
        hint={t("studio.chains.form.wikidataHint")}
        maxLength={20}
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
  kind,
  sourceId,
  sourceName,
  choices,
  ...base
}: FormBase & {
  kind: "attributes" | "chains";
  sourceId: string;
  sourceName: string;
  choices: readonly SelectOption[];
}) {
  const t = useT();
  const { fields, frame } = useDialogForm(base, {
    id: `merge-${base.fetcherKey}`,
    intent: "merge",
    schema: kind === "attributes" ? mergeAttributesSchema : mergeChainsSchema,
    defaultValue: { sourceId, targetId: "", name: sourceName },
    hidden: { sourceId, name: sourceName },
    submitLabel: t(kind === "attributes" ? "studio.attributes.merge.submit" : "studio.chains.merge.submit"),
  });
  return (
    <IntentForm {...frame}>
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
