// A ref for a row without an id of its own: the same cinema, title and start give the same ref on
// every run, so re-importing the feed updates the showtime instead of adding another.
import { createHash } from "node:crypto";

export function stableRef(...parts: (string | undefined)[]): string {
  const digest = createHash("sha256")
    .update(JSON.stringify(parts.map((part) => part ?? "")))
    .digest("hex");
  return `h:${digest.slice(0, 24)}`;
}
