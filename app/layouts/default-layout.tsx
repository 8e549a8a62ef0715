import { Outlet } from "react-router";
import { MAIN_ID, SiteFooter, SiteHeader, SkipLink } from "../components/shell/site-chrome.tsx";

/** The "default" layout: other public pages and the sign-in pages. */
export default function DefaultLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
