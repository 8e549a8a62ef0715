import { Form } from "react-router";
import type { Consent } from "../../lib/consent.ts";
import { useT } from "../../lib/i18n.tsx";

/**
 * Google Tag Manager, only outside /studio, only with a configured id, and with Consent Mode:
 * analytics storage stays denied until the visitor agrees (the banner posts to /preferences/consent).
 */
export function Analytics(props: { gtmId: string; consent: Consent; nonce: string }) {
  const t = useT();
  const granted = props.consent === "granted";
  const bootstrap = `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('consent','default',{ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied',analytics_storage:'${granted ? "granted" : "denied"}'});`;
  return (
    <>
      <script nonce={props.nonce} dangerouslySetInnerHTML={{ __html: bootstrap }} />
      {granted ? (
        <script
          nonce={props.nonce}
          async
          src={`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(props.gtmId)}`}
        />
      ) : null}
      {props.consent === "unset" ? (
        <Form
          method="post"
          action="/preferences/consent"
          navigate={false}
          className="fixed inset-x-4 bottom-4 z-40 mx-auto flex max-w-2xl flex-wrap items-center gap-3 rounded-lg border border-slate-300 bg-white p-4 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          aria-label={t("consent.title")}
        >
          <p className="flex-1 text-sm">{t("consent.text")}</p>
          <button
            name="consent"
            value="denied"
            className="rounded-md border border-slate-400 px-3 py-1.5 text-sm"
          >
            {t("consent.deny")}
          </button>
          <button
            name="consent"
            value="granted"
            className="rounded-md bg-primary-700 px-3 py-1.5 text-sm text-white"
          >
            {t("consent.accept")}
          </button>
        </Form>
      ) : null}
    </>
  );
}
