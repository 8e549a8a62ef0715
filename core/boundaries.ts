// The map of core/: its domains and which others each may import. ESLint (eslint.config.js) enforces it;
// tests/lint/boundaries.test.ts checks that it is true, complete and free of undeclared cycles.
/**
 * The domains of core/ and which others each may import (docs/architecture.md, "Import rules"); the rule that
 * enforces it is `reeltime/core-boundaries` in eslint.config.js. Every domain
 * may import the base: core's own files (core/*.ts: errors, the services type) and core/shared, core/forms,
 * core/i18n. A domain not in this table, or an import it does not list, is an error: a new dependency is a
 * decision, written here. Where a domain imports one that imports it back, the pair is named in
 * `CORE_CYCLES` with its reason; tests/lint/boundaries.test.ts fails on any other cycle.
 */
export const CORE_BASE: readonly string[] = ["shared", "forms", "i18n"];
/** Folders that group domains: each of their subfolders is a domain ("catalog/movies"); their own files are one too. */
export const CORE_GROUPS: readonly string[] = ["catalog"];

/**
 * The domain a file of core/ belongs to (its path from core/, "/"-separated), and whether it sits below the
 * domain's own folder (an internal: core/ingest/adapters/veezi.ts). core's own files belong to none.
 */
export function coreDomainOf(pathInCore: string): { name: string; internal: boolean } | null {
  const parts = pathInCore.split("/");
  if (parts.length < 2) return null;
  const grouped = CORE_GROUPS.includes(parts[0] ?? "") && parts.length > 2;
  const name = grouped ? `${parts[0]}/${parts[1]}` : (parts[0] ?? "");
  return { name, internal: parts.length > (grouped ? 3 : 2) };
}
export const CORE_DOMAINS: Readonly<Record<string, readonly string[]>> = {
  access: [],
  calendar: [],
  alerts: ["mail"],
  audit: ["access"],
  mail: ["access"],
  platform: ["access"],
  tenancy: ["access", "audit", "key-directory", "mail"],
  auth: ["access", "audit", "mail", "tenancy"],
  account: ["access", "audit", "auth", "tenancy"],
  preferences: ["tenancy"],
  "key-directory": ["access"],
  "api-keys": ["access", "audit", "key-directory", "tenancy"],
  domains: ["access", "audit", "key-directory", "tenancy"],
  "country-access": ["access", "audit", "key-directory"],
  demo: ["access", "api-keys", "audit", "domains", "key-directory"],
  cache: ["access", "audit"],
  assets: ["access", "audit", "auth"],
  api: ["assets", "showtimes"],
  credits: ["access", "api", "audit", "cache"],
  usage: ["access", "api"],
  jobs: ["access", "audit", "cache"],
  catalog: ["cache"],
  "catalog/attributes": ["access", "audit", "catalog"],
  "catalog/movies": ["access", "assets", "audit", "cache", "catalog", "catalog/attributes", "catalog/search"],
  "catalog/cinemas": ["access", "audit", "catalog", "catalog/attributes", "catalog/movies"],
  "catalog/countries": ["access", "audit", "credits"],
  "catalog/search": [],
  showtimes: ["access", "audit", "cache", "catalog/attributes", "catalog/cinemas"],
  "client-movies": ["access", "audit", "cache", "catalog", "catalog/attributes", "catalog/movies"],
  matching: ["catalog/movies"],
  ingest: ["access", "assets", "audit", "cache", "catalog/attributes", "catalog/movies", "jobs", "matching"],
  tools: ["access", "audit", "cache", "catalog/movies", "jobs", "matching"],
};
/** Pairs that import each other, each with why; tests/lint/boundaries.test.ts allows no others. */
export const CORE_CYCLES: Readonly<Record<string, string>> = {};
