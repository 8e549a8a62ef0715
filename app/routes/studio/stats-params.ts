/** /studio/stats's URL parameters: `days` (7, 30, 90), `key` (a key id), `operation` (an operation id). */
export const STATS_PARAMS = { days: "days", key: "key", operation: "operation" } as const;
