// The studio's request helpers: the signed-in session and services a loader or action gets, and the
// interface language's messages for text made on the server (CSV headers, downloads).
import type { RouterContextProvider } from "react-router";
import { toLanguageTag } from "../../core/i18n/locales.ts";
import { formatMessageRef, type MessageKey } from "../../core/i18n/message-ref.ts";
import type { AppServices } from "../../core/services.ts";
import { servicesContext } from "./context.ts";
import { requestLocale } from "./request-locale.server.ts";
import { studioSessionContext, type StudioSession } from "./studio-session.server.ts";

/** The services and the session (the guard middleware has let a signed-in user through). */
export function studioRequest(context: Readonly<RouterContextProvider>): {
  services: AppServices;
  session: StudioSession;
} {
  const session = context.get(studioSessionContext);
  if (!session) throw new Response(null, { status: 401 });
  return { services: context.get(servicesContext), session };
}

/** A message of the request's interface language (the one the studio's pages render in), by key. */
export type MessageText = (key: MessageKey) => string;

export function interfaceText(request: Request, services: AppServices): MessageText {
  const locale = requestLocale(request, services.i18n.offered);
  const messages = services.i18n.messagesFor(locale);
  return (key) => formatMessageRef(messages, key, toLanguageTag(locale));
}
