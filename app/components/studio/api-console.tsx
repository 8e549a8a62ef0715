// The API console: pick one of the client's keys and paste its value (keys are shown only once, so
// the studio cannot know it: it stays in this browser tab and goes only to the API), pick an operation
// from the API's own OpenAPI document and fill its parameters, see the request as a URL and a curl
// command, then call the API from the browser and read the answer. Its cards live beside it.
import { useId, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { missingParameters, requestPath, storeKey } from "../../lib/api-console.ts";
import { useT } from "../../lib/i18n.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";
import { callApi, useApiDescription, type Call } from "./api-console-fetch.ts";
import { ConsoleKeyCard } from "./api-console-key-card.tsx";
import { ConsoleOperationCard } from "./api-console-operation-card.tsx";
import { ConsoleRequestCard } from "./api-console-request-card.tsx";
import { ConsoleResponseCard } from "./api-console-response.tsx";
import { useConsoleKey, useConsoleOperation } from "./api-console-state.ts";

export { OPENAPI_DOCUMENT_PATH } from "./api-console-fetch.ts";

export type ConsoleKey = {
  id: string;
  name: string;
  prefix: string;
  kind: "secret" | "publishable";
  status: "active" | "expiring" | "expired" | "revoked";
  expiresAt: string | null;
};

const noSubscription = () => () => {};

export function ApiConsole({ keys }: { keys: readonly ConsoleKey[] }) {
  const t = useT();
  const hydrated = useHydrated();
  const { spec, reload } = useApiDescription();
  const ids = { key: useId(), value: useId(), operation: useId(), request: useId(), response: useId() };
  const keyState = useConsoleKey(keys);
  const { keyId, key, keyValue, setKeyError, checkKey } = keyState;
  const operationState = useConsoleOperation(spec, key?.kind);
  const { operation, operationValues, setFieldErrors } = operationState;
  const [call, setCall] = useState<Call>({ state: "idle" });
  const responseHeading = useRef<HTMLHeadingElement>(null);

  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );
  const path = operation ? requestPath(operation, operationValues) : "";
  const url = `${origin}${path}`;

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
    setCall(await callApi(path, url, keyValue));
    responseHeading.current?.focus();
  };
  const resetCall = () => setCall({ state: "idle" });

  return (
    <form
      noValidate
      onSubmit={(event) => void send(event)}
      className="grid gap-6 xl:grid-cols-2"
      aria-label={t("studio.apiLookup.formLabel")}
    >
      <div className="space-y-6">
        <ConsoleKeyCard keys={keys} state={keyState} ids={ids} onKeyChange={resetCall} />
        <ConsoleOperationCard
          spec={spec}
          reload={reload}
          state={operationState}
          operationFieldId={ids.operation}
          onOperationChange={resetCall}
        />
      </div>

      <div className="space-y-6">
        <ConsoleRequestCard
          headingId={ids.request}
          shown={Boolean(operation && hydrated)}
          url={url}
          keyValue={keyValue}
          consoleKey={key}
          pending={call.state === "running"}
          canSend={Boolean(operation && key)}
        />
        <ConsoleResponseCard call={call} headingId={ids.response} headingRef={responseHeading} />
      </div>
    </form>
  );
}
