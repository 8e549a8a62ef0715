// /alerts/confirm?token=…: the confirmation e-mail's link. GET shows the button; POST confirms.
import { data as response } from "react-router";
import { servicesContext } from "../../lib/context.ts";
import { useT } from "../../lib/i18n.tsx";
import type { Route } from "./+types/alert-confirm.ts";
import { confirmFromLink, OUTCOME_STATUS } from "./alert-link.server.ts";
import { AlertLinkPage } from "./alert-link-page.tsx";

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await confirmFromLink(context.get(servicesContext), request);
  return response({ outcome }, { status: OUTCOME_STATUS[outcome] });
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export default function AlertConfirmPage({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AlertLinkPage
      title={t("follow.confirm.title")}
      intro={t("follow.confirm.intro")}
      button={t("follow.confirm.button")}
      done={t("follow.confirm.done")}
      outcome={actionData?.outcome}
    />
  );
}
