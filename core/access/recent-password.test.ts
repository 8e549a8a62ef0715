import { describe, expect, it } from "vitest";
import type { Actor } from "./actor.ts";
import {
  PASSWORD_CHECK_REQUIRED,
  RECENT_PASSWORD_MINUTES,
  requireRecentPassword,
} from "./recent-password.ts";

const NOW = new Date("2026-11-28T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const actor = (isSuperAdmin: boolean, passwordVerifiedAt?: Date | null): Actor => ({
  userId: "u",
  profileId: "p",
  isSuperAdmin,
  effectiveClientId: null,
  role: null,
  impersonating: false,
  passwordVerifiedAt,
});

describe("requireRecentPassword", () => {
  it("lets a super admin act within the window", () => {
    expect(() =>
      requireRecentPassword(actor(true, minutesAgo(RECENT_PASSWORD_MINUTES - 1)), NOW),
    ).not.toThrow();
    expect(() => requireRecentPassword(actor(true, minutesAgo(RECENT_PASSWORD_MINUTES)), NOW)).not.toThrow();
  });

  it("refuses a super admin after it, or when the request's session is unknown", () => {
    for (const checked of [minutesAgo(RECENT_PASSWORD_MINUTES + 1), minutesAgo(400 * 24 * 60), null]) {
      expect(() => requireRecentPassword(actor(true, checked), NOW)).toThrow(
        expect.objectContaining({ code: "forbidden", reason: PASSWORD_CHECK_REQUIRED }),
      );
    }
  });

  it("leaves others and actors made outside a request (CLI, jobs) alone", () => {
    expect(() => requireRecentPassword(actor(false, null), NOW)).not.toThrow();
    expect(() => requireRecentPassword(actor(true, undefined), NOW)).not.toThrow();
  });
});
