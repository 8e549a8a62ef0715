// AppError: reason → English message for logs, message reference for the UI, recognised across bundles.
import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "./errors.ts";

describe("AppError", () => {
  it("carries its reason, the English text of it, and the reference the UI translates", () => {
    const error = new AppError("conflict", "tenancy.lastAdmin");
    expect(error.status).toBe(409);
    expect(error.reason).toBe("tenancy.lastAdmin");
    expect(error.message).toBe("A client must keep at least one admin: make another member admin first.");
    expect(error.messageRef).toBe("error.tenancy.lastAdmin");
    expect(new AppError("invalid_input", "form.invalid", { values: { max: 3 } }).messageRef).toBe(
      'error.form.invalid|{"max":3}',
    );
  });

  it("is recognised when thrown by another copy of this module (the server's and the app build's)", () => {
    const foreign = Object.assign(new Error("x"), {
      [Symbol.for("reeltime.AppError")]: true,
      code: "conflict",
    });
    expect(isAppError(foreign)).toBe(true);
    expect(isAppError(new Error("plain"))).toBe(false);
    expect(isAppError(null)).toBe(false);
  });
});
