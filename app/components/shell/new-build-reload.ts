import { useEffect } from "react";
import { fetchWithRetry } from "../../lib/network.ts";

/** After a new build, a failed chunk load reloads the route once, not again within 10 s. */
export const RELOAD_GUARD_MS = 10_000;
const GUARD_KEY = "reeltime-build-reload-at";

type Manifest = { version?: string };

function currentVersion() {
  return (window as unknown as { __reactRouterManifest?: Manifest }).__reactRouterManifest?.version;
}

/** Asks the server for the latest build; 404 and 403 mean "no information". */
export async function fetchLatestBuild(): Promise<string | undefined> {
  const response = await fetchWithRetry("/builds/latest.json", { cache: "no-store" });
  if (response.status === 404 || response.status === 403) return undefined;
  if (!response.ok) throw new Error(`builds/latest.json answered ${response.status}`);
  const body = (await response.json()) as { version?: string };
  return body.version;
}

export function shouldReload(lastReloadAt: number | null, now: number) {
  return lastReloadAt === null || now - lastReloadAt > RELOAD_GUARD_MS;
}

export async function reloadIfNewBuild() {
  const latest = await fetchLatestBuild();
  if (!latest || latest === currentVersion()) return false;
  const last = Number(sessionStorage.getItem(GUARD_KEY)) || null;
  if (!shouldReload(last, Date.now())) return false;
  sessionStorage.setItem(GUARD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|Failed to fetch dynamically|Unable to preload CSS/i;

export function isChunkLoadError(reason: unknown) {
  const message = reason instanceof Error ? reason.message : String(reason);
  return CHUNK_ERROR.test(message);
}

export function useNewBuildReload() {
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      event.preventDefault();
      void reloadIfNewBuild().catch((error: unknown) => console.warn(error));
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason))
        void reloadIfNewBuild().catch((error: unknown) => console.warn(error));
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("vite:preloadError", onPreloadError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
}
