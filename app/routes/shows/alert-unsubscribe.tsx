// /alerts/unsubscribe?token=…: the List-Unsubscribe address of every alert e-mail. A POST (the mail
// provider's one-click button, RFC 8058, or this page's button) unsubscribes at once; GET shows the button.
import { data as response } from "react-router";
import { servicesContext } from "../../lib/context.ts";
import { useT } from "../../lib/i18n.tsx";
import type { Route } from "./+types/alert-unsubscribe.ts";
import { OUTCOME_STATUS, unsubscribeFromLink } from "./alert-link.server.ts";
import { AlertLinkPage } from "./alert-link-page.tsx";

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await unsubscribeFromLink(context.get(servicesContext), request);
  return response({ outcome }, { status: OUTCOME_STATUS[outcome] });
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export default function AlertUnsubscribePage({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AlertLinkPage
      title={t("follow.unsubscribe.title")}
      intro={t("follow.unsubscribe.intro")}
      button={t("follow.unsubscribe.button")}
      done={t("follow.unsubscribe.done")}
      outcome={actionData?.outcome}
    />
  );
}
