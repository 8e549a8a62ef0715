import { Outlet } from "react-router";
import { SiteFooter, SiteHeader } from "../components/shell/site-chrome.tsx";

/** The "default" layout: other public pages and the sign-in pages. */
export default function DefaultLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
