// What every step of the gate (server/api/v1/gate.ts) works on: the request, the operation and the
// headers gathered for the answer so far.
import type { Context } from "hono";
import type { ApiOperationId } from "../../../core/api/operations.ts";
import type { AppServices } from "../../../core/services.ts";
import type { ApiEnv } from "./api-env.ts";
import type { ProblemExtras, ProblemKind } from "./problem.ts";

export type GateFail = (
  kind: ProblemKind,
  detail: string,
  headers: Record<string, string>,
  extras?: ProblemExtras,
) => Response;

export type GateCall = {
  c: Context<ApiEnv>;
  services: AppServices;
  operation: ApiOperationId;
  /** CORS headers for any browser origin (a refusal before the key's own rules are known) */
  anyOrigin: Record<string, string>;
  /** the headers of the answer, gathered by the steps that passed (CORS, RateLimit-*, credits) */
  headers: Record<string, string>;
  /** answers with a problem (RFC 9457) */
  fail: GateFail;
};
