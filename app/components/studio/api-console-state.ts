// The API console's state: the key in use and its pasted value, and the operation with its values.
import { useMemo, useState } from "react";
import { API_OPERATIONS, isApiOperationId } from "../../../core/api/operations.ts";
import { readStoredKey, type ParameterValues } from "../../lib/api-console.ts";
import { useT } from "../../lib/i18n.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";
import type { ConsoleKey } from "./api-console.tsx";
import type { Spec } from "./api-console-fetch.ts";

const DEFAULT_OPERATION = "listShowtimes";

/** The key chosen, the value pasted for it and what is wrong with that value. */
export function useConsoleKey(keys: readonly ConsoleKey[]) {
  const t = useT();
  const hydrated = useHydrated();
  // Until the user picks a key: once hydrated, the first key this tab remembers a value for (a reload keeps
  // the pasted key in use), else the first key.
  const [chosenKeyId, setKeyId] = useState<string | null>(null);
  const keyId =
    chosenKeyId ?? (hydrated ? keys.find((k) => readStoredKey(k.id))?.id : undefined) ?? keys[0]?.id ?? "";
  const key = keys.find((k) => k.id === keyId);
  // What was pasted in this page view, by key id; else what this tab remembered (read once hydrated).
  const [pasted, setPasted] = useState<Record<string, string>>({});
  const keyValue = pasted[keyId] ?? (hydrated && keyId ? readStoredKey(keyId) : "");
  const setKeyValue = (value: string) => setPasted((all) => ({ ...all, [keyId]: value }));
  const [keyError, setKeyError] = useState<string | undefined>();

  const checkKey = (value: string): string | undefined => {
    if (!key) return t("studio.apiLookup.chooseKey");
    if (!value.trim()) return t("studio.apiLookup.keyRequired");
    if (!value.startsWith(key.prefix)) return t("studio.apiLookup.keyMismatch", { prefix: key.prefix });
    return undefined;
  };

  return { keyId, setKeyId, key, keyValue, setKeyValue, keyError, setKeyError, checkKey };
}

export type ConsoleKeyState = ReturnType<typeof useConsoleKey>;

/** The operations the key may call, the one chosen, and the values typed for each operation. */
export function useConsoleOperation(spec: Spec, keyKind: ConsoleKey["kind"] | undefined) {
  const operations = useMemo(() => {
    if (spec.state !== "ready") return [];
    // Publishable keys may call only the widget's read operations.
    return keyKind === "publishable"
      ? spec.operations.filter((op) => !isApiOperationId(op.id) || API_OPERATIONS[op.id].publishable)
      : spec.operations;
  }, [spec, keyKind]);
  const [operationId, setOperationId] = useState("");
  const operation =
    operations.find((op) => op.id === operationId) ??
    operations.find((op) => op.id === DEFAULT_OPERATION) ??
    operations[0];
  const [values, setValues] = useState<Record<string, ParameterValues>>({});
  const operationValues = operation ? (values[operation.id] ?? {}) : {};
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const setValue = (name: string, value: string) => {
    if (!operation) return;
    setValues((all) => ({ ...all, [operation.id]: { ...(all[operation.id] ?? {}), [name]: value } }));
    setFieldErrors((errors) => ({ ...errors, [name]: "" }));
  };

  return { operations, operation, setOperationId, operationValues, fieldErrors, setFieldErrors, setValue };
}

export type ConsoleOperationState = ReturnType<typeof useConsoleOperation>;
