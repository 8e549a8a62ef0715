// Typed business errors: core throws them, the edges (loaders, actions, API) map code → HTTP status in
// one place and reason → a translated message (`error.<reason>` in locales/en.json). The UI never
// matches English text: it reads `reason`, and the field errors are message references too.
import en from "../locales/en.json" with { type: "json" };
import {
  formatMessageRef,
  messageRef,
  type MessageKey,
  type MessageRef,
  type MessageValues,
} from "./i18n/message-ref.ts";

export const ERROR_STATUS = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  invalid_input: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** "tenancy.lastAdmin" for the message `error.tenancy.lastAdmin`: checked against en.json at compile time. */
export type ErrorReason = MessageKey extends infer K ? (K extends `error.${infer R}` ? R : never) : never;

export type AppErrorOptions = {
  /** values the reason's message needs ({max}, {client}…) */
  values?: MessageValues;
  /** field name → message reference (see core/i18n/message-ref.ts), for forms */
  fieldErrors?: Record<string, MessageRef>;
  /** seconds until a refused request may be tried again (rate limits) */
  retryAfterSeconds?: number;
};

/**
 * The server (node) and the React Router build each load their own copy of this module, so an error
 * thrown by one copy is not `instanceof` the other's class: a registry symbol marks every AppError.
 */
const APP_ERROR = Symbol.for("reeltime.AppError");

export class AppError extends Error {
  readonly [APP_ERROR] = true;
  readonly code: ErrorCode;
  readonly reason: ErrorReason;
  readonly values: MessageValues | undefined;
  readonly fieldErrors: Record<string, MessageRef>;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, reason: ErrorReason, options: AppErrorOptions = {}) {
    // The English text, for logs and tests; users see the translation of `messageRef`.
    super(formatMessageRef(en, messageRef(`error.${reason}`, options.values)));
    this.name = "AppError";
    this.code = code;
    this.reason = reason;
    this.values = options.values;
    this.fieldErrors = options.fieldErrors ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** The reason as a message reference, ready for a form error or a toast. */
  get messageRef(): MessageRef {
    return messageRef(`error.${this.reason}`, this.values);
  }
}

export function isAppError(error: unknown): error is AppError {
  return (
    error instanceof AppError ||
    (typeof error === "object" && error !== null && (error as { [APP_ERROR]?: unknown })[APP_ERROR] === true)
  );
}
