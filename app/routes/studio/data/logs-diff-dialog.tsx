// A change's details: who did what, where and when, and the fields it changed (before and after).
import { LocalTime } from "../../../components/shell/local-time.tsx";
import { Badge, type BadgeTone } from "../../../components/ui/badge.tsx";
import { cx, focusRing } from "../../../components/ui/cx.ts";
import { useT, type MessageKey } from "../../../lib/i18n.tsx";
import type { AuditDiffEntry, AuditDiffStatus } from "../../../../core/audit/audit-diff.ts";
import type { Route } from "./+types/logs.ts";
import { LogDialogContent } from "./logs-dialog.tsx";

export type AuditRow = NonNullable<Route.ComponentProps["loaderData"]["audit"]>["rows"][number];

/** A row without an actor: a failed sign-in came from someone not signed in, the rest from the system. */
export const noActorLabel = (action: string): MessageKey =>
  action.startsWith("auth.") ? "studio.logs.anonymous" : "studio.logs.system";

const DIFF_LABELS: Record<AuditDiffStatus, MessageKey> = {
  changed: "studio.logs.diff.changed",
  added: "studio.logs.diff.added",
  removed: "studio.logs.diff.removed",
  unchanged: "studio.logs.diff.unchanged",
};
const DIFF_TONES: Record<AuditDiffStatus, BadgeTone> = {
  changed: "info",
  added: "primary",
  removed: "danger",
  unchanged: "neutral",
};

function DiffValue({ value }: { value: string | null }) {
  const t = useT();
  if (value === null)
    return <span className="text-sm text-slate-600 dark:text-slate-400">{t("studio.logs.diff.absent")}</span>;
  return (
    <pre className="rounded-md bg-slate-100 p-2 text-xs whitespace-pre-wrap break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100">
      {value}
    </pre>
  );
}

function DiffEntries({ entries }: { entries: readonly AuditDiffEntry[] }) {
  const t = useT();
  return (
    <table className="w-full table-fixed border-collapse text-start text-sm">
      <thead>
        <tr className="border-b border-slate-200 dark:border-slate-700">
          <th scope="col" className="w-1/4 py-2 pe-2 text-start font-semibold">
            {t("studio.logs.diff.field")}
          </th>
          <th scope="col" className="py-2 pe-2 text-start font-semibold">
            {t("studio.logs.diff.before")}
          </th>
          <th scope="col" className="py-2 text-start font-semibold">
            {t("studio.logs.diff.after")}
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.field} className="border-b border-slate-200 align-top dark:border-slate-800">
            <th scope="row" className="py-2 pe-2 text-start font-normal">
              <code className="block break-all">{entry.field || t("studio.logs.diff.value")}</code>
              <Badge tone={DIFF_TONES[entry.status]} className="mt-1">
                {t(DIFF_LABELS[entry.status])}
              </Badge>
            </th>
            <td className="py-2 pe-2">
              <DiffValue value={entry.before} />
            </td>
            <td className="py-2">
              <DiffValue value={entry.after} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DiffDialog({ row }: { row: AuditRow }) {
  const t = useT();
  const changed = row.diff.filter((entry) => entry.status !== "unchanged");
  const unchanged = row.diff.filter((entry) => entry.status === "unchanged");
  return (
    <LogDialogContent
      className="max-w-3xl"
      title={t("studio.logs.diff.title", { action: row.action })}
      description={t("studio.logs.diff.description", {
        actor: row.actorName ?? row.actorEmail ?? t(noActorLabel(row.action)),
      })}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">{t("studio.logs.col.at")}</dt>
        <dd>
          <LocalTime iso={row.at} />
        </dd>
        <dt className="font-medium">{t("studio.logs.col.entity")}</dt>
        <dd className="break-all">{[row.entityType, row.entityId].filter(Boolean).join(" · ") || "—"}</dd>
        <dt className="font-medium">{t("studio.logs.col.client")}</dt>
        <dd>{row.clientName ?? "—"}</dd>
        <dt className="font-medium">{t("studio.logs.col.actor")}</dt>
        <dd>
          {[row.actorName, row.actorEmail].filter(Boolean).join(" · ") || t(noActorLabel(row.action))}
          {row.impersonating ? ` (${t("studio.logs.impersonating")})` : ""}
        </dd>
        <dt className="font-medium">{t("studio.logs.col.ip")}</dt>
        <dd>{row.ip ?? "—"}</dd>
        <dt className="font-medium">{t("studio.logs.col.requestId")}</dt>
        <dd className="break-all">{row.requestId ?? "—"}</dd>
      </dl>
      {row.diff.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("studio.logs.diff.none")}</p>
      ) : (
        <>
          {changed.length ? (
            <DiffEntries entries={changed} />
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">{t("studio.logs.diff.noChanges")}</p>
          )}
          {unchanged.length ? (
            <details className="text-sm">
              <summary className={cx("cursor-pointer rounded font-medium", focusRing)}>
                {t("studio.logs.diff.unchangedFields", { count: unchanged.length })}
              </summary>
              <DiffEntries entries={unchanged} />
            </details>
          ) : null}
        </>
      )}
    </LogDialogContent>
  );
}
