// An audit row's before/after as a field-by-field diff for the logs page: each top-level field
// changed, added, removed or unchanged, values as readable (indented) JSON, and anything under a key
// that looks like a secret replaced, so no secret reaches the browser even if a row held one.
// Browser-safe: no database here.

export type AuditDiffStatus = "changed" | "added" | "removed" | "unchanged";
export type AuditDiffEntry = {
  /** the field name; "" when before/after are not objects (the value as a whole) */
  field: string;
  status: AuditDiffStatus;
  /** indented JSON, null when the field is absent on that side */
  before: string | null;
  after: string | null;
};

export const REDACTED = "[redacted]";
const SECRET_KEY = /password|secret|token|hash/i;

/** `value` with every property whose key names a secret replaced by "[redacted]", at any depth. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        SECRET_KEY.test(key) ? REDACTED : redactSecrets(inner),
      ]),
    );
  }
  return value;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const show = (value: unknown) => (value === undefined ? null : JSON.stringify(value, null, 2));

/** The fields of before and after, in before's order then after's new ones; changed fields first. */
export function auditDiff(before: unknown, after: unknown): AuditDiffEntry[] {
  const b = redactSecrets(before ?? undefined);
  const a = redactSecrets(after ?? undefined);
  if (b === undefined && a === undefined) return [];
  if (!(isRecord(b) || b === undefined) || !(isRecord(a) || a === undefined)) {
    const status: AuditDiffStatus =
      b === undefined ? "added" : a === undefined ? "removed" : show(b) === show(a) ? "unchanged" : "changed";
    return [{ field: "", status, before: show(b), after: show(a) }];
  }
  const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  const entries = fields.map((field): AuditDiffEntry => {
    const inBefore = b !== undefined && Object.hasOwn(b, field);
    const inAfter = a !== undefined && Object.hasOwn(a, field);
    const before = inBefore ? show(b[field]) : null;
    const after = inAfter ? show(a[field]) : null;
    const status: AuditDiffStatus = !inBefore
      ? "added"
      : !inAfter
        ? "removed"
        : before === after
          ? "unchanged"
          : "changed";
    return { field, status, before, after };
  });
  const order: Record<AuditDiffStatus, number> = { changed: 0, added: 1, removed: 2, unchanged: 3 };
  return entries.sort((x, y) => order[x.status] - order[y.status]);
}
