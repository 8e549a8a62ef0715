// The catalogue forms of the studio (attributes, cinema chains, merging either): each is checked in the
// browser by its core schema (Conform) and again by the action; errors are message references.
import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
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
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Select, type SelectOption } from "../ui/select.tsx";
import { Textarea } from "../ui/textarea.tsx";
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
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const intent = defaults.attributeId ? "update" : "create";
  const [form, fields] = useAppForm({
    schema: defaults.attributeId ? updateAttributeSchema : createAttributeSchema,
    id: `attribute-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, intent),
    defaultValue: defaults,
  });
  const { key: codeKey, ...code } = getInputProps(fields.code, { type: "text", ariaAttributes: false });
  const { key: categoryKey, ...category } = getSelectProps(fields.category, { ariaAttributes: false });
  const { key: enKey, ...nameEn } = getInputProps(fields.nameEn, { type: "text", ariaAttributes: false });
  const { key: nlKey, ...nameNl } = getInputProps(fields.nameNl, { type: "text", ariaAttributes: false });
  const { key: synonymsKey, ...synonyms } = getTextareaProps(fields.synonyms, { ariaAttributes: false });
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
        <Field
          label={t("studio.attributes.form.code")}
          hint={t("studio.attributes.form.codeHint")}
          error={errorText(fields.code.errors)}
          id={fields.code.id}
          required
        >
          <Input
            key={codeKey}
            {...code}
            maxLength={ATTRIBUTE_CODE_MAX}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <Field
          label={t("studio.attributes.form.category")}
          error={errorText(fields.category.errors)}
          id={fields.category.id}
          required
        >
          <Select key={categoryKey} {...category} options={categories} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("studio.attributes.form.nameEn")}
          error={errorText(fields.nameEn.errors)}
          id={fields.nameEn.id}
          required
        >
          <Input key={enKey} {...nameEn} lang="en" maxLength={ATTRIBUTE_NAME_MAX} autoComplete="off" />
        </Field>
        <Field
          label={t("studio.attributes.form.nameNl")}
          error={errorText(fields.nameNl.errors)}
          id={fields.nameNl.id}
        >
          <Input key={nlKey} {...nameNl} lang="nl" maxLength={ATTRIBUTE_NAME_MAX} autoComplete="off" />
        </Field>
      </div>
      <Field
        label={t("studio.attributes.form.synonyms")}
        hint={t("studio.attributes.form.synonymsHint")}
        error={errorText(fields.synonyms.errors)}
        id={fields.synonyms.id}
      >
        <Textarea key={synonymsKey} {...synonyms} rows={4} spellCheck={false} />
      </Field>
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
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const intent = defaults.chainId ? "update" : "create";
  const [form, fields] = useAppForm({
    schema: defaults.chainId ? updateChainSchema : createChainSchema,
    id: `chain-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, intent),
    defaultValue: defaults,
  });
  const { key: nameKey, ...name } = getInputProps(fields.name, { type: "text", ariaAttributes: false });
  const { key: slugKey, ...slug } = getInputProps(fields.slug, { type: "text", ariaAttributes: false });
  const { key: websiteKey, ...website } = getInputProps(fields.website, {
    type: "url",
    ariaAttributes: false,
  });
  const { key: wikidataKey, ...wikidata } = getInputProps(fields.wikidataId, {
    type: "text",
    ariaAttributes: false,
  });
  const { key: countriesKey, ...countryProps } = getSelectProps(fields.countries, { ariaAttributes: false });
  const { key: chainSynonymsKey, ...chainSynonyms } = getTextareaProps(fields.synonyms, {
    ariaAttributes: false,
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
        <Field
          label={t("studio.chains.form.name")}
          error={errorText(fields.name.errors)}
          id={fields.name.id}
          required
        >
          <Input key={nameKey} {...name} maxLength={CHAIN_NAME_MAX} autoComplete="off" />
        </Field>
        <Field
          label={t("studio.chains.form.slug")}
          hint={t("studio.chains.form.slugHint")}
          error={errorText(fields.slug.errors)}
          id={fields.slug.id}
          required
        >
          <Input key={slugKey} {...slug} maxLength={SLUG_MAX} autoComplete="off" spellCheck={false} />
        </Field>
      </div>
      <Field
        label={t("studio.chains.form.website")}
        hint={t("studio.chains.form.websiteHint")}
        error={errorText(fields.website.errors)}
        id={fields.website.id}
      >
        <Input key={websiteKey} {...website} maxLength={WEBSITE_MAX} autoComplete="off" />
      </Field>
      <Field
        label={t("studio.chains.form.wikidata")}
        hint={t("studio.chains.form.wikidataHint")}
        error={errorText(fields.wikidataId.errors)}
        id={fields.wikidataId.id}
      >
        <Input key={wikidataKey} {...wikidata} maxLength={20} autoComplete="off" spellCheck={false} />
      </Field>
      <Field
        label={t("studio.chains.form.countries")}
        hint={t("studio.chains.form.countriesHint")}
        error={errorText(fields.countries.errors)}
        id={fields.countries.id}
      >
        <Select key={countriesKey} {...countryProps} multiple size={6} options={countries} />
      </Field>
      <Field
        label={t("studio.chains.form.synonyms")}
        hint={t("studio.chains.form.synonymsHint")}
        error={errorText(fields.synonyms.errors)}
        id={fields.synonyms.id}
      >
        <Textarea key={chainSynonymsKey} {...chainSynonyms} rows={3} spellCheck={false} />
      </Field>
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
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: kind === "attributes" ? mergeAttributesSchema : mergeChainsSchema,
    id: `merge-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, "merge"),
    defaultValue: { sourceId, targetId: "", name: sourceName },
  });
  const { key: targetKey, ...target } = getSelectProps(fields.targetId, { ariaAttributes: false });
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
      <Field
        label={t(kind === "attributes" ? "studio.attributes.merge.target" : "studio.chains.merge.target")}
        error={errorText(fields.targetId.errors)}
        id={fields.targetId.id}
        required
      >
        <Select
          key={targetKey}
          {...target}
          placeholder={t(
            kind === "attributes" ? "studio.attributes.merge.choose" : "studio.chains.merge.choose",
          )}
          options={choices.filter((choice) => choice.value !== sourceId)}
        />
      </Field>
    </IntentForm>
  );
}
