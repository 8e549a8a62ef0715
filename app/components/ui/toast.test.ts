import { describe, expect, it } from "vitest";
import { isActionFailure } from "./confirm-dialog.tsx";
import { readToast, refusalShownInline, toastData } from "./toast.ts";

describe("refusalShownInline", () => {
  it("is true for a refused ActionResult with an error toast only", () => {
    const refused = {
      intent: "rotate",
      result: { status: "error", error: { "": ["error.apiKeys.notActive"] } },
      toast: { kind: "error", message: "error.apiKeys.notActive" },
    };
    expect(refusalShownInline(refused)).toBe(true);
    expect(refusalShownInline({ ...refused, result: { status: "success" } })).toBe(false);
    expect(refusalShownInline({ ...refused, toast: { kind: "success", message: "Saved" } })).toBe(false);
    expect(refusalShownInline(toastData("error", "Nope"))).toBe(false);
    expect(refusalShownInline(undefined)).toBe(false);
  });
});

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
