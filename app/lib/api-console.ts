// The API console's model, built from the API's own OpenAPI document: its operations and their
// parameters, the request URL a set of values makes, and the curl command for it. Browser-safe and
// pure; the document is read defensively (it comes over the network).

/** sessionStorage (this tab only): the pasted value of each key, by key id (the suffix). */
export const CONSOLE_KEY_STORAGE_PREFIX = "reeltime-api-console-key:";

export type ConsoleParameterType = "string" | "integer" | "number" | "boolean" | "array";

export type ConsoleParameter = {
  name: string;
  in: "path" | "query";
  required: boolean;
  description: string | undefined;
  type: ConsoleParameterType;
  /** allowed values (of the items, for an array) */
  enum: string[] | undefined;
  format: string | undefined;
  minimum: number | undefined;
  maximum: number | undefined;
  default: string | undefined;
  example: string | undefined;
  /** arrays: repeated (`a=1&a=2`, OpenAPI's default for query) or comma-joined (`a=1,2`) */
  explode: boolean;
};

export type ConsoleOperation = {
  id: string;
  /** the request path with {placeholders}, from the site root: "/api/v1/cinemas/{id}" */
  path: string;
  summary: string;
  description: string | undefined;
  tag: string | undefined;
  parameters: ConsoleParameter[];
};

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const finite = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;
const scalarText = (value: unknown): string | undefined =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean"
    ? String(value)
    : undefined;

/** Follows a local "#/components/…" reference (a few levels deep at most). */
function resolve(document: Json, value: unknown, depth = 0): Json | undefined {
  if (!isObject(value)) return undefined;
  const ref = text(value.$ref);
  if (!ref) return value;
  if (depth > 8 || !ref.startsWith("#/")) return undefined;
  let target: unknown = document;
  for (const part of ref.slice(2).split("/")) {
    const key = part.replaceAll("~1", "/").replaceAll("~0", "~");
    target = isObject(target) ? target[key] : undefined;
  }
  return resolve(document, target, depth + 1);
}

/** The schema without its null alternative: `anyOf: [X, {type: "null"}]` and `type: [X, "null"]` → X. */
function nonNullSchema(document: Json, value: unknown): Json {
  const schema = resolve(document, value) ?? {};
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const first = options
        .map((option) => resolve(document, option))
        .find((option) => option && option.type !== "null");
      if (first) return { ...schema, ...nonNullSchema(document, first), [key]: undefined };
    }
  }
  if (Array.isArray(schema.type)) {
    const type: unknown = schema.type.find((t) => t !== "null");
    return { ...schema, type };
  }
  return schema;
}

function parameterType(schema: Json): ConsoleParameterType {
  const type = text(schema.type);
  return type === "integer" || type === "number" || type === "boolean" || type === "array" ? type : "string";
}

function enumOf(values: unknown): string[] | undefined {
  if (!Array.isArray(values)) return undefined;
  const list = values.map(scalarText).filter((v): v is string => v !== undefined);
  return list.length > 0 ? list : undefined;
}

function readParameter(document: Json, raw: unknown): ConsoleParameter | undefined {
  const parameter = resolve(document, raw);
  if (!parameter) return undefined;
  const name = text(parameter.name);
  const location = parameter.in;
  if (!name || (location !== "path" && location !== "query")) return undefined;
  const schema = nonNullSchema(document, parameter.schema);
  const type = parameterType(schema);
  const items = type === "array" ? nonNullSchema(document, schema.items) : undefined;
  const examples = isObject(parameter.examples) ? Object.values(parameter.examples) : [];
  const firstExample = examples.map((e) => resolve(document, e)?.value).find((v) => v !== undefined);
  const example =
    parameter.example ??
    schema.example ??
    (Array.isArray(schema.examples) ? schema.examples[0] : undefined) ??
    firstExample;
  return {
    name,
    in: location,
    required: location === "path" || parameter.required === true,
    description: text(parameter.description) ?? text(schema.description),
    type,
    enum: enumOf(items ? items.enum : schema.enum),
    format: text(items ? items.format : schema.format),
    minimum: finite(schema.minimum),
    maximum: finite(schema.maximum),
    default: scalarText(schema.default),
    example: Array.isArray(example) ? example.map(scalarText).filter(Boolean).join(",") : scalarText(example),
    explode: parameter.explode !== false,
  };
}

/** The API's path prefix from `servers[0].url` ("/api/v1", or an absolute URL's path). */
function serverPath(document: Json): string {
  const servers = Array.isArray(document.servers) ? document.servers : [];
  const url = isObject(servers[0]) ? text(servers[0].url) : undefined;
  if (!url) return "/api/v1";
  try {
    return new URL(url, "http://localhost").pathname.replace(/\/+$/, "");
  } catch {
    return "/api/v1";
  }
}

/** Every GET operation of the document, in document order, with its path and query parameters. */
export function consoleOperations(document: unknown): ConsoleOperation[] {
  if (!isObject(document) || !isObject(document.paths)) return [];
  const prefix = serverPath(document);
  const operations: ConsoleOperation[] = [];
  for (const [path, rawItem] of Object.entries(document.paths)) {
    const item = resolve(document, rawItem);
    const get = item ? resolve(document, item.get) : undefined;
    if (!item || !get) continue;
    const id = text(get.operationId);
    if (!id) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    const own = Array.isArray(get.parameters) ? get.parameters : [];
    const byKey = new Map<string, ConsoleParameter>();
    for (const raw of [...shared, ...own]) {
      const parameter = readParameter(document, raw);
      if (parameter) byKey.set(`${parameter.in}:${parameter.name}`, parameter);
    }
    const tags = Array.isArray(get.tags) ? get.tags : [];
    operations.push({
      id,
      path: path.startsWith(`${prefix}/`) || prefix === "" ? path : `${prefix}${path}`,
      summary: text(get.summary) ?? id,
      description: text(get.description),
      tag: text(tags[0]),
      parameters: [...byKey.values()].sort((a, b) =>
        a.in === b.in ? Number(b.required) - Number(a.required) : a.in === "path" ? -1 : 1,
      ),
    });
  }
  return operations;
}

export type ParameterValues = Record<string, string>;

/** The parameters that are required and still empty. */
export function missingParameters(operation: ConsoleOperation, values: ParameterValues): ConsoleParameter[] {
  return operation.parameters.filter((p) => p.required && !(values[p.name] ?? "").trim());
}

/**
 * The request's path and query ("/api/v1/cinemas/abc?limit=5"): path parameters encoded into their
 * segment, empty query parameters left out, arrays split on commas.
 */
export function requestPath(operation: ConsoleOperation, values: ParameterValues): string {
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = (values[parameter.name] ?? "").trim();
    if (parameter.in === "path") {
      path = path.replaceAll(`{${parameter.name}}`, encodeURIComponent(value));
      continue;
    }
    if (!value) continue;
    if (parameter.type === "array") {
      const items = value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
      if (parameter.explode) for (const item of items) query.append(parameter.name, item);
      else query.set(parameter.name, items.join(","));
    } else query.set(parameter.name, value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The key as it may be shown: its visible prefix, the rest hidden. */
export function maskKey(key: string, prefix: string): string {
  const start = key.startsWith(prefix) ? prefix : key.slice(0, 12);
  return `${start}${"•".repeat(8)}`;
}

/** A shell-safe single-quoted word. */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The request as a curl command (with the key as given: masked or not). */
export function curlCommand(url: string, key: string): string {
  return `curl -i ${shellQuote(url)} \\\n  -H ${shellQuote(`Authorization: Bearer ${key}`)}`;
}

/** The response headers the console shows, in this order. */
export const CONSOLE_HEADERS = [
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "Retry-After",
  "X-Credits-Cost",
  "X-Credits-Remaining",
  "ETag",
  "Cache-Control",
  "Content-Type",
  "X-Request-Id",
] as const;

/** The body for reading: JSON pretty-printed, anything else as it came. */
export function prettyBody(body: string, contentType: string | null): string {
  if (!body) return "";
  if (contentType && !/json/i.test(contentType)) return body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** What an RFC 9457 problem body says, when the body is one. */
export function problemOf(
  body: string,
  contentType: string | null,
): { title: string | undefined; detail: string | undefined; status: number | undefined } | undefined {
  if (!contentType || !/problem\+json/i.test(contentType)) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (!isObject(parsed)) return undefined;
    return { title: text(parsed.title), detail: text(parsed.detail), status: finite(parsed.status) };
  } catch {
    return undefined;
  }
}

/** A key's pasted value from this tab's storage ("" when none, or when storage is off). */
export function readStoredKey(keyId: string): string {
  try {
    return window.sessionStorage.getItem(CONSOLE_KEY_STORAGE_PREFIX + keyId) ?? "";
  } catch {
    return "";
  }
}

/** Keeps a key's pasted value in this tab ("" forgets it): the API console and the widget guide share it. */
export function storeKey(keyId: string, value: string) {
  try {
    if (value) window.sessionStorage.setItem(CONSOLE_KEY_STORAGE_PREFIX + keyId, value);
    else window.sessionStorage.removeItem(CONSOLE_KEY_STORAGE_PREFIX + keyId);
  } catch {
    // storage off (private mode): the value simply is not remembered
  }
}
