// The dashboard's credits part on the server: the effective client's balance, threshold, open requests
// and offers (getClientCredits), and a client admin's request for an offer.
import type { RouterContextProvider } from "react-router";
import { requestCreditsSchema } from "../../../core/credits/credit-schemas.ts";
import { getClientCredits } from "../../../core/credits/get-client-credits.ts";
import { requestCredits } from "../../../core/credits/request-credits.ts";
import type { AppServices } from "../../../core/services.ts";
import { readForm, readIntent, runForm, unknownIntent, successToast } from "../../lib/form-action.server.ts";
import type { StudioSession } from "../../lib/studio-session.server.ts";
import { studioRequest } from "../../lib/studio-request.server.ts";

export const DASHBOARD_INTENTS = ["requestCredits"] as const;

export async function loadClientCredits(services: AppServices, session: StudioSession, clientId: string) {
  const credits = await getClientCredits(services, session.actor, clientId);
  return {
    ...credits,
    pending: credits.pending.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
  };
}

export async function dashboardAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const form = await readForm(request);
  const intent = readIntent(form, DASHBOARD_INTENTS);
  if (!intent) return unknownIntent();
  return runForm(
    intent,
    form,
    requestCreditsSchema,
    (value) => requestCredits(services, session.actor, value),
    (purchase) =>
      successToast("studio.dashboard.creditsRequest.toast", {
        name: purchase.offerName,
        credits: purchase.credits,
      }),
  );
}
