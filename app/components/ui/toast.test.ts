import { describe, expect, it } from "vitest";
import { isActionFailure } from "./confirm-dialog.tsx";
import { readToast, toastData } from "./toast.ts";

describe("readToast", () => {
  it("reads a toast from action data", () => {
    expect(readToast({ toast: { kind: "success", message: "Saved" } })).toEqual({
      kind: "success",
      message: "Saved",
    });
    expect(readToast(toastData("error", "Nope", "key-1"))).toEqual({
      kind: "error",
      message: "Nope",
      id: "key-1",
    });
  });

  it("ignores data without a well-formed toast", () => {
    for (const data of [
      undefined,
      null,
      "x",
      {},
      { toast: null },
      { toast: { kind: "boom", message: "x" } },
      { toast: { kind: "info", message: "" } },
    ]) {
      expect(readToast(data)).toBeNull();
    }
  });
});

describe("isActionFailure", () => {
  it("treats errors as failures and everything else as success", () => {
    expect(isActionFailure({ ok: false })).toBe(true);
    expect(isActionFailure({ formError: "Nope" })).toBe(true);
    expect(isActionFailure({ errors: { name: ["Required"] } })).toBe(true);
    expect(isActionFailure(toastData("error", "Nope"))).toBe(true);
    expect(isActionFailure(toastData("success", "Done"))).toBe(false);
    expect(isActionFailure({ ok: true })).toBe(false);
    expect(isActionFailure(undefined)).toBe(false);
  });

  it("reads the one action-result shape (app/lib/forms.ts)", () => {
    const refused = { intent: "x", result: { status: "error", error: { "": ["error.account.failed"] } } };
    expect(isActionFailure(refused)).toBe(true);
    const done = {
      intent: "x",
      result: { status: "success" },
      toast: { kind: "success", message: "studio.profile.name.saved" },
    };
    expect(isActionFailure(done)).toBe(false);
  });
});
