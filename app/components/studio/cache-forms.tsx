// The cached-data page's forms: counting a prefix's entries (the purge is confirmed afterwards, with the
// count shown) and purging everything after typing the confirmation word. Checked in the browser by the
// core schemas (Conform) and again by the action.
import { useEffect, useEffectEvent } from "react";
import {
  CACHE_KEY_MAX,
  CACHE_NAMESPACES,
  PURGE_ALL_WORD,
  purgeAllCachesSchema,
  purgeCachePrefixSchema,
  type CacheNamespace,
} from "../../../core/cache/cache-schemas.ts";
import { useT } from "../../lib/i18n.tsx";
import { type FormFieldMeta, SelectField } from "../ui/form-field.tsx";
import { useDialogForm } from "./dialog-form.ts";
import { type FormBase, IntentForm } from "./intent-form.tsx";
import { CodeField } from "./studio-fields.tsx";

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

/** Which namespace a purge reaches; none chosen: all of them. */
function NamespaceField<Value>({ field }: { field: FormFieldMeta<Value> }) {
  const t = useT();
  return (
    <SelectField
      field={field}
      label={t("studio.cachedData.purgePrefix.namespace")}
      options={CACHE_NAMESPACES.map((value) => ({ value, label: t(`studio.cachedData.namespace.${value}`) }))}
      placeholder={t("studio.cachedData.allNamespaces")}
    />
  );
}

export function PurgePrefixForm({
  onCounted,
  ...base
}: Omit<FormBase, "onSaved"> & { onCounted: (counted: PrefixCount) => void }) {
  const t = useT();
  const { fetcher, fields, frame } = useDialogForm(base, {
    id: `cache-prefix-${base.fetcherKey}`,
    intent: "countPrefix",
    schema: purgeCachePrefixSchema,
    submitLabel: t("studio.cachedData.purgePrefix.count"),
  });
  const counted: unknown = fetcher.state === "idle" ? fetcher.data?.payload : undefined;
  const reportCount = useEffectEvent((result: PrefixCount) => onCounted(result));
  useEffect(() => {
    // Something to purge: the page asks to confirm, with the count; nothing: said here.
    if (isPrefixCount(counted) && counted.count > 0) reportCount(counted);
  }, [counted]);
  return (
    <IntentForm {...frame}>
      <CodeField
        field={fields.prefix}
        label={t("studio.cachedData.purgePrefix.prefix")}
        hint={t("studio.cachedData.purgePrefix.prefixHint")}
        required
        maxLength={CACHE_KEY_MAX}
        className="font-mono"
      />
      <NamespaceField field={fields.namespace} />
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {isPrefixCount(counted) && counted.count === 0
          ? t("studio.cachedData.purgePrefix.none", { prefix: counted.prefix })
          : null}
      </p>
    </IntentForm>
  );
}

export function PurgeAllForm(base: FormBase) {
  const t = useT();
  const { fields, frame } = useDialogForm(base, {
    id: `cache-all-${base.fetcherKey}`,
    intent: "purgeAll",
    schema: purgeAllCachesSchema,
    submitLabel: t("studio.cachedData.purgeAll.submit"),
  });
  return (
    <IntentForm {...frame}>
      <NamespaceField field={fields.namespace} />
      <CodeField
        field={fields.confirmation}
        label={t("studio.cachedData.purgeAll.confirmation", { word: PURGE_ALL_WORD })}
        required
      />
    </IntentForm>
  );
}
