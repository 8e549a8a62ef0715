import { Building2, Clapperboard, LogOut, Menu, ShieldAlert, UserRound, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  Form,
  NavLink,
  Outlet,
  useFetcher,
  useLocation,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { clientTimeZone } from "../../core/account/client-time-zone.ts";
import { localeOptions, type LocaleOption } from "../../core/i18n/locale-names.ts";
import { TimeZoneSync } from "../components/shell/local-time.tsx";
import { ColourModeSwitcher, InterfaceLocaleSwitcher } from "../components/shell/preference-forms.tsx";
import { cx } from "../components/ui/cx.ts";
import { FetcherToasts, useToastFromData } from "../components/ui/toast.ts";
import { servicesContext } from "../lib/context.ts";
import { useT } from "../lib/i18n.tsx";
import { clientNav, visibleNav } from "../lib/studio-nav.ts";
import { studioSessionContext } from "../lib/studio-session.server.ts";
import { signOutAndLeave } from "../lib/sign-out.ts";
import { UserContextProvider, useUserContext, type UserContextData } from "../lib/user-context.tsx";
import type { Route } from "./+types/admin-layout.ts";

/** The "admin" layout: every signed-in /studio page. The guard has already let the user in. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = context.get(studioSessionContext);
  const services = context.get(servicesContext);
  if (!session) throw new Response(null, { status: 401 });
  const data: UserContextData = {
    user: { id: session.user.id, name: session.user.name, email: session.user.email },
    userProfile: {
      id: session.profile.id,
      user_id: session.profile.user_id,
      is_super_admin: session.profile.is_super_admin,
    },
    clientList: session.clientList,
    activeClient: session.activeClient,
    impersonatedClient: session.impersonatedClient,
  };
  // Only the finished languages (the locale files with every key).
  return {
    ...data,
    localeOptions: localeOptions(services.i18n.offered),
    // Times render in this zone on the server and in the browser (app/components/shell/local-time.tsx).
    timeZone: session.profile.timeZone,
    // Until the profile keeps one: the client's country's zone, not UTC (the browser's replaces it).
    fallbackTimeZone: session.profile.timeZone
      ? null
      : await clientTimeZone(services, session.effectiveClient?.id),
  };
}

/**
 * Also when the client in the address changes: opening another client's page acts as that client
 * (a member's choice, or a super admin's impersonation), and the header and banner must say so.
 */
export function shouldRevalidate({
  currentParams,
  nextParams,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentParams.slug !== nextParams.slug;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <UserContextProvider data={loaderData}>
      <StudioFrame localeOptions={loaderData.localeOptions} />
    </UserContextProvider>
  );
}

function StudioFrame({ localeOptions }: { localeOptions: LocaleOption[] }) {
  const t = useT();
  const user = useUserContext();
  // Stopping an impersonation redirects; a refusal answers with a toast.
  const stop = useFetcher({ key: "stop-impersonation" });
  useToastFromData(stop.state === "idle" ? stop.data : undefined);
  const { menuOpen, setMenuOpen, menuButton } = usePhoneMenu();
  return (
    <div className="flex min-h-screen flex-col">
      {user.isImpersonating && user.impersonatedClient ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-center gap-3 bg-amber-400 px-4 py-2 text-sm font-medium text-slate-950"
          data-testid="impersonation-banner"
        >
          <ShieldAlert aria-hidden="true" className="size-4" />
          {t("studio.impersonating", { client: user.impersonatedClient.name })}
          <stop.Form method="post" action="/studio/session/impersonation">
            <input type="hidden" name="intent" value="stop" />
            <button type="submit" className="rounded border border-slate-950 px-2 py-0.5 hover:bg-amber-300">
              {t("studio.stopImpersonating")}
            </button>
          </stop.Form>
        </div>
      ) : null}
      <header className="relative border-b border-slate-200 dark:border-slate-800">
        {/* One row on a phone: the menu button, the studio and the client; the rest is in the menu. */}
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 md:flex-wrap">
          <div className="flex min-w-0 items-center gap-3 md:gap-4">
            <button
              ref={menuButton}
              type="button"
              aria-expanded={menuOpen}
              aria-controls={MENU_ID}
              onClick={() => setMenuOpen(!menuOpen)}
              className="-ms-1 rounded-md p-1.5 hover:bg-slate-100 md:hidden dark:hover:bg-slate-800"
            >
              {menuOpen ? (
                <X aria-hidden="true" className="size-6" />
              ) : (
                <Menu aria-hidden="true" className="size-6" />
              )}
              <span className="sr-only">{t("studio.nav.menu")}</span>
            </button>
            <NavLink to="/studio" end className="flex shrink-0 items-center gap-2 font-bold">
              <Clapperboard aria-hidden="true" className="size-6 text-primary-700 dark:text-primary-400" />
              <span className="max-sm:sr-only">{t("studio.title")}</span>
            </NavLink>
            <ClientSwitcher />
          </div>
          <div
            id={MENU_ID}
            className={cx(
              "md:block",
              menuOpen
                ? "max-md:absolute max-md:inset-x-0 max-md:top-full max-md:z-40 max-md:max-h-[calc(100dvh-4rem)] max-md:overflow-y-auto max-md:border-b max-md:border-slate-200 max-md:bg-white max-md:p-4 max-md:shadow-lg dark:max-md:border-slate-800 dark:max-md:bg-slate-950"
                : "max-md:hidden",
            )}
          >
            <div className="flex flex-wrap items-center gap-3">
              <InterfaceLocaleSwitcher options={localeOptions} />
              <ColourModeSwitcher />
              <ProfileMenu />
            </div>
            <StudioNav className="mt-4 md:hidden" />
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 md:flex-row">
        <StudioNav className="max-md:hidden md:w-56 md:shrink-0" />
        <main className="min-w-0 flex-1" id="main">
          <Outlet />
        </main>
        <FetcherToasts />
        <TimeZoneSync />
      </div>
    </div>
  );
}

const MENU_ID = "studio-menu";

/**
 * The phone's menu (below md): opened by its button, closed by it, by Escape (focus back on the
 * button) and by going to another page.
 */
function usePhoneMenu() {
  const location = useLocation();
  // Open on the page it was opened on: going to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.key;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? location.key : null);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);
  return { menuOpen, setMenuOpen, menuButton };
}

/** The studio's navigation: beside the page from md up, in the phone's menu below it. */
function StudioNav({ className }: { className?: string }) {
  const t = useT();
  const user = useUserContext();
  // Acting as a client, a super admin sees the studio as its members do: no platform menu (the banner
  // stops the impersonation; the platform pages stay reachable by their addresses).
  const items = visibleNav(user.isSuperadmin && !user.isImpersonating);
  const sections = [
    { key: "client", label: t("studio.nav.sectionClient") },
    { key: "platform", label: t("studio.nav.sectionPlatform") },
    { key: "account", label: t("studio.nav.sectionAccount") },
  ] as const;
  return (
    <nav aria-label={t("studio.nav.label")} className={className}>
      {sections.map((section) => {
        const sectionItems = items.filter((i) => i.section === section.key);
        const clientHome =
          section.key === "client" && user.effectiveClient?.slug
            ? [
                { to: `/studio/${user.effectiveClient.slug}`, text: user.effectiveClient.name },
                ...clientNav(user.effectiveClient.slug).map((i) => ({ to: i.to, text: t(i.label) })),
              ]
            : [];
        if (sectionItems.length === 0 && clientHome.length === 0) return null;
        return (
          <div key={section.key} className="mb-4">
            <p className="mb-1 px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
              {section.label}
            </p>
            <ul className="space-y-0.5">
              {[...sectionItems.map((i) => ({ to: i.to, text: t(i.label) })), ...clientHome].map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    className="block rounded-md px-2 py-1.5 text-sm hover:bg-slate-100 aria-[current=page]:bg-primary-100 aria-[current=page]:font-semibold aria-[current=page]:text-primary-900 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-primary-900 dark:aria-[current=page]:text-primary-100"
                  >
                    {item.text}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

function ClientSwitcher() {
  const t = useT();
  const user = useUserContext();
  const location = useLocation();
  // Switching redirects; a refusal (no longer a member) answers with a toast.
  const switcher = useFetcher({ key: "active-client" });
  useToastFromData(switcher.state === "idle" ? switcher.data : undefined);
  // A super admin's client is the impersonated one (the banner names it): no client, no role.
  const role = user.role ? t(`studio.role.${user.role}`) : null;
  if (user.clientList.length <= 1 && !user.isSuperadmin) {
    return user.effectiveClient ? (
      <p className="flex min-w-0 items-center gap-2 text-sm" data-testid="effective-client">
        <Building2 aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <span className="truncate">{user.effectiveClient.name}</span>
        {role ? (
          <span className="shrink-0 rounded bg-slate-200 px-1.5 text-xs dark:bg-slate-700">{role}</span>
        ) : null}
      </p>
    ) : null;
  }
  return (
    <switcher.Form
      method="post"
      action="/studio/session/active-client"
      className="flex min-w-0 items-center gap-2 text-sm"
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="active-client" className="sr-only">
        {t("studio.switchClient")}
      </label>
      <select
        id="active-client"
        name="clientId"
        // Shows the client the server acts for after every answer (a refused switch included).
        key={user.effectiveClient?.id ?? ""}
        defaultValue={user.effectiveClient?.id ?? ""}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="w-full max-w-56 min-w-0 truncate rounded-md border border-slate-400 bg-white px-2 py-1 xl:max-w-80 dark:border-slate-600 dark:bg-slate-950"
        data-testid="client-switcher"
      >
        {user.isSuperadmin ? <option value="">{t("studio.noClient")}</option> : null}
        {user.clientList.map((client) => (
          <option key={client.client_id} value={client.client_id}>
            {client.client_name}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-md border px-2 py-1">
          {t("studio.switch")}
        </button>
      </noscript>
      {role ? (
        <span className="shrink-0 rounded bg-slate-200 px-1.5 text-xs dark:bg-slate-700">{role}</span>
      ) : null}
    </switcher.Form>
  );
}

function ProfileMenu() {
  const t = useT();
  const user = useUserContext();
  return (
    <div className="flex items-center gap-2">
      <NavLink
        to="/studio/user/profile"
        className="flex items-center gap-1.5 text-sm"
        title={user.user.email}
      >
        <UserRound aria-hidden="true" className="size-4" />
        <span className="max-w-40 truncate">{user.user.name}</span>
      </NavLink>
      <Form
        method="post"
        action="/studio/user/logout"
        reloadDocument
        onSubmit={(event) => {
          event.preventDefault();
          void signOutAndLeave();
        }}
      >
        <button
          type="submit"
          className="flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {t("studio.signOut")}
        </button>
      </Form>
    </div>
  );
}
