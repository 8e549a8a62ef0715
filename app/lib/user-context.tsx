// The studio's user context: the fields and derived values every studio screen reads.
// The server resolves it (guard middleware → admin layout loader); the browser keeps it in sync with
// the session: re-checked every 30 s, on focus, and across tabs.
import { createContext, useContext, useEffect, useMemo, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { ClientRole } from "../../core/access/actor.ts";
import { GLOBAL_GUARD } from "./route-access.ts";

export type { ClientRole } from "../../core/access/actor.ts";
export type ClientEntry = {
  client_id: string;
  client_slug: string;
  client_name: string;
  user_role: ClientRole;
};
export type ClientRef = { id: string; slug: string; name: string };

/** What the admin layout loader sends (plain JSON). */
export type UserContextData = {
  user: { id: string; name: string; email: string };
  userProfile: { id: string; user_id: string; is_super_admin: boolean };
  clientList: ClientEntry[];
  activeClient: ClientRef | null;
  impersonatedClient: ClientRef | null;
};

export type UserContextValue = UserContextData & {
  isSuperadmin: boolean;
  loading: boolean;
  clientsFetched: boolean;
  initializedUserId: string | null;
  /** impersonated ?? active */
  effectiveClient: ClientRef | null;
  role: ClientRole | null;
  isAdmin: boolean;
  isEditor: boolean;
  isViewer: boolean;
  isImpersonating: boolean;
  clientNames: ReadonlyMap<string, string>;
  ready: boolean;
};

export const SESSION_RECHECK_MS = 30_000;
const AUTH_CHANNEL = "reeltime-auth";

const UserContext = createContext<UserContextValue | null>(null);

export function deriveUserContext(data: UserContextData): UserContextValue {
  const effectiveClient = data.impersonatedClient ?? data.activeClient;
  const isSuperadmin = data.userProfile.is_super_admin;
  const entry = effectiveClient ? data.clientList.find((c) => c.client_id === effectiveClient.id) : undefined;
  // Super admins act as admin in every client.
  const role: ClientRole | null = effectiveClient
    ? isSuperadmin
      ? "admin"
      : (entry?.user_role ?? null)
    : null;
  return {
    ...data,
    isSuperadmin,
    loading: false,
    clientsFetched: true,
    initializedUserId: data.user.id,
    effectiveClient,
    role,
    isAdmin: role === "admin",
    isEditor: role === "editor",
    isViewer: role === "viewer",
    isImpersonating: data.impersonatedClient !== null,
    clientNames: new Map(data.clientList.map((c) => [c.client_id, c.client_name])),
    ready: effectiveClient !== null,
  };
}

/** Tells the other tabs that this one signed out. */
export function broadcastSignOut() {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(AUTH_CHANNEL);
  channel.postMessage({ type: "signed-out" });
  channel.close();
}

/** Is the session still valid? Network trouble is not a sign-out. */
async function sessionIsGone(): Promise<boolean> {
  try {
    const response = await fetch("/api/auth/get-session", { credentials: "same-origin", cache: "no-store" });
    if (!response.ok) return false;
    const body = (await response.json()) as unknown;
    return body === null;
  } catch {
    return false;
  }
}

export function UserContextProvider({ data, children }: { data: UserContextData; children: ReactNode }) {
  const value = useMemo(() => deriveUserContext(data), [data]);
  const navigate = useNavigate();

  useEffect(() => {
    const toLogin = () => void navigate(GLOBAL_GUARD.loginPath, { replace: true });
    const check = async () => {
      if (await sessionIsGone()) toLogin();
    };
    const timer = setInterval(() => void check(), SESSION_RECHECK_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    document.addEventListener("visibilitychange", onVisible);
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(AUTH_CHANNEL);
    if (channel) {
      channel.onmessage = (event: MessageEvent<{ type?: string }>) => {
        if (event.data.type === "signed-out") toLogin();
      };
    }
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      channel?.close();
    };
  }, [navigate]);

  return <UserContext.Provider value={value}>{children}</UserContext.Provider>;
}

export function useUserContext(): UserContextValue {
  const value = useContext(UserContext);
  if (!value) throw new Error("useUserContext() needs the admin layout");
  return value;
}
