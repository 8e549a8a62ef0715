// The profile's memberships section: the clients the user belongs to, with a way to leave each.
import { Users } from "lucide-react";
import { Link } from "react-router";
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
import type { ProfileMembership } from "./profile.server.ts";
import { ConfirmedActionError, iconClass, PROFILE_ACTION, Section } from "./profile-section.tsx";

export function MembershipsSection({
  memberships,
  isSuperAdmin,
}: {
  memberships: ProfileMembership[];
  isSuperAdmin: boolean;
}) {
  const t = useT();
  return (
    <Section
      icon={<Users aria-hidden="true" className={iconClass} />}
      title={t("studio.profile.memberships.title")}
      description={t("studio.profile.memberships.description")}
    >
      {isSuperAdmin ? (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
          {t("studio.profile.memberships.superAdminNote")}
        </p>
      ) : null}
      <ConfirmedActionError intents={["leave-client"]} />
      {memberships.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("studio.profile.memberships.none")}</p>
      ) : (
        <Table data-testid="memberships" caption={t("studio.profile.memberships.title")} captionHidden>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("studio.profile.memberships.client")}</TableHeaderCell>
              <TableHeaderCell>{t("studio.profile.memberships.role")}</TableHeaderCell>
              <TableHeaderCell>{t("studio.profile.memberships.since")}</TableHeaderCell>
              <TableHeaderCell align="end">
                <span className="sr-only">{t("ui.table.actions")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {memberships.map((membership) => (
              <TableRow key={membership.clientId}>
                <TableCell>
                  {membership.slug ? (
                    <Link
                      to={`/studio/${membership.slug}`}
                      className="font-medium text-primary-800 underline dark:text-primary-300"
                    >
                      {membership.name}
                    </Link>
                  ) : (
                    membership.name
                  )}
                </TableCell>
                <TableCell>
                  <Badge>{t(`studio.role.${membership.role}`)}</Badge>
                </TableCell>
                <TableCell>
                  <LocalTime iso={membership.since} />
                </TableCell>
                <TableCell align="end">
                  <ConfirmDialog
                    title={t("studio.profile.memberships.confirmLeave", { client: membership.name })}
                    description={t("studio.profile.memberships.confirmLeaveDescription")}
                    confirmLabel={t("studio.profile.memberships.leave")}
                    action={PROFILE_ACTION}
                    fields={{ [INTENT_FIELD]: "leave-client", clientId: membership.clientId }}
                    trigger={t("studio.profile.memberships.leave")}
                    triggerLabel={t("studio.profile.memberships.leaveLabel", { client: membership.name })}
                    triggerVariant="outline"
                    triggerSize="sm"
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
