// Whether a browser request comes from one of the client's registered domains: the Origin header when
// present (the literal "null" of sandboxed and file pages is refused), else the Referer's host.
import { comparableHost } from "./hostname.ts";

export type RequestOrigin = { origin?: string | null; referer?: string | null };

function hostOf(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  return url.hostname ? comparableHost(url.hostname) : undefined;
}

/** The host the request says it comes from, or undefined when it says nothing usable. */
export function requestHost({ origin, referer }: RequestOrigin): string | undefined {
  if (origin !== undefined && origin !== null && origin !== "") {
    return origin.trim() === "null" ? undefined : hostOf(origin.trim());
  }
  if (referer) return hostOf(referer.trim());
  return undefined;
}

/** Exact match, or `*.base` for any subdomain of base (any depth, not base itself). */
export function hostMatches(domains: readonly string[], host: string): boolean {
  for (const raw of domains) {
    const domain = comparableHost(raw);
    if (domain.startsWith("*.")) {
      const base = domain.slice(1); // ".example.nl"
      if (host.length > base.length && host.endsWith(base)) {
        const sub = host.slice(0, -base.length);
        if (!sub.startsWith(".") && !sub.endsWith(".") && !sub.includes("..")) return true;
      }
    } else if (host === domain) {
      return true;
    }
  }
  return false;
}

export function isOriginAllowed(domains: readonly string[], request: RequestOrigin): boolean {
  if (domains.length === 0) return false;
  const host = requestHost(request);
  return host !== undefined && hostMatches(domains, host);
}
