import { ArrowLeft, ExternalLink, UserRoundCog } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { ClientForm } from "../../../components/studio/client-form.tsx";
import { MembersPanel } from "../../../components/studio/members-panel.tsx";
import { LocalTime } from "../../../components/shell/local-time.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { LinkButton } from "../../../components/ui/link-button.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { useToastFromData } from "../../../components/ui/toast.ts";
import { useT } from "../../../lib/i18n.tsx";
import { useUserContext } from "../../../lib/user-context.tsx";
import type { Route } from "./+types/client-detail.ts";
import { clientDetailAction, loadClientDetail } from "./client-detail.server.ts";
import { CLIENTS_PATH } from "./list-helpers.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.client.name ?? "Client"} · Reeltime` }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadClientDetail(params.clientId, context);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return clientDetailAction(params.clientId, request, context);
}

const sectionClass = "rounded-xl border border-slate-200 p-6 dark:border-slate-800";

export default function ClientDetail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const user = useUserContext();
  const location = useLocation();
  const { client } = loaderData;
  const self = `${CLIENTS_PATH}/${client.id}`;
  // A refused impersonation answers with a toast (a success navigates to the client).
  const impersonation = useFetcher({ key: `impersonate-${client.id}` });
  useToastFromData(impersonation.state === "idle" ? impersonation.data : undefined);

  // "Edit" in the list lands on #details: put the cursor in the form.
  useEffect(() => {
    if (location.hash === "#details")
      document.querySelector<HTMLInputElement>('#details input[name="name"]')?.focus();
  }, [location.hash]);

  return (
    <div className="space-y-8">
      <div>
        <Link
          to={CLIENTS_PATH}
          className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 underline-offset-4 hover:underline dark:text-slate-400"
        >
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {t("studio.clients.detail.back")}
        </Link>
        <PageHeader
          className="mb-0"
          title={client.name}
          description={
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone={client.status === "active" ? "primary" : "warning"}>
                {t(`studio.clients.status.${client.status}`)}
              </Badge>
              <span>
                <code>{client.slug}</code> · <LocalTime iso={client.createdAt} />
              </span>
            </span>
          }
          actions={
            <>
              {client.slug ? (
                <LinkButton to={`/studio/${client.slug}`}>
                  <ExternalLink aria-hidden="true" />
                  {t("studio.clients.action.clientPage")}
                </LinkButton>
              ) : null}
              <impersonation.Form method="post" action="/studio/session/impersonation">
                <input type="hidden" name="intent" value="start" />
                <input type="hidden" name="clientId" value={client.id} />
                <Button type="submit" variant="secondary">
                  <UserRoundCog aria-hidden="true" />
                  {t("studio.clients.action.impersonate")}
                </Button>
              </impersonation.Form>
            </>
          }
        />
      </div>

      <div className="grid gap-8 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <div className="space-y-8">
          <section id="details" aria-labelledby="details-heading" className={sectionClass}>
            <h2 id="details-heading" className="mb-4 text-lg font-semibold">
              {t("studio.clients.detail.details")}
            </h2>
            <ClientForm
              // A new client (or a saved slug) starts a fresh form.
              key={client.id}
              mode="edit"
              action={self}
              clientId={client.id}
              defaults={client}
              fetcherKey={`client-edit-${client.id}`}
              documentResult={actionData}
            />
          </section>

          <section
            aria-labelledby="danger-heading"
            className="rounded-xl border border-red-200 p-6 dark:border-red-900"
          >
            <h2 id="danger-heading" className="text-lg font-semibold">
              {t("studio.clients.detail.danger")}
            </h2>
            <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">
              {t("studio.clients.detail.dangerHint")}
            </p>
            <ConfirmDialog
              trigger={t("studio.clients.action.delete")}
              title={t("studio.clients.delete.title", { name: client.name })}
              description={t("studio.clients.delete.description", { count: client.memberCount })}
              confirmLabel={t("studio.clients.delete.confirm")}
              action={self}
              fields={{ intent: "delete", clientId: client.id, name: client.name }}
            />
          </section>
        </div>

        <section aria-label={t("studio.clients.detail.members")} className={sectionClass}>
          <MembersPanel
            members={loaderData.members}
            invitations={loaderData.invitations}
            canManage
            currentProfileId={user.userProfile.id}
          />
        </section>
      </div>
    </div>
  );
}
