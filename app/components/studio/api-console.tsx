// The API console: pick one of the client's keys and paste its value (keys are shown only once, so
// the studio cannot know it: it stays in this browser tab and goes only to the API), pick an operation
// from the API's own OpenAPI document and fill its parameters, see the request as a URL and a curl
// command, then call the API from the browser and read the answer.
import { Check, Copy, Eye, EyeOff, RotateCw, Send } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { API_OPERATIONS, isApiOperationId } from "../../../core/api/operations.ts";
import {
  readStoredKey,
  storeKey,
  consoleOperations,
  curlCommand,
  maskKey,
  missingParameters,
  requestPath,
  type ConsoleOperation,
  type ConsoleParameter,
  type ParameterValues,
} from "../../lib/api-console.ts";
import { useT } from "../../lib/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { cx, focusRing } from "../ui/cx.ts";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";
import { ConsoleResponseView, type ConsoleResponse } from "./api-console-response.tsx";

export type ConsoleKey = {
  id: string;
  name: string;
  prefix: string;
  kind: "secret" | "publishable";
  status: "active" | "expiring" | "expired" | "revoked";
  expiresAt: string | null;
};

export const OPENAPI_DOCUMENT_PATH = "/api/v1/openapi.json";
const DEFAULT_OPERATION = "listShowtimes";

type Spec =
  | { state: "loading" }
  | { state: "ready"; operations: ConsoleOperation[] }
  | { state: "error"; status: number | null };

async function fetchSpec(signal: AbortSignal): Promise<Spec> {
  try {
    const response = await fetch(OPENAPI_DOCUMENT_PATH, { credentials: "omit", signal });
    if (!response.ok) return { state: "error", status: response.status };
    const operations = consoleOperations(await response.json());
    return operations.length ? { state: "ready", operations } : { state: "error", status: null };
  } catch {
    return { state: "error", status: null };
  }
}

/** The API's operations, read from its OpenAPI document (same origin). */
function useApiDescription() {
  const [spec, setSpec] = useState<Spec>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    void fetchSpec(controller.signal).then((result) => {
      if (!controller.signal.aborted) setSpec(result);
    });
    return () => controller.abort();
  }, [attempt]);
  const reload = () => {
    setSpec({ state: "loading" });
    setAttempt((n) => n + 1);
  };
  return { spec, reload };
}

const noSubscription = () => () => {};

function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {label}
      <span role="status" className="sr-only">
        {copied ? t("studio.apiLookup.copied") : ""}
      </span>
    </Button>
  );
}

function ParameterField({
  id,
  parameter,
  value,
  error,
  onChange,
}: {
  /** the control's id, so a missing value can be focused */
  id: string;
  parameter: ConsoleParameter;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const hintParts = [
    parameter.description,
    parameter.type === "array" ? t("studio.apiLookup.commaSeparated") : undefined,
    parameter.enum && parameter.type === "array"
      ? t("studio.apiLookup.allowed", { values: parameter.enum.join(", ") })
      : undefined,
    parameter.default !== undefined ? t("studio.apiLookup.default", { value: parameter.default }) : undefined,
  ]
    .filter((part): part is string => Boolean(part))
    // descriptions from the document may end without a full stop
    .map((part) => (/[.!?:]$/.test(part) ? part : `${part}.`));
  const label = (
    <span className="inline-flex flex-wrap items-baseline gap-2">
      <span className="font-mono">{parameter.name}</span>
      <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
        {t(parameter.in === "path" ? "studio.apiLookup.inPath" : "studio.apiLookup.inQuery")}
      </span>
    </span>
  );
  // An example, marked as one, so it is not read as a value already filled in.
  const sample = parameter.example ?? parameter.default;
  const placeholder = sample === undefined ? undefined : t("studio.apiLookup.example", { value: sample });
  const common = { value, onChange: (e: { target: { value: string } }) => onChange(e.target.value) };
  let control;
  if ((parameter.enum && parameter.type !== "array") || parameter.type === "boolean") {
    const options = parameter.type === "boolean" ? ["true", "false"] : (parameter.enum ?? []);
    control = (
      <Select
        {...common}
        placeholder={parameter.required ? t("studio.apiLookup.choose") : t("studio.apiLookup.any")}
        options={options.map((option) => ({ value: option, label: option }))}
      />
    );
  } else if (parameter.type === "integer" || parameter.type === "number") {
    control = (
      <Input
        {...common}
        type="number"
        inputMode={parameter.type === "integer" ? "numeric" : "decimal"}
        step={parameter.type === "integer" ? 1 : "any"}
        min={parameter.minimum}
        max={parameter.maximum}
        placeholder={placeholder}
      />
    );
  } else {
    control = (
      <Input {...common} type="text" autoComplete="off" spellCheck={false} placeholder={placeholder} />
    );
  }
  return (
    <Field
      id={id}
      label={label}
      hint={hintParts.length ? hintParts.join(" ") : undefined}
      required={parameter.required}
      error={error}
    >
      {control}
    </Field>
  );
}

type Call =
  | { state: "idle" }
  | { state: "running" }
  | { state: "done"; response: ConsoleResponse }
  | { state: "failed"; message: string };

export function ApiConsole({ keys }: { keys: readonly ConsoleKey[] }) {
  const t = useT();
  const hydrated = useHydrated();
  const { spec, reload } = useApiDescription();
  const ids = { key: useId(), value: useId(), operation: useId(), request: useId(), response: useId() };

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
  const [showValue, setShowValue] = useState(false);
  const [revealInCurl, setRevealInCurl] = useState(false);

  const operations = useMemo(() => {
    if (spec.state !== "ready") return [];
    // Publishable keys may call only the widget's read operations.
    return key?.kind === "publishable"
      ? spec.operations.filter((op) => !isApiOperationId(op.id) || API_OPERATIONS[op.id].publishable)
      : spec.operations;
  }, [spec, key?.kind]);
  const [operationId, setOperationId] = useState("");
  const operation =
    operations.find((op) => op.id === operationId) ??
    operations.find((op) => op.id === DEFAULT_OPERATION) ??
    operations[0];
  const [values, setValues] = useState<Record<string, ParameterValues>>({});
  const operationValues = operation ? (values[operation.id] ?? {}) : {};
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [call, setCall] = useState<Call>({ state: "idle" });
  const responseHeading = useRef<HTMLHeadingElement>(null);

  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );
  const path = operation ? requestPath(operation, operationValues) : "";
  const url = `${origin}${path}`;
  const shownKey =
    keyValue && key
      ? revealInCurl
        ? keyValue
        : maskKey(keyValue, key.prefix)
      : `${key?.prefix ?? "rt_sk_"}…`;

  const checkKey = (value: string): string | undefined => {
    if (!key) return t("studio.apiLookup.chooseKey");
    if (!value.trim()) return t("studio.apiLookup.keyRequired");
    if (!value.startsWith(key.prefix)) return t("studio.apiLookup.keyMismatch", { prefix: key.prefix });
    return undefined;
  };

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!operation || call.state === "running") return;
    const problem = checkKey(keyValue);
    setKeyError(problem);
    const missing = missingParameters(operation, operationValues);
    setFieldErrors(Object.fromEntries(missing.map((p) => [p.name, t("studio.apiLookup.required")])));
    if (problem) {
      document.getElementById(ids.value)?.focus();
      return;
    }
    if (missing[0]) {
      document.getElementById(`param-${operation.id}-${missing[0].name}`)?.focus();
      return;
    }
    storeKey(keyId, keyValue);
    setCall({ state: "running" });
    const started = performance.now();
    try {
      // The key only, as a client's server would call: no studio cookies, nothing cached by the browser.
      const response = await fetch(path, {
        headers: { Authorization: `Bearer ${keyValue}`, Accept: "application/json" },
        credentials: "omit",
        cache: "no-store",
      });
      const body = await response.text();
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      setCall({
        state: "done",
        response: {
          url,
          status: response.status,
          statusText: response.statusText,
          milliseconds: performance.now() - started,
          headers,
          contentType: response.headers.get("content-type"),
          body,
        },
      });
    } catch (error) {
      setCall({ state: "failed", message: error instanceof Error ? error.message : String(error) });
    }
    responseHeading.current?.focus();
  };

  const setValue = (name: string, value: string) => {
    if (!operation) return;
    setValues((all) => ({ ...all, [operation.id]: { ...(all[operation.id] ?? {}), [name]: value } }));
    setFieldErrors((errors) => ({ ...errors, [name]: "" }));
  };

  const status =
    call.state === "running"
      ? t("studio.apiLookup.running")
      : call.state === "done"
        ? t("studio.apiLookup.answered", {
            status: call.response.status,
            ms: Math.round(call.response.milliseconds),
          })
        : call.state === "failed"
          ? t("studio.apiLookup.failed")
          : "";

  return (
    <form
      noValidate
      onSubmit={(event) => void send(event)}
      className="grid gap-6 xl:grid-cols-2"
      aria-label={t("studio.apiLookup.formLabel")}
    >
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>{t("studio.apiLookup.keyTitle")}</CardTitle>
            <CardDescription>{t("studio.apiLookup.keyDescription")}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <Field label={t("studio.apiLookup.key")} id={ids.key}>
              <Select
                value={keyId}
                onChange={(event) => {
                  setKeyId(event.target.value);
                  setKeyError(undefined);
                  setCall({ state: "idle" });
                }}
                options={keys.map((k) => ({
                  value: k.id,
                  label: t(
                    k.kind === "secret"
                      ? "studio.apiLookup.keyOptionSecret"
                      : "studio.apiLookup.keyOptionPublishable",
                    {
                      name: k.name,
                      prefix: k.prefix,
                    },
                  ),
                }))}
              />
            </Field>
            <Field
              label={t("studio.apiLookup.keyValue")}
              id={ids.value}
              hint={t("studio.apiLookup.keyValueHint")}
              error={keyError}
              required
            >
              <div className="flex gap-2">
                {/* No name: even without JavaScript the value is never sent to the studio. */}
                <Input
                  type={showValue ? "text" : "password"}
                  value={keyValue}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={key ? `${key.prefix}…` : undefined}
                  onChange={(event) => {
                    setKeyValue(event.target.value);
                    if (keyError) setKeyError(undefined);
                  }}
                  onBlur={(event) => {
                    const value = event.target.value;
                    const problem = value ? checkKey(value) : undefined;
                    setKeyError(problem);
                    if (!problem) storeKey(keyId, value);
                  }}
                  className="font-mono"
                />
                <Button
                  variant="outline"
                  size="icon"
                  className="size-10"
                  aria-pressed={showValue}
                  onClick={() => setShowValue((v) => !v)}
                >
                  {showValue ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                  <span className="sr-only">{t("studio.apiLookup.showValue")}</span>
                </Button>
              </div>
            </Field>
            {keyValue ? (
              <Button
                variant="link"
                onClick={() => {
                  setKeyValue("");
                  storeKey(keyId, "");
                  setKeyError(undefined);
                }}
              >
                {t("studio.apiLookup.forget")}
              </Button>
            ) : null}
            {key?.kind === "publishable" ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t("studio.apiLookup.publishableHint")}
              </p>
            ) : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("studio.apiLookup.operationTitle")}</CardTitle>
            <CardDescription>{t("studio.apiLookup.operationDescription")}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {spec.state === "loading" ? (
              <p role="status" className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                <Spinner />
                {t("studio.apiLookup.loadingSpec")}
              </p>
            ) : spec.state === "error" ? (
              <div role="alert" className="space-y-2 text-sm">
                <p className="font-medium text-red-700 dark:text-red-400">
                  {spec.status
                    ? t("studio.apiLookup.specFailedStatus", { status: spec.status })
                    : t("studio.apiLookup.specFailed")}
                </p>
                <Button variant="outline" size="sm" onClick={reload}>
                  <RotateCw aria-hidden="true" />
                  {t("studio.apiLookup.retry")}
                </Button>
              </div>
            ) : operation ? (
              <>
                <Field
                  label={t("studio.apiLookup.operation")}
                  id={ids.operation}
                  hint={operation.description}
                >
                  <Select
                    value={operation.id}
                    onChange={(event) => {
                      setOperationId(event.target.value);
                      setFieldErrors({});
                      setCall({ state: "idle" });
                    }}
                    options={operations.map((op) => ({ value: op.id, label: `${op.summary} (${op.id})` }))}
                  />
                </Field>
                {operation.parameters.length === 0 ? (
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {t("studio.apiLookup.noParameters")}
                  </p>
                ) : (
                  <fieldset className="space-y-4">
                    <legend className="mb-3 text-sm font-semibold">{t("studio.apiLookup.parameters")}</legend>
                    {operation.parameters.map((parameter) => (
                      <ParameterField
                        key={`${operation.id}-${parameter.in}-${parameter.name}`}
                        id={`param-${operation.id}-${parameter.name}`}
                        parameter={parameter}
                        value={operationValues[parameter.name] ?? ""}
                        error={fieldErrors[parameter.name] || undefined}
                        onChange={(value) => setValue(parameter.name, value)}
                      />
                    ))}
                  </fieldset>
                )}
              </>
            ) : null}
          </CardContent>
        </Card>
      </div>

      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle id={ids.request}>{t("studio.apiLookup.requestTitle")}</CardTitle>
            <CardDescription>{t("studio.apiLookup.requestDescription")}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {operation && hydrated ? (
              <>
                <div className="space-y-2">
                  <p className="text-sm font-medium">{t("studio.apiLookup.url")}</p>
                  <p
                    className="rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs break-all text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
                    data-testid="console-url"
                  >
                    <span className="font-semibold">GET</span> {url}
                  </p>
                  <CopyButton text={url} label={t("studio.apiLookup.copyUrl")} />
                </div>
                <div className="space-y-2">
                  <p className="text-sm font-medium">{t("studio.apiLookup.curl")}</p>
                  <pre
                    className="overflow-x-auto rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap break-all text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
                    data-testid="console-curl"
                  >
                    {curlCommand(url, shownKey)}
                  </pre>
                  <div className="flex flex-wrap gap-2">
                    <CopyButton text={curlCommand(url, shownKey)} label={t("studio.apiLookup.copyCurl")} />
                    <Button
                      variant="outline"
                      size="sm"
                      aria-pressed={revealInCurl}
                      disabled={!keyValue}
                      onClick={() => setRevealInCurl((v) => !v)}
                    >
                      {revealInCurl ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                      {t("studio.apiLookup.revealKey")}
                    </Button>
                  </div>
                  {!revealInCurl ? (
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {t("studio.apiLookup.maskedHint")}
                    </p>
                  ) : null}
                </div>
              </>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t("studio.apiLookup.noRequestYet")}
              </p>
            )}
            <Button type="submit" pending={call.state === "running"} disabled={!operation || !key}>
              <Send aria-hidden="true" className="rtl:-scale-x-100" />
              {t("studio.apiLookup.send")}
            </Button>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            {/* Focused when an answer arrives, so keyboard and screen-reader users land on it. */}
            <CardTitle
              id={ids.response}
              ref={responseHeading}
              tabIndex={-1}
              className={cx("rounded-sm", focusRing)}
            >
              {t("studio.apiLookup.responseTitle")}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <p
              role="status"
              className={cx("text-sm text-slate-700 dark:text-slate-300", call.state === "done" && "sr-only")}
            >
              {call.state === "running" ? <Spinner className="me-2 inline" /> : null}
              {status || t("studio.apiLookup.notSentYet")}
            </p>
            {call.state === "failed" ? (
              <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
                {t("studio.apiLookup.networkError", { message: call.message })}
              </p>
            ) : null}
            {call.state === "done" ? <ConsoleResponseView response={call.response} /> : null}
          </CardContent>
        </Card>
      </div>
    </form>
  );
}
