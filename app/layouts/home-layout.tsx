import { Outlet } from "react-router";
import { SiteFooter, SiteHeader } from "../components/shell/site-chrome.tsx";

/** The "home" layout: the public front page. */
export default function HomeLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}
