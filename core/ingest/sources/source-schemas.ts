// The feed (source) form's schema: checked in the browser (Conform) and again by the action and the
// operation. Browser-safe: zod and plain values. Credentials are write-only: the form never shows stored
// ones; "keep" leaves them as they are.
import { z } from "zod";
import { idSchema } from "../../forms/fields.ts";
import { messageRef } from "../../i18n/message-ref.ts";
import { FEED_FORMATS } from "../feed.ts";

export const SOURCE_NAME_MAX = 120;
export const SOURCE_URL_MAX = 2000;
export const CREDENTIAL_MAX = 500;
/** An uploaded feed file's limit (the same as a fetched feed's by default). */
export const SOURCE_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/** Refresh intervals offered, in seconds; "" is manual only. */
export const SOURCE_INTERVALS = [900, 1800, 3600, 10_800, 21_600, 43_200, 86_400] as const;

export const SOURCE_INPUTS = ["url", "upload"] as const;
export const CREDENTIAL_CHOICES = ["keep", "none", "basic", "bearer", "header"] as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: messageRef("validation.tooLong", { max }) })
    .optional()
    .transform((value) => value || undefined);

const checkbox = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/** A feed address: http or https, a host with a dot or an IP address, no user name or password in it. */
export function feedUrlProblem(
  text: string,
): "studio.sources.validation.url" | "studio.sources.validation.urlCredentials" | undefined {
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "studio.sources.validation.url";
    if (!url.hostname.includes(".") && !url.hostname.includes(":")) return "studio.sources.validation.url";
    if (url.username || url.password) return "studio.sources.validation.urlCredentials";
    return undefined;
  } catch {
    return "studio.sources.validation.url";
  }
}

const sourceObject = z.object({
  name: z
    .string({ error: "validation.nameRequired" })
    .trim()
    .min(1, { error: "validation.nameRequired" })
    .max(SOURCE_NAME_MAX, { error: messageRef("validation.tooLong", { max: SOURCE_NAME_MAX }) }),
  format: z.enum(FEED_FORMATS, { error: "studio.sources.validation.format" }),
  input: z.enum(SOURCE_INPUTS, { error: "validation.choiceInvalid" }).default("url"),
  url: text(SOURCE_URL_MAX),
  // "" (or absent: the form sends no empty values) is manual only. The parsed value (a number or null)
  // parses again to itself: the action parses the form, the operation its input.
  interval: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === "") return null;
      const seconds = Number(value);
      if (!(SOURCE_INTERVALS as readonly number[]).includes(seconds)) {
        ctx.addIssue({ code: "custom", message: "validation.choiceInvalid" });
        return z.NEVER;
      }
      return seconds;
    }),
  enabled: checkbox,
  complete: checkbox,
  credentials: z.enum(CREDENTIAL_CHOICES, { error: "validation.choiceInvalid" }).default("keep"),
  username: text(CREDENTIAL_MAX),
  password: text(CREDENTIAL_MAX),
  token: text(CREDENTIAL_MAX),
  headerName: text(64),
  headerValue: text(CREDENTIAL_MAX),
});

type SourceObject = z.output<typeof sourceObject>;

function checkSource(data: SourceObject, ctx: z.RefinementCtx) {
  if (data.input === "url") {
    if (!data.url)
      ctx.addIssue({ code: "custom", path: ["url"], message: "studio.sources.validation.urlRequired" });
    else {
      const problem = feedUrlProblem(data.url);
      if (problem) ctx.addIssue({ code: "custom", path: ["url"], message: problem });
    }
  }
  const need = (field: "username" | "password" | "token" | "headerName" | "headerValue") => {
    if (!data[field])
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: "studio.sources.validation.credentialRequired",
      });
  };
  if (data.credentials === "basic") {
    need("username");
    need("password");
  }
  if (data.credentials === "bearer") need("token");
  if (data.credentials === "header") {
    need("headerName");
    need("headerValue");
    if (data.headerName && !/^[A-Za-z0-9-]+$/.test(data.headerName)) {
      ctx.addIssue({ code: "custom", path: ["headerName"], message: "studio.sources.validation.headerName" });
    }
  }
}

/** A new feed on a cinema or a chain (exactly one). */
export const createSourceSchema = sourceObject
  .extend({ cinemaId: idSchema.optional(), chainId: idSchema.optional() })
  .superRefine((data, ctx) => {
    checkSource(data, ctx);
    if (!data.cinemaId === !data.chainId)
      ctx.addIssue({ code: "custom", path: ["cinemaId"], message: "studio.sources.validation.scope" });
  });

export const updateSourceSchema = sourceObject.extend({ id: idSchema }).superRefine(checkSource);

export type SourceFormValues = z.input<typeof sourceObject>;
