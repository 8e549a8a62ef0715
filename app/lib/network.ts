import { useSyncExternalStore } from "react";

/** Failed fetches are retried, up to 3 attempts in all. */
export const FETCH_ATTEMPTS = 3;

/** fetch with retries on network errors and 5xx answers (backing off 250 ms, 500 ms …). */
export async function fetchWithRetry(
  input: string,
  init?: RequestInit,
  options: { attempts?: number; baseDelayMs?: number; fetcher?: typeof fetch } = {},
): Promise<Response> {
  const attempts = options.attempts ?? FETCH_ATTEMPTS;
  const fetcher = options.fetcher ?? fetch;
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetcher(input, init);
      if (response.status < 500 || attempt === attempts) return response;
      lastError = new Error(`${input} answered ${response.status}`);
    } catch (error) {
      lastError = error;
      if (attempt === attempts) break;
    }
    await new Promise((resolve) => setTimeout(resolve, (options.baseDelayMs ?? 250) * 2 ** (attempt - 1)));
  }
  throw lastError;
}

type NetworkInformation = { effectiveType?: string };

/** No payload preloading on a slow-2g connection. */
export function prefetchModeFor(connection: NetworkInformation | undefined): "intent" | "none" {
  return connection?.effectiveType === "slow-2g" ? "none" : "intent";
}

type NavigatorWithConnection = Navigator & { connection?: NetworkInformation & EventTarget };

function subscribeToConnection(onChange: () => void) {
  const connection = (navigator as NavigatorWithConnection).connection;
  connection?.addEventListener?.("change", onChange);
  return () => connection?.removeEventListener?.("change", onChange);
}

/** "intent" unless the browser reports slow-2g; "none" while rendering on the server. */
export function usePrefetchMode() {
  return useSyncExternalStore(
    subscribeToConnection,
    () => prefetchModeFor((navigator as NavigatorWithConnection).connection),
    () => "none" as const,
  );
}
