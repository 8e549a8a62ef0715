import { useEffect } from "react";
import {
  isRouteErrorResponse,
  type ShouldRevalidateFunction,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { Direction } from "radix-ui";
import { Toaster } from "sonner";
import { textDirection, toLanguageTag } from "../core/i18n/locales.ts";
import { messagesUrl } from "../core/i18n/message-catalog.ts";
import { publicScopeOf } from "../core/i18n/message-scope.ts";
import type { Route } from "./+types/root.ts";
import { Analytics, ConsentBanner, useNoTagManagerInStudio } from "./components/shell/analytics.tsx";
import { ErrorScreen } from "./components/shell/error-screen.tsx";
import { NavigationProgress } from "./components/shell/navigation-progress.tsx";
import { useNewBuildReload } from "./components/shell/new-build-reload.ts";
import { TOAST_TOP, useToastsBelowHeader } from "./components/ui/toast.ts";
import { CONSENT_COOKIE, parseConsent } from "./lib/consent-cookie.ts";
import {
  applyColourMode,
  COLOUR_MODE_COOKIE,
  colourModeScript,
  forcedColourMode,
  parseColourMode,
} from "./lib/colour-mode-cookie.ts";
import { requestInfoContext, servicesContext } from "./lib/context.ts";
import { parseCookies } from "./lib/cookies.ts";
import { studioGuard } from "./lib/guards.server.ts";
import { I18nProvider } from "./lib/i18n.tsx";
import {
  catalogueOrLast,
  loadCatalogue,
  registerCatalogue,
  warnCatalogueFailed,
} from "./lib/message-catalogues.ts";
import { LANG_PARAM } from "./lib/public-urls.ts";
import { requestLocale } from "./lib/request-locale.server.ts";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Every /studio document and data request passes the guard on the server first.
export const middleware: Route.MiddlewareFunction[] = [studioGuard];

/** A /studio page, or its data request (`/studio.data` is the dashboard's). */
function isStudioPath(url: URL) {
  const path = url.pathname.replace(/\.data$/, "");
  return path === "/studio" || path.startsWith("/studio/");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { nonce } = context.get(requestInfoContext);
  const cookies = parseCookies(request.headers.get("cookie"));
  const locale = requestLocale(request, services.i18n.offered);
  const url = new URL(request.url);
  const messages = services.i18n.messagesFor(locale);
  // The studio's catalogue travels by URL (SPEC §7), cached by the browser across pages; the server
  // renders with it from the registry. Public pages carry only the few texts they use, inline
  // (core/i18n/message-scope.ts): lighter than a second request on a first visit.
  const studioMessagesUrl = isStudioPath(url) ? messagesUrl(services.i18n, locale) : null;
  if (studioMessagesUrl) registerCatalogue(studioMessagesUrl, messages);
  return {
    locale,
    lang: toLanguageTag(locale),
    dir: textDirection(locale),
    messages: studioMessagesUrl ? null : services.i18n.publicMessagesFor(locale, publicScopeOf(url.pathname)),
    messagesUrl: studioMessagesUrl,
    // meta() runs without the I18n provider: the site's name and description in the visitor's language.
    appTitle: messages["app.title"] ?? "Reeltime",
    appDescription: messages["app.description"] ?? "",
    colourMode: parseColourMode(cookies[COLOUR_MODE_COOKIE]),
    consent: parseConsent(cookies[CONSENT_COOKIE]),
    gtmId: services.config.gtmId ?? null,
    baseUrl: services.config.baseUrl,
    nonce,
  };
}

/** A navigation to another language's catalogue loads it before rendering (the first one came with the document). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  if (data.messagesUrl) {
    const url = data.messagesUrl;
    await loadCatalogue(url).catch((error: unknown) => warnCatalogueFailed(url, error));
  }
  return data;
}

/**
 * The root data changes only with a preference form, when the allowed locales or the messages' scope
 * change (studio, a public page with texts of its own) or with ?lang=.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  formMethod
    ? defaultShouldRevalidate
    : isStudioPath(currentUrl) !== isStudioPath(nextUrl) ||
      publicScopeOf(currentUrl.pathname) !== publicScopeOf(nextUrl.pathname) ||
      currentUrl.searchParams.get(LANG_PARAM) !== nextUrl.searchParams.get(LANG_PARAM);

export function meta({ loaderData, location }: Route.MetaArgs) {
  const title = loaderData?.appTitle ?? "Reeltime";
  const description = loaderData?.appDescription ?? "";
  const image = `${loaderData?.baseUrl ?? ""}/og-image.png`;
  const pageUrl = `${loaderData?.baseUrl ?? ""}${location.pathname}`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Reeltime" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: title },
    { property: "og:url", content: pageUrl },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}

/** The visitor's colour preference and the mode a page may force through its route handle. */
function useColourMode() {
  const data = useRouteLoaderData<typeof loader>("root");
  const requestedForce = useMatches()
    .map((m) => (m.handle as { colourMode?: unknown } | undefined)?.colourMode)
    .findLast((mode) => mode !== undefined);
  return { preference: data?.colourMode ?? "system", forced: forcedColourMode(requestedForce) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { preference, forced } = useColourMode();
  // Explicit choices render on the server with the right class; "system" is settled by the head script.
  const serverDark = forced ? forced === "dark" : preference === "dark";
  // A new choice (or the system's own switch, while on "system") applies at once, without a reload.
  useEffect(() => {
    applyColourMode(preference, forced);
    if (preference !== "system" || forced) return;
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const follow = () => applyColourMode(preference, forced);
    media.addEventListener("change", follow);
    return () => media.removeEventListener("change", follow);
  }, [preference, forced]);
  return (
    <html
      lang={data?.lang ?? "en"}
      dir={data?.dir ?? "ltr"}
      className={serverDark ? "dark" : undefined}
      data-colour-preference={preference}
      data-colour-forced={forced}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/*
          With a precedence React sends the stylesheet first in <head>, before the scripts' modulepreloads:
          a phone on a slow network fetches what blocks the first paint before ~150 KB of JavaScript.
        */}
        <link rel="stylesheet" href={stylesheet} precedence="app" />
        <script nonce={data?.nonce} dangerouslySetInnerHTML={{ __html: colourModeScript }} />
        {data?.messagesUrl ? (
          // Fetched at once, in parallel with the scripts; entry.client.tsx waits for it before hydrating.
          <link rel="preload" href={data.messagesUrl} as="fetch" crossOrigin="anonymous" data-messages="" />
        ) : null}
        <Meta />
        {/* An explicit empty nonce: browsers hide nonce values, so the server's would never match on hydration. */}
        <Links nonce="" />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {data ? (
          <I18nProvider lang={data.lang} messages={data.messages ?? catalogueOrLast(data.messagesUrl)}>
            {/* Radix menus, selects and sheets read the direction from here, not from the document. */}
            <Direction.Provider dir={data.dir}>{children}</Direction.Provider>
          </I18nProvider>
        ) : (
          children
        )}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const { preference, forced } = useColourMode();
  // Consent and Google Tag Manager: only with a configured id, and never on /studio.
  const isStudio = isStudioPath(new URL(location.pathname, "http://x"));
  const analytics = !isStudio && loaderData.gtmId ? loaderData.gtmId : null;
  useNoTagManagerInStudio(isStudio);
  useNewBuildReload();
  useToastsBelowHeader();
  const rightToLeft = loaderData.dir === "rtl";
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <NavigationProgress />
      {analytics && loaderData.consent === null ? <ConsentBanner /> : null}
      <Outlet />
      {/* Toasts follow the page's colour mode (sonner would otherwise stay light on a dark page), at the
          top of the inline end (right, or left in right-to-left languages) below the header so they never
          cover its user menu. */}
      <Toaster
        position={rightToLeft ? "top-left" : "top-right"}
        dir={loaderData.dir}
        duration={4000}
        richColors
        closeButton
        theme={forced ?? preference}
        offset={rightToLeft ? { top: TOAST_TOP, left: 16 } : { top: TOAST_TOP, right: 16 }}
        mobileOffset={{ top: TOAST_TOP, right: 16, left: 16 }}
      />
      {analytics ? (
        <Analytics gtmId={analytics} consent={loaderData.consent} nonce={loaderData.nonce} />
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  if (isRouteErrorResponse(error)) {
    return (
      <ErrorScreen
        status={error.status}
        notFoundPath={error.status === 404 ? location.pathname : undefined}
      />
    );
  }
  return <ErrorScreen error={error} />;
}
