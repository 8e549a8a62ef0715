// The changes feed: its parameters and a change as the API shows it.
import { z } from "@hono/zod-openapi";
import { MAX_CURSOR_LENGTH } from "../../../../core/api/cursor.ts";
import type { ListChangesInput } from "../../../../core/api/changes/list-changes.ts";
import { EXAMPLE_CURSOR, countryParam, limitParam, localeParam, zonedTime } from "../common-schema.ts";
import { ShowtimeSchema } from "../showtimes/schema.ts";

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const CURSOR = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export const ChangeSchema = z
  .object({
    change: z.enum(["created", "changed", "cancelled"]).openapi({
      description:
        "created: new and unchanged since; changed: anything changed since it was created; cancelled.",
      example: "changed",
    }),
    changed_at: zonedTime("When it changed (the showtime's `updated_at`).", "2026-11-24T04:00:09+01:00"),
    showtime: ShowtimeSchema,
  })
  .openapi("Change", { description: "A showtime as it is now, and how it changed." });

export const ListChangesQuery = z
  .object({
    since: z
      .string({ message: "since is required: a cursor from an earlier page or a date-time with an offset" })
      .max(MAX_CURSOR_LENGTH, {
        message: "since must be a cursor from an earlier page or a date-time with an offset",
      })
      .transform((value, ctx): ListChangesInput["since"] => {
        if (DATE_TIME.test(value)) {
          const at = new Date(value);
          if (!Number.isNaN(at.getTime())) return { kind: "time", at };
        } else if (CURSOR.test(value)) {
          return { kind: "cursor", cursor: value };
        }
        ctx.addIssue({
          code: "custom",
          message:
            "since must be a cursor from an earlier page or a date-time with an offset (2026-11-24T00:00:00Z)",
        });
        return z.NEVER;
      })
      .openapi({
        type: "string",
        description:
          "Required. The `pagination.next_cursor` of your last call, or (to start) an ISO 8601 date-time with Z or an " +
          "offset: changes at or after it.",
        example: "2026-11-24T00:00:00Z",
      }),
    country: countryParam,
    locale: localeParam,
    limit: limitParam,
  })
  .strict();

export const ChangeListSchema = z
  .object({
    data: z
      .array(ChangeSchema)
      .openapi({ description: "Changes in the order they happened (updated_at, then id)." }),
    pagination: z
      .object({
        next_cursor: z.string().openapi({
          description: "Never null: pass it as `since` next time (now for more, later for new changes).",
          example: EXAMPLE_CURSOR,
        }),
        has_more: z
          .boolean()
          .openapi({ description: "True when more changes are ready right now.", example: false }),
      })
      .openapi("ChangesPagination", { description: "Where the feed continues." }),
  })
  .openapi("ChangeList", {
    description:
      "Created, changed and cancelled showtimes of your countries. Changes of the last few seconds appear on the next " +
      "call, so none is skipped.",
  });
