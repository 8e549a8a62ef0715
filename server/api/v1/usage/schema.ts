// Usage: its parameters and the usage report as the API shows it.
import { z } from "@hono/zod-openapi";
import { MAX_USAGE_DAYS } from "../../../../core/api/usage/get-usage.ts";
import { API_OPERATION_IDS } from "../../../../core/api/operations.ts";
import { isIsoDate } from "../../../../core/showtimes/listing-day.ts";

const day = (name: string, description: string, example: string) =>
  z
    .string()
    .refine((value) => isIsoDate(value), { message: `${name} must be a date (YYYY-MM-DD)` })
    .optional()
    .openapi({ description, example });

const count = (description: string, example: number) => z.number().int().openapi({ description, example });

export const UsageDaySchema = z
  .object({
    date: z.string().openapi({ description: "UTC day (YYYY-MM-DD).", example: "2026-11-24" }),
    operation: z.string().openapi({
      description: `Operation id (${API_OPERATION_IDS.join(", ")}).`,
      example: "listShowtimes",
    }),
    requests: count("Calls answered.", 1204),
    credits: count("Credits spent.", 1187),
    errors: count("Calls answered with an error (not charged).", 17),
  })
  .openapi("UsageDay", { description: "One operation's use on one day, all of the client's keys together." });

export const UsageSchema = z
  .object({
    balance: count("Credits left now (what X-Credits-Remaining shows); may be slightly below zero.", 48213),
    low_balance_threshold: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The studio warns below this balance.", example: 1000 }),
    from: z.string().openapi({ description: "First day of the report.", example: "2026-10-26" }),
    to: z.string().openapi({ description: "Last day of the report.", example: "2026-11-24" }),
    totals: z
      .object({
        requests: count("Calls in the period.", 30412),
        credits: count("Credits spent in the period.", 29870),
        errors: count("Errors in the period.", 211),
      })
      .openapi({ description: "Sums over the period." }),
    days: z.array(UsageDaySchema).openapi({ description: "Per day and operation, by day then operation." }),
  })
  .openapi("Usage", {
    description:
      "Your client's balance and API use. Usage is written every few seconds: the last calls may be missing.",
  });

export const UsageQuery = z
  .object({
    from: day("from", `First UTC day (YYYY-MM-DD). Default: 29 days before \`to\`.`, "2026-11-01"),
    to: day(
      "to",
      "Last UTC day (YYYY-MM-DD), included. Default: today, or 29 days after `from`.",
      "2026-11-24",
    ),
  })
  .strict()
  .superRefine((query, ctx) => {
    if (query.from && query.to) {
      if (query.to < query.from)
        ctx.addIssue({ code: "custom", path: ["from"], message: "from must not be after to" });
      const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
      if (days > MAX_USAGE_DAYS) {
        ctx.addIssue({
          code: "custom",
          path: ["to"],
          message: `the period is at most ${MAX_USAGE_DAYS} days`,
        });
      }
    }
  });

export const UsageResultSchema = z
  .object({ data: UsageSchema })
  .openapi("UsageResult", { description: "Your usage." });
