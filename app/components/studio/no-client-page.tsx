// A client's page (API keys, domains) while no client is chosen: its header and an empty state that
// says how to choose one (a super admin is sent to the clients page).
import { Users } from "lucide-react";
import { useT } from "../../lib/i18n.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { PageHeader } from "../ui/page-header.tsx";

/** The page's messages: `<page>.title`, `.description` and `.noClient.{title,hint,hintMember,action}`. */
export type NoClientPageMessages = "studio.apiKeys" | "studio.domains";

export function NoClientPage({ page, isSuperAdmin }: { page: NoClientPageMessages; isSuperAdmin: boolean }) {
  const t = useT();
  return (
    <div>
      <PageHeader title={t(`${page}.title`)} description={t(`${page}.description`)} />
      <EmptyState
        icon={Users}
        title={t(`${page}.noClient.title`)}
        hint={t(isSuperAdmin ? `${page}.noClient.hint` : `${page}.noClient.hintMember`)}
        action={
          isSuperAdmin ? (
            <LinkButton to="/studio/config/clients" variant="primary">
              {t(`${page}.noClient.action`)}
            </LinkButton>
          ) : null
        }
      />
    </div>
  );
}
