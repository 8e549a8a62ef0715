// The contract check of the public API: every response an API test gets is validated against the document
// the server publishes at /api/v1/openapi.json (Ajv, JSON Schema 2020-12, formats): the operation is found
// by method and path template, then the documented response for the status and content type. A response
// the document does not describe fails the test.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { expect } from "vitest";

type Fetcher = { request: (input: string, init?: RequestInit) => Response | Promise<Response> };

type OpenApiDocument = {
  servers?: { url: string }[];
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>
  >;
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export type ApiAnswer<Body = unknown> = {
  status: number;
  headers: Headers;
  /** the parsed JSON body (null for a body-less answer) */
  body: Body;
  contentType: string;
};

const escapePointer = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

export class OpenApiContract {
  readonly document: OpenApiDocument;
  readonly basePath: string;
  private readonly ajv: Ajv2020;
  private readonly templates: { template: string; pattern: RegExp }[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    this.document = document;
    this.basePath = new URL(document.servers?.[0]?.url ?? "http://localhost/").pathname.replace(/\/+$/, "");
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema(document, "openapi");
    this.templates = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(
          `^${template.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{[^}]+\\\}/g, "[^/]+")}$`,
        ),
      }))
      // Literal paths before templated ones.
      .sort((a, b) => a.template.split("{").length - b.template.split("{").length);
  }

  /** The documented path template a request path falls under, or undefined. */
  templateOf(pathname: string): string | undefined {
    if (!pathname.startsWith(this.basePath)) return undefined;
    const inner = pathname.slice(this.basePath.length) || "/";
    return this.templates.find(({ pattern }) => pattern.test(inner))?.template;
  }

  /** Fails the test unless the body is what the document promises for this operation and status. */
  check(method: string, pathname: string, status: number, contentType: string, body: unknown): void {
    const template = this.templateOf(pathname);
    expect(template, `${pathname} is not a path of the OpenAPI document`).toBeDefined();
    const verb = method.toLowerCase() === "head" ? "get" : method.toLowerCase();
    const operation = this.document.paths[template!]?.[verb];
    expect(operation, `${method} ${template} is not an operation of the document`).toBeDefined();
    const response = operation!.responses?.[String(status)];
    expect(response, `${method} ${template} does not document status ${status}`).toBeDefined();
    const media = contentType.split(";")[0]!.trim().toLowerCase();
    if (!response!.content) {
      expect(body, `${method} ${template} ${status} documents no body`).toBeNull();
      return;
    }
    expect(
      Object.keys(response!.content),
      `${method} ${template} ${status} documents no ${media} body`,
    ).toContain(media);
    const pointer = ["paths", template!, verb, "responses", String(status), "content", media, "schema"]
      .map(escapePointer)
      .join("/");
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi#/${pointer}` });
      this.compiled.set(pointer, validate);
    }
    const valid = validate(body);
    expect(
      valid,
      `${method} ${pathname} ${status}: ${this.ajv.errorsText(validate.errors, { separator: "\n" })}`,
    ).toBe(true);
  }
}

/** The contract of a running app: reads its /api/v1/openapi.json once. */
export async function loadContract(app: Fetcher): Promise<OpenApiContract> {
  const response = await app.request("/api/v1/openapi.json");
  expect(response.status).toBe(200);
  return new OpenApiContract((await response.json()) as OpenApiDocument);
}

/**
 * One API request through the app, its answer checked against the contract. Every API test goes through
 * here (or `checkAnswer` for answers it got otherwise).
 */
export async function apiRequest<Body = unknown>(
  app: Fetcher,
  contract: OpenApiContract,
  path: string,
  init: RequestInit = {},
): Promise<ApiAnswer<Body>> {
  const response = await app.request(path, init);
  return checkAnswer<Body>(contract, init.method ?? "GET", path, response);
}

export async function checkAnswer<Body = unknown>(
  contract: OpenApiContract,
  method: string,
  path: string,
  response: Response,
): Promise<ApiAnswer<Body>> {
  const contentType = response.headers.get("content-type") ?? "";
  const text = await response.text();
  const body: unknown = text === "" ? null : JSON.parse(text);
  const pathname = new URL(path, "http://localhost").pathname;
  if (method.toUpperCase() !== "HEAD" && method.toUpperCase() !== "OPTIONS") {
    contract.check(method, pathname, response.status, contentType, body);
  }
  return { status: response.status, headers: response.headers, body: body as Body, contentType };
}
