import { describe, expect, it } from "vitest";
import { SESSION_COOKIE_PREFIX, SESSION_MAX_AGE_SECONDS } from "../../core/auth/create-auth.ts";
import { ANALYTICS_INVENTORY, STORAGE_INVENTORY } from "./cookie-inventory.ts";
import { ACTIVE_CLIENT_COOKIE } from "./studio-session.server.ts";

describe("the cookie inventory", () => {
  it("names the studio's cookies as the server sets them", () => {
    const session = STORAGE_INVENTORY.find(
      (entry) => entry.name === `${SESSION_COOKIE_PREFIX}.session_token`,
    );
    expect(session?.lifetimeSeconds).toBe(SESSION_MAX_AGE_SECONDS);
    expect(STORAGE_INVENTORY.map((entry) => entry.name)).toContain(ACTIVE_CLIENT_COOKIE);
  });

  it("lists every name once", () => {
    const names = [...STORAGE_INVENTORY, ...ANALYTICS_INVENTORY].map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
