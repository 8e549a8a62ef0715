// JSON.parse for feeds: an unreadable document (cut off, not JSON) is a FeedParseError saying where.
import { FeedParseError } from "../feed.ts";

export function parseJsonText(input: string, reason = "ingest.problem.invalidJson", where = ""): unknown {
  try {
    return JSON.parse(input.replace(/^\uFEFF/, ""));
  } catch (error) {
    const detail = error instanceof Error ? error.message : "";
    const position = /line (\d+) column (\d+)/.exec(detail);
    throw new FeedParseError(
      reason,
      {},
      position ? `${where}${where ? " " : ""}line ${position[1]} column ${position[2]}` : where,
    );
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
