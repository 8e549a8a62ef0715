// The admin navigation: every studio page that exists, shown only to users its guards let in.
import type { MessageKey } from "./i18n.tsx";
import { ruleFor } from "./route-access.ts";

export type NavItem = { to: string; label: MessageKey; section: "client" | "platform" | "account" };

export const STUDIO_NAV: readonly NavItem[] = [
  { to: "/studio", label: "studio.nav.dashboard", section: "client" },
  { to: "/studio/config/clients", label: "studio.nav.clients", section: "platform" },
  { to: "/studio/config/user-profiles", label: "studio.nav.userProfiles", section: "platform" },
  { to: "/studio/user/profile", label: "studio.nav.profile", section: "account" },
];

/** Items the user may open: the same guards the server enforces (super admin for "admin"). */
export function visibleNav(isSuperAdmin: boolean): NavItem[] {
  return STUDIO_NAV.filter((item) => {
    const guards = ruleFor(item.to)?.rule.guards ?? [];
    return !guards.includes("admin") || isSuperAdmin;
  });
}
