import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-rule.ts";

describe("passwordProblem", () => {
  it.each([
    ["short1!", "tooShort"],
    ["abcdefghijkl", "needsVariety"],
    ["1234567890123", "needsVariety"],
    ["x".repeat(129) + "1", "tooLong"],
    ["correct horse battery", null],
    ["tr0ub4dor&3x", null],
  ])("%s → %s", (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it("refuses a password containing the e-mail's name", () => {
    expect(passwordProblem("jan.jansen-2026", "jan.jansen@example.nl")).toBe("containsEmail");
  });
});
