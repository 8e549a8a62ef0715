// The profile's sessions section: where the user is signed in, with a way to sign each (or all others) out.
import { LogOut, MonitorSmartphone } from "lucide-react";
import { LocalTime } from "../../../components/shell/local-time.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui/table.tsx";
import { INTENT_FIELD } from "../../../lib/forms.ts";
import { useT } from "../../../lib/i18n.tsx";
import { describeUserAgent } from "../../../lib/user-agent.ts";
import type { ProfileSession } from "./profile.server.ts";
import { ConfirmedActionError, iconClass, PROFILE_ACTION, Section } from "./profile-section.tsx";

type T = ReturnType<typeof useT>;

function deviceName(t: T, userAgent: string | null) {
  const { browser, os } = describeUserAgent(userAgent);
  if (!browser && !os) return t("studio.profile.sessions.unknownDevice");
  const unknown = t("studio.profile.sessions.unknown");
  return t("studio.profile.sessions.deviceName", { browser: browser ?? unknown, os: os ?? unknown });
}

export function SessionsSection({ sessions }: { sessions: ProfileSession[] }) {
  const t = useT();
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Section
      icon={<MonitorSmartphone aria-hidden="true" className={iconClass} />}
      title={t("studio.profile.sessions.title")}
      description={t("studio.profile.sessions.description")}
      actions={
        others > 0 ? (
          <ConfirmDialog
            title={t("studio.profile.sessions.confirmRevokeOthers")}
            description={t("studio.profile.sessions.confirmRevokeOthersDescription", { count: others })}
            confirmLabel={t("studio.profile.sessions.revokeOthers")}
            action={PROFILE_ACTION}
            fields={{ [INTENT_FIELD]: "revoke-other-sessions" }}
            trigger={
              <>
                <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
                {t("studio.profile.sessions.revokeOthers")}
              </>
            }
            triggerVariant="outline"
            triggerSize="sm"
          />
        ) : null
      }
    >
      <ConfirmedActionError intents={["revoke-session", "revoke-other-sessions"]} />
      <Table data-testid="sessions" caption={t("studio.profile.sessions.title")} captionHidden>
        <TableHead>
          <TableRow>
            <TableHeaderCell>{t("studio.profile.sessions.device")}</TableHeaderCell>
            <TableHeaderCell>{t("studio.profile.sessions.ip")}</TableHeaderCell>
            <TableHeaderCell>{t("studio.profile.sessions.created")}</TableHeaderCell>
            <TableHeaderCell>{t("studio.profile.sessions.lastActive")}</TableHeaderCell>
            <TableHeaderCell align="end">
              <span className="sr-only">{t("ui.table.actions")}</span>
            </TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sessions.map((session) => {
            const device = deviceName(t, session.userAgent);
            return (
              <TableRow key={session.id} data-current={session.current || undefined}>
                <TableCell>
                  <div className="flex flex-wrap items-center gap-2">
                    <span title={session.userAgent ?? undefined}>{device}</span>
                    {session.current ? (
                      <Badge tone="primary">{t("studio.profile.sessions.current")}</Badge>
                    ) : null}
                  </div>
                </TableCell>
                <TableCell className="font-mono text-xs">{session.ipAddress || "—"}</TableCell>
                <TableCell>
                  <LocalTime iso={session.createdAt} />
                </TableCell>
                <TableCell>
                  <LocalTime iso={session.lastActiveAt} />
                </TableCell>
                <TableCell align="end">
                  {session.current ? null : (
                    <ConfirmDialog
                      title={t("studio.profile.sessions.confirmRevoke")}
                      description={t("studio.profile.sessions.confirmRevokeDescription", {
                        device,
                        ip: session.ipAddress || "—",
                      })}
                      confirmLabel={t("studio.profile.sessions.revoke")}
                      action={PROFILE_ACTION}
                      fields={{ [INTENT_FIELD]: "revoke-session", sessionId: session.id }}
                      trigger={t("studio.profile.sessions.revoke")}
                      triggerLabel={t("studio.profile.sessions.revokeLabel", {
                        device,
                        ip: session.ipAddress || "—",
                      })}
                      triggerVariant="outline"
                      triggerSize="sm"
                    />
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {others === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t("studio.profile.sessions.none")}</p>
      ) : null}
    </Section>
  );
}
