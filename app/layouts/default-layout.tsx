import { Outlet, useLoaderData } from "react-router";
import { localeOptions } from "../../core/i18n/locale-names.ts";
import { MAIN_ID, SiteFooter, SiteHeader, SkipLink } from "../components/shell/site-chrome.tsx";
import { servicesContext } from "../lib/context.ts";
import type { Route } from "./+types/default-layout.ts";

/** The sign-in pages (under /studio) offer every finished language; the public pages English and Dutch. */
export function loader({ request, context }: Route.LoaderArgs) {
  const studio = new URL(request.url).pathname.startsWith("/studio/");
  return { localeOptions: studio ? localeOptions(context.get(servicesContext).i18n.offered) : null };
}

/** The "default" layout: other public pages and the sign-in pages. */
export default function DefaultLayout() {
  const { localeOptions: options } = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader localeOptions={options} />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
