// The dashboard's credits part on the server: the effective client's balance, threshold, open requests
// and offers (getClientCredits), and a client admin's request for an offer.
import type { RouterContextProvider } from "react-router";
import { requestCreditsSchema } from "../../../core/credits/credit-schemas.ts";
import { getClientCredits } from "../../../core/credits/get-client-credits.ts";
import { requestCredits } from "../../../core/credits/request-credits.ts";
import type { AppServices } from "../../../core/services.ts";
import { readForm, successToast } from "../../lib/form-action.server.ts";
import { formIntent, runIntent, studioActor } from "../../lib/list-route.server.ts";
import type { StudioSession } from "../../lib/studio-session.server.ts";

export async function loadClientCredits(services: AppServices, session: StudioSession, clientId: string) {
  const credits = await getClientCredits(services, session.actor, clientId);
  return {
    ...credits,
    pending: credits.pending.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
  };
}

const DASHBOARD_INTENTS = {
  requestCredits: formIntent(requestCreditsSchema, requestCredits, (purchase) =>
    successToast("studio.dashboard.creditsRequest.toast", {
      name: purchase.offerName,
      credits: purchase.credits,
    }),
  ),
};

export async function dashboardAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  return runIntent(await readForm(request), DASHBOARD_INTENTS, services, actor);
}
