// The settings of `npm run soak` (its knobs, read from the environment: listed with their defaults at the
// top of bench/soak.ts) and its fixed figures: the RSS bound, the credits each client starts with and
// the origin the widget's calls come from.

/** A setting out of range, or a step of the set-up that cannot go on: printed without a stack. */
export class SoakError extends Error {}

function settingNumber(name: string, fallback: number, min: number, max: number, integer: boolean) {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value)))
    throw new SoakError(
      `${name} must be a ${integer ? "whole " : ""}number from ${min} to ${max} (it is "${text}")`,
    );
  return value;
}

export const MINUTES = settingNumber("SOAK_MINUTES", 10, 0.5, 24 * 60, false);
export const CONNECTIONS = settingNumber("SOAK_CONNECTIONS", 24, 2, 512, true);
export const CLIENTS = settingNumber("SOAK_CLIENTS", 8, 1, 200, true);
/**
 * Each instance's V8 heap limit, as a production deployment sets it for its container. Without one, V8
 * on a machine with a lot of memory lets the heap grow by hundreds of MB between major collections
 * (measured here: heap used 236 → 352 MB, then 137 MB after a collection), and RSS follows that pacing
 * rather than what the process keeps. With it, RSS growth beyond the bound means memory outside the
 * heap (buffers, native allocations), and a leak in the heap ends in an out-of-memory crash, which the
 * soak counts as failed requests.
 */
export const HEAP_MB = settingNumber("SOAK_HEAP_MB", 512, 64, 16_384, true);
export const DURATION_MS = MINUTES * 60_000;
/** The level the RSS bound is measured from: after 30 s of the same traffic (half a shorter run). */
export const WARMUP_MS = Math.min(30_000, DURATION_MS / 2);
export const ADMIN_URL = process.env.SOAK_ADMIN_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
export const CREDITS_PER_CLIENT = 100_000_000;
/**
 * An instance fails when its RSS level at the end (endLevel) exceeds the after-warm-up level by more than
 * 25 % or 150 MB, whichever is larger. Why these figures: docs/reliability.md.
 */
export const RSS_BOUND = { fraction: 0.25, bytes: 150 * 1024 * 1024 };
export const WIDGET_ORIGIN = "http://localhost:8080";
