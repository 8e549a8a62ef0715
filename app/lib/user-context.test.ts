import { describe, expect, it } from "vitest";
import { deriveUserContext, type UserContextData } from "./user-context.tsx";

const base: UserContextData = {
  user: { id: "u1", name: "Ann", email: "ann@example.com" },
  userProfile: { id: "p1", user_id: "u1", is_super_admin: false },
  clientList: [
    { client_id: "a", client_slug: "alpha", client_name: "Alpha", user_role: "editor" },
    { client_id: "b", client_slug: "", client_name: "Beta", user_role: "viewer" },
  ],
  activeClient: { id: "a", slug: "alpha", name: "Alpha" },
  impersonatedClient: null,
};

describe("deriveUserContext", () => {
  it("derives the role flags, the client-name map and readiness from the active client", () => {
    const context = deriveUserContext(base);
    expect(context.effectiveClient?.id).toBe("a");
    expect([context.isAdmin, context.isEditor, context.isViewer]).toEqual([false, true, false]);
    expect(context.isImpersonating).toBe(false);
    expect(context.clientNames.get("b")).toBe("Beta");
    expect(context.ready).toBe(true);
    expect(context.initializedUserId).toBe("u1");
  });

  it("prefers the impersonated client, where a super admin acts as admin", () => {
    const context = deriveUserContext({
      ...base,
      userProfile: { ...base.userProfile, is_super_admin: true },
      activeClient: null,
      impersonatedClient: { id: "b", slug: "", name: "Beta" },
    });
    expect(context.effectiveClient?.name).toBe("Beta");
    expect(context.isImpersonating).toBe(true);
    expect(context.isAdmin).toBe(true);
    expect(context.isSuperadmin).toBe(true);
  });

  it("is not ready without an effective client (a super admin with none selected)", () => {
    const context = deriveUserContext({
      ...base,
      userProfile: { ...base.userProfile, is_super_admin: true },
      activeClient: null,
    });
    expect(context.ready).toBe(false);
    expect(context.isAdmin).toBe(false);
  });
});
