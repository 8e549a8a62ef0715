// The API console's two calls from the browser: the API's OpenAPI document (its operations) and the
// chosen operation, with the pasted key only.
import { useEffect, useState } from "react";
import { consoleOperations, type ConsoleOperation } from "../../lib/api-console.ts";
import type { ConsoleResponse } from "./api-console-response.tsx";

export const OPENAPI_DOCUMENT_PATH = "/api/v1/openapi.json";

export type Spec =
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
export function useApiDescription() {
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

export type Call =
  | { state: "idle" }
  | { state: "running" }
  | { state: "done"; response: ConsoleResponse }
  | { state: "failed"; message: string };

/** Calls `path` with the key, and what came back (shown with `url`, the full address). */
export async function callApi(path: string, url: string, keyValue: string): Promise<Call> {
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
    return {
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
    };
  } catch (error) {
    return { state: "failed", message: error instanceof Error ? error.message : String(error) };
  }
}
