// The filters every API usage query takes, checked at the boundary: a period, optionally one key and
// one operation. An unknown key id simply matches nothing (keys are scoped by client anyway).
import { z } from "zod";
import { API_OPERATION_IDS } from "../api/operations.ts";
import { idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import { DEFAULT_USAGE_RANGE_DAYS, USAGE_RANGE_DAYS } from "./usage-range.ts";

export const apiUsageQuerySchema = z.object({
  days: z.literal(USAGE_RANGE_DAYS, { error: "validation.choiceInvalid" }).default(DEFAULT_USAGE_RANGE_DAYS),
  apiKeyId: idSchema.optional(),
  operation: z.enum(API_OPERATION_IDS, { error: "validation.choiceInvalid" }).optional(),
});

export type ApiUsageQuery = z.input<typeof apiUsageQuerySchema>;
export type ApiUsageFilter = z.output<typeof apiUsageQuerySchema>;

export function parseApiUsageQuery(query: ApiUsageQuery): ApiUsageFilter {
  return parseInput(apiUsageQuerySchema, query);
}
