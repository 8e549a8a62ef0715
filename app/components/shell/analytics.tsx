import { ChevronRight } from "lucide-react";
import { useEffect, useId } from "react";
import { Form, Link, useLocation } from "react-router";
import {
  ALL_DENIED,
  allowsTagManager,
  CONSENT_CATEGORIES,
  consentModeState,
  parseConsent,
  serializeConsent,
  type Consent,
  type ConsentChoice,
} from "../../lib/consent-cookie.ts";
import { useT } from "../../lib/i18n.tsx";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** `{ad_storage:'denied',…}`: the Consent Mode state as a literal for the inline script. */
function scriptLiteral(state: Record<string, string>) {
  return `{${Object.entries(state)
    .map(([key, value]) => `${key}:'${value}'`)
    .join(",")}}`;
}

const GTM_START = "window.dataLayer.push({'gtm.start':new Date().getTime(),event:'gtm.js'});";

/**
 * The inline bootstrap: Consent Mode defaults to denied for every signal, then the stored choice (if
 * any) updates it, and GTM's start event is queued only when the choice lets GTM load at all.
 */
export function tagManagerBootstrap(consent: Consent) {
  const defaults = `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('consent','default',${scriptLiteral(consentModeState(ALL_DENIED))});`;
  if (!consent || !allowsTagManager(consent)) return defaults;
  return `${defaults}gtag('consent','update',${scriptLiteral(consentModeState(consent))});${GTM_START}`;
}

/** Whether GTM was started in this document (the bootstrap or a later choice queued its start event). */
function tagManagerStarted() {
  return (window.dataLayer ?? []).some(
    (entry) => typeof entry === "object" && entry !== null && "gtm.start" in entry,
  );
}

/** A choice made after the page loaded (the form posts, the root data revalidates): tell Consent Mode. */
function useConsentUpdates(consent: Consent) {
  // The serialized choice, not the object, which is new on every revalidation.
  const stored = consent ? serializeConsent(consent) : undefined;
  useEffect(() => {
    const choice = parseConsent(stored);
    if (!choice || !window.gtag) return;
    window.gtag("consent", "update", consentModeState(choice));
    if (allowsTagManager(choice) && !tagManagerStarted()) {
      window.dataLayer?.push({ "gtm.start": Date.now(), event: "gtm.js" });
    }
  }, [stored]);
}

/**
 * GTM cannot be unloaded from a page: a client-side move into /studio after it started takes a fresh
 * document, so nothing from Google runs on studio pages.
 */
export function useNoTagManagerInStudio(isStudio: boolean) {
  useEffect(() => {
    if (isStudio && tagManagerStarted()) window.location.reload();
  }, [isStudio]);
}

/**
 * Google Tag Manager (rendered by the root only outside /studio and with a configured id), with
 * Consent Mode v2; its script loads only once the visitor allowed analytics or marketing.
 */
export function Analytics(props: { gtmId: string; consent: Consent; nonce: string }) {
  useConsentUpdates(props.consent);
  return (
    <>
      <script nonce={props.nonce} dangerouslySetInnerHTML={{ __html: tagManagerBootstrap(props.consent) }} />
      {allowsTagManager(props.consent) ? (
        <script
          nonce={props.nonce}
          async
          src={`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(props.gtmId)}`}
        />
      ) : null}
    </>
  );
}

/** The categories as checkboxes: "necessary" shown always on, the optional ones as `choice` has them. */
export function ConsentCategoryFields({ choice }: { choice: ConsentChoice }) {
  const t = useT();
  const id = useId();
  const rows = [
    { category: "necessary" as const, checked: true, locked: true },
    ...CONSENT_CATEGORIES.map((category) => ({ category, checked: choice[category], locked: false })),
  ];
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-semibold">{t("consent.categories")}</legend>
      {rows.map(({ category, checked, locked }) => (
        <div key={category} className="flex items-start gap-2">
          <input
            id={`${id}-${category}`}
            type="checkbox"
            name={locked ? undefined : category}
            defaultChecked={checked}
            disabled={locked}
            aria-describedby={`${id}-${category}-description`}
            className="mt-1 size-4 accent-primary-700 dark:accent-primary-400"
          />
          <div className="text-sm">
            <label htmlFor={`${id}-${category}`} className="font-medium">
              {t(`cookies.category.${category}`)}
              {locked ? ` ${t("consent.alwaysOn")}` : null}
            </label>
            <p id={`${id}-${category}-description`} className="text-slate-700 dark:text-slate-300">
              {t(`consent.description.${category}`)}
            </p>
          </div>
        </div>
      ))}
    </fieldset>
  );
}

/** Accept and reject: equally prominent, as the choice must be free. */
export const CONSENT_BUTTON =
  "rounded-md bg-primary-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-primary-800 dark:bg-primary-400 dark:text-slate-950 dark:hover:bg-primary-300";
export const CONSENT_SECONDARY_BUTTON =
  "rounded-md border border-slate-500 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-400 dark:hover:bg-slate-800";

/**
 * Asks for consent until the visitor chose: accept all, reject all, or choose per category. Plain
 * forms (they work without JavaScript), in the page flow at the top so it never covers content.
 */
export function ConsentBanner() {
  const t = useT();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <section
      aria-labelledby="consent-banner-title"
      data-testid="consent-banner"
      className="border-b border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="mx-auto max-w-6xl space-y-3 px-4 py-4">
        <p id="consent-banner-title" className="font-semibold">
          {t("consent.title")}
        </p>
        <p className="text-sm">
          {t("consent.text")}{" "}
          <Link to="/cookieverklaring" className="underline">
            {t("consent.statementLink")}
          </Link>
        </p>
        <div className="flex flex-wrap items-start gap-2">
          <Form
            method="post"
            action="/preferences/consent"
            preventScrollReset
            className="flex flex-wrap gap-2"
          >
            <input type="hidden" name="redirectTo" value={here} />
            <button name="consent" value="accept" className={CONSENT_BUTTON}>
              {t("consent.acceptAll")}
            </button>
            <button name="consent" value="reject" className={CONSENT_BUTTON}>
              {t("consent.rejectAll")}
            </button>
          </Form>
          <details className="group open:basis-full">
            <summary className={`inline-flex cursor-pointer items-center gap-1 ${CONSENT_SECONDARY_BUTTON}`}>
              <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
              {t("consent.choose")}
            </summary>
            <Form method="post" action="/preferences/consent" preventScrollReset className="mt-3 space-y-3">
              <input type="hidden" name="redirectTo" value={here} />
              <ConsentCategoryFields choice={ALL_DENIED} />
              <button name="consent" value="choose" className={CONSENT_SECONDARY_BUTTON}>
                {t("consent.save")}
              </button>
            </Form>
          </details>
        </div>
      </div>
    </section>
  );
}
