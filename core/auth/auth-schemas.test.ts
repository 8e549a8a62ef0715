// The account forms' schemas report every problem of a submission at once.
import { describe, expect, it } from "vitest";
import { choosePasswordSchema } from "./auth-schemas.ts";

describe("choosePasswordSchema", () => {
  it("names a weak password even when the repeated one is still empty", () => {
    const result = choosePasswordSchema.safeParse({ token: "x".repeat(20), password: "short" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain("password");
  });

  it("asks for the same password twice", () => {
    const result = choosePasswordSchema.safeParse({
      token: "x".repeat(20),
      password: "a much better pass 42",
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["confirmPassword"], message: "auth.password.mismatch" }),
    ]);
  });
});
