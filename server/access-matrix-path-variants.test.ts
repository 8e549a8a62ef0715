// Admin-only pages under other spellings of their path, against the real app: none of them opens the
// page to a visitor the guard refuses.
import { describe, expect, it } from "vitest";
import { outcomeOf, setUpAccessMatrix } from "./access-matrix-test-support.ts";

setUpAccessMatrix();

/**
 * The same admin-only pages under other spellings that reach the same route in React Router (percent
 * encoding, letter case, trailing slashes, .data) or that must fail closed (repeated slashes, an encoded
 * "/"): the guard judges what React Router runs, so none of them opens the page to someone it refuses.
 */
const ADMIN_ONLY_VARIANTS = [
  "/studio/%63onfig/clients",
  "/studio/%63onfig/clients.data",
  "/studio/%63%6Fnfig/%63lients.data",
  "/%73tudio/config/clients",
  "/studio/config/%63lients/.data",
  "/studio/config%2Fclients",
  "/studio/config%2fclients.data",
  "/studio//config/clients",
  "/studio//config//clients.data",
  "//studio/config/clients",
  "/studio/config/clients/",
  "/studio/config/clients//",
  "/studio/config/clients/.data",
  "/studio/config/clients/_.data",
  "/STUDIO/config/clients",
  "/Studio/Config/Clients",
  "/STUDIO/CONFIG/CLIENTS.data",
  "/studio/CONFIG/user-profiles.data?page=2",
  "/studio/config/user-profiles/",
  "/studio/config/user-%70rofiles.data",
];

describe.each(ADMIN_ONLY_VARIANTS)("admin-only page spelt %s", (path) => {
  it("sends an anonymous visitor to sign in (or answers 404), never the page", async () => {
    expect(["login", 404]).toContain((await outcomeOf(path, "anonymous")).outcome);
  });

  it("refuses a client admin (403 or 404), never the page", async () => {
    expect([403, 404]).toContain((await outcomeOf(path, "admin")).outcome);
  });

  it("gives a super admin the page or a 404, never an error", async () => {
    expect(["page", 404]).toContain((await outcomeOf(path, "superAdmin")).outcome);
  });
});

describe("admin-only page variants that React Router renders as the page itself", () => {
  it.each([
    "/studio/%63onfig/clients",
    "/studio/%63onfig/clients.data",
    "/STUDIO/config/clients",
    "/Studio/Config/Clients",
    "/studio/config/clients/",
    "/studio/config/clients/.data",
  ])("%s is the clients page for a super admin and 403 for a client admin", async (path) => {
    expect((await outcomeOf(path, "superAdmin")).outcome).toBe("page");
    expect((await outcomeOf(path, "admin")).outcome).toBe(403);
    expect((await outcomeOf(path, "viewer")).outcome).toBe(403);
    expect((await outcomeOf(path, "anonymous")).outcome).toBe("login");
  });
});
