// The cached-data page's forms: counting a prefix's entries (the purge is confirmed afterwards, with the
// count shown) and purging everything after typing the confirmation word. Checked in the browser by the
// core schemas (Conform) and again by the action.
import { getInputProps, getSelectProps } from "@conform-to/react";
import { useEffect, useEffectEvent } from "react";
import {
  CACHE_KEY_MAX,
  CACHE_NAMESPACES,
  PURGE_ALL_WORD,
  purgeAllCachesSchema,
  purgeCachePrefixSchema,
  type CacheNamespace,
} from "../../../core/cache/forms.ts";
import { resultFor, useAppForm } from "../../lib/forms.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Select, type SelectOption } from "../ui/select.tsx";
import { type FormBase, IntentForm, useFormFetcher } from "./intent-form.tsx";

/** What counting a prefix answered: the page asks to confirm the purge of `count` entries. */
export type PrefixCount = { count: number; prefix: string; namespace: CacheNamespace | null };

function isPrefixCount(value: unknown): value is PrefixCount {
  return (
    typeof value === "object" &&
    value !== null &&
    "count" in value &&
    typeof value.count === "number" &&
    "prefix" in value &&
    typeof value.prefix === "string"
  );
}

function useNamespaceOptions(): SelectOption[] {
  const t = useT();
  return CACHE_NAMESPACES.map((value) => ({ value, label: t(`studio.cachedData.namespace.${value}`) }));
}

export function PurgePrefixForm({
  action,
  fetcherKey,
  secondary,
  onCounted,
}: Omit<FormBase, "onSaved"> & { onCounted: (counted: PrefixCount) => void }) {
  const t = useT();
  const errorText = useErrorText();
  const namespaces = useNamespaceOptions();
  const fetcher = useFormFetcher(fetcherKey);
  const counted: unknown = fetcher.state === "idle" ? fetcher.data?.payload : undefined;
  const reportCount = useEffectEvent((result: PrefixCount) => onCounted(result));
  useEffect(() => {
    // Something to purge: the page asks to confirm, with the count; nothing: said here.
    if (isPrefixCount(counted) && counted.count > 0) reportCount(counted);
  }, [counted]);
  const [form, fields] = useAppForm({
    schema: purgeCachePrefixSchema,
    id: `cache-prefix-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, "countPrefix"),
  });
  const { key: prefixKey, ...prefix } = getInputProps(fields.prefix, { type: "text", ariaAttributes: false });
  const { key: namespaceKey, ...namespace } = getSelectProps(fields.namespace, { ariaAttributes: false });
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent="countPrefix"
      secondary={secondary}
      submitLabel={t("studio.cachedData.purgePrefix.count")}
    >
      <Field
        label={t("studio.cachedData.purgePrefix.prefix")}
        hint={t("studio.cachedData.purgePrefix.prefixHint")}
        error={errorText(fields.prefix.errors)}
        id={fields.prefix.id}
        required
      >
        <Input
          key={prefixKey}
          {...prefix}
          maxLength={CACHE_KEY_MAX}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
      </Field>
      <Field
        label={t("studio.cachedData.purgePrefix.namespace")}
        error={errorText(fields.namespace.errors)}
        id={fields.namespace.id}
      >
        <Select
          key={namespaceKey}
          {...namespace}
          options={namespaces}
          placeholder={t("studio.cachedData.allNamespaces")}
        />
      </Field>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {isPrefixCount(counted) && counted.count === 0
          ? t("studio.cachedData.purgePrefix.none", { prefix: counted.prefix })
          : null}
      </p>
    </IntentForm>
  );
}

export function PurgeAllForm({ action, fetcherKey, onSaved, secondary }: FormBase) {
  const t = useT();
  const errorText = useErrorText();
  const namespaces = useNamespaceOptions();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: purgeAllCachesSchema,
    id: `cache-all-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, "purgeAll"),
  });
  const { key: namespaceKey, ...namespace } = getSelectProps(fields.namespace, { ariaAttributes: false });
  const { key: confirmationKey, ...confirmation } = getInputProps(fields.confirmation, {
    type: "text",
    ariaAttributes: false,
  });
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent="purgeAll"
      secondary={secondary}
      submitLabel={t("studio.cachedData.purgeAll.submit")}
    >
      <Field
        label={t("studio.cachedData.purgePrefix.namespace")}
        error={errorText(fields.namespace.errors)}
        id={fields.namespace.id}
      >
        <Select
          key={namespaceKey}
          {...namespace}
          options={namespaces}
          placeholder={t("studio.cachedData.allNamespaces")}
        />
      </Field>
      <Field
        label={t("studio.cachedData.purgeAll.confirmation", { word: PURGE_ALL_WORD })}
        error={errorText(fields.confirmation.errors)}
        id={fields.confirmation.id}
        required
      >
        <Input key={confirmationKey} {...confirmation} autoComplete="off" spellCheck={false} />
      </Field>
    </IntentForm>
  );
}
