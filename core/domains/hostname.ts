// What a registered domain may be: a lower-case ASCII (punycode) host name, or `*.` + one for any
// subdomain at any depth (never the apex). No ports, paths or IP addresses, except `localhost` and
// `127.0.0.1` for development.
import { domainToASCII } from "node:url";

export const DEVELOPMENT_HOSTS = ["localhost", "127.0.0.1"] as const;
export const HOSTNAME_MAX_LENGTH = 253;

export type HostnameProblem = "invalid" | "port" | "path" | "ip" | "wildcard";
export type HostnameResult = { ok: true; hostname: string } | { ok: false; problem: HostnameProblem };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^\d+(\.\d+){0,3}$/;

/** A host as the URL parser gives it, made comparable: lower case, no trailing dot. */
export function comparableHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, "");
}

function checkHost(host: string): HostnameResult {
  if ((DEVELOPMENT_HOSTS as readonly string[]).includes(host)) return { ok: true, hostname: host };
  if (host.includes(":") || host.startsWith("[")) return { ok: false, problem: "ip" };
  if (IPV4.test(host)) return { ok: false, problem: "ip" };
  // The URL standard's parser: punycode for IDN; "" for what is no host name (a numeric last label too).
  const ascii = domainToASCII(host);
  if (!ascii || ascii.length > HOSTNAME_MAX_LENGTH) return { ok: false, problem: "invalid" };
  const labels = ascii.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return { ok: false, problem: "invalid" };
  return { ok: true, hostname: ascii };
}

/** Normalizes what a user typed or pasted (a URL is reduced to its host name). */
export function normalizeHostname(input: string): HostnameResult {
  let value = input.trim().toLowerCase();
  if (!value) return { ok: false, problem: "invalid" };
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return { ok: false, problem: "invalid" };
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, problem: "invalid" };
    value = url.hostname;
    if (value.startsWith("%2a.")) value = `*.${value.slice(4)}`; // the parser escapes a wildcard
  } else {
    if (/[/?#]/.test(value)) return { ok: false, problem: "path" };
    if (/:\d*$/.test(value) && !value.startsWith("[")) return { ok: false, problem: "port" };
  }
  value = value.replace(/\.$/, "");
  if (value.startsWith("*.")) {
    const base = checkHost(value.slice(2));
    if (!base.ok) return base.problem === "invalid" ? { ok: false, problem: "wildcard" } : base;
    if ((DEVELOPMENT_HOSTS as readonly string[]).includes(base.hostname))
      return { ok: false, problem: "wildcard" };
    return { ok: true, hostname: `*.${base.hostname}` };
  }
  if (value.includes("*")) return { ok: false, problem: "wildcard" };
  return checkHost(value);
}
