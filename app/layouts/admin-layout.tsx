import { Building2, Clapperboard, LogOut, ShieldAlert, UserRound } from "lucide-react";
import { Form, NavLink, Outlet, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { localeOptions, type LocaleOption } from "../../core/i18n/locale-names.ts";
import { TimeZoneSync } from "../components/shell/local-time.tsx";
import { ColourModeSwitcher } from "../components/shell/preference-forms.tsx";
import { FetcherToasts, useToastFromData } from "../components/ui/toast.ts";
import { servicesContext } from "../lib/context.ts";
import { useT } from "../lib/i18n.tsx";
import type { loader as rootLoader } from "../root.tsx";
import { clientNav, visibleNav } from "../lib/studio-nav.ts";
import { studioSessionContext } from "../lib/studio-session.server.ts";
import { signOutAndLeave } from "../lib/sign-out.ts";
import { UserContextProvider, useUserContext, type UserContextData } from "../lib/user-context.tsx";
import type { Route } from "./+types/admin-layout.ts";

/** The "admin" layout: every signed-in /studio page. The guard has already let the user in. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = context.get(studioSessionContext);
  const { i18n } = context.get(servicesContext);
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
    localeOptions: localeOptions(i18n.offered),
    // Times render in this zone on the server and in the browser (app/components/shell/local-time.tsx).
    timeZone: session.profile.timeZone,
  };
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
      <header className="border-b border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-4">
            <NavLink to="/studio" end className="flex items-center gap-2 font-bold">
              <Clapperboard aria-hidden="true" className="size-6 text-primary-700 dark:text-primary-400" />
              {t("studio.title")}
            </NavLink>
            <ClientSwitcher />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <StudioLocaleSwitcher options={localeOptions} />
            <ColourModeSwitcher />
            <ProfileMenu />
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 md:flex-row">
        <StudioNav />
        <main className="min-w-0 flex-1" id="main">
          <Outlet />
        </main>
        <FetcherToasts />
        <TimeZoneSync />
      </div>
    </div>
  );
}

function StudioNav() {
  const t = useT();
  const user = useUserContext();
  const items = visibleNav(user.isSuperadmin);
  const sections = [
    { key: "client", label: t("studio.nav.sectionClient") },
    { key: "platform", label: t("studio.nav.sectionPlatform") },
    { key: "account", label: t("studio.nav.sectionAccount") },
  ] as const;
  return (
    <nav aria-label={t("studio.nav.label")} className="md:w-56 md:shrink-0">
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
  if (user.isImpersonating) return null;
  const role = user.role ? t(`studio.role.${user.role}`) : null;
  if (user.clientList.length <= 1 && !user.isSuperadmin) {
    return user.effectiveClient ? (
      <p className="flex items-center gap-2 text-sm" data-testid="effective-client">
        <Building2 aria-hidden="true" className="size-4 text-slate-500" />
        {user.effectiveClient.name}
        {role ? <span className="rounded bg-slate-200 px-1.5 text-xs dark:bg-slate-700">{role}</span> : null}
      </p>
    ) : null;
  }
  return (
    <switcher.Form
      method="post"
      action="/studio/session/active-client"
      className="flex items-center gap-2 text-sm"
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="active-client" className="sr-only">
        {t("studio.switchClient")}
      </label>
      <select
        id="active-client"
        name="clientId"
        defaultValue={user.effectiveClient?.id ?? ""}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="max-w-56 rounded-md border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-950"
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
      {role ? <span className="rounded bg-slate-200 px-1.5 text-xs dark:bg-slate-700">{role}</span> : null}
    </switcher.Form>
  );
}

function StudioLocaleSwitcher({ options }: { options: LocaleOption[] }) {
  const t = useT();
  const location = useLocation();
  const current = useUserContextLocale();
  return (
    <Form method="post" action="/preferences/locale" className="flex items-center">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="studio-locale" className="sr-only">
        {t("locale.label")}
      </label>
      <select
        id="studio-locale"
        name="locale"
        key={current}
        defaultValue={current}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="rounded-md border border-slate-400 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-950"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.tag}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="ms-1 rounded-md border px-2 py-1 text-sm">
          {t("studio.switch")}
        </button>
      </noscript>
    </Form>
  );
}

function useUserContextLocale() {
  return useRouteLoaderData<typeof rootLoader>("root")?.locale ?? "en";
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
          <LogOut aria-hidden="true" className="size-4" />
          {t("studio.signOut")}
        </button>
      </Form>
    </div>
  );
}
