// The server half of the one form pattern: what runForm answers for each outcome.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../../core/errors.ts";
import type { ActionResult } from "./forms.ts";
import { runForm, unknownIntent } from "./form-action.server.ts";

const schema = z.object({ name: z.string({ error: "validation.nameRequired" }).min(2) });
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};
type Answer = { data: ActionResult<{ id: string }>; init: ResponseInit | null };
const answer = (value: unknown) => value as Answer;

describe("runForm", () => {
  it("answers the schema's field errors with 400 and never runs the operation", async () => {
    let ran = false;
    const result = answer(
      await runForm("rename", form({}), schema, async () => {
        ran = true;
      }),
    );
    expect(ran).toBe(false);
    expect(result.init?.status).toBe(400);
    expect(result.data.intent).toBe("rename");
    expect(result.data.result.error).toMatchObject({ name: ["validation.nameRequired"] });
  });

  it("passes the valid value to the operation and adds what onSuccess asks for", async () => {
    const result = answer(
      await runForm(
        null,
        form({ name: "Ada" }),
        schema,
        async (value) => ({ id: value.name }),
        (output) => ({ payload: output, toast: { kind: "success", message: "studio.profile.name.saved" } }),
      ),
    );
    expect(result.init?.status).toBe(200);
    expect(result.data.result.status).toBe("success");
    expect(result.data.payload).toEqual({ id: "Ada" });
    expect(result.data.toast?.message).toBe("studio.profile.name.saved");
  });

  it("turns an AppError into its reason as the form's error, with its status and Retry-After", async () => {
    const result = answer(
      await runForm(null, form({ name: "Ada" }), schema, async () => {
        throw new AppError("rate_limited", "auth.tooManyAttempts", { retryAfterSeconds: 30 });
      }),
    );
    expect(result.init?.status).toBe(429);
    expect(new Headers(result.init?.headers).get("Retry-After")).toBe("30");
    expect(result.data.result.error).toMatchObject({ "": ["error.auth.tooManyAttempts"] });
  });

  it("shows an AppError's field errors beside the fields, without repeating them for the form", async () => {
    const result = answer(
      await runForm(null, form({ name: "Ada" }), schema, async () => {
        throw new AppError("conflict", "tenancy.slugTaken", {
          fieldErrors: { name: "error.tenancy.slugTaken" },
        });
      }),
    );
    expect(result.init?.status).toBe(409);
    expect(result.data.result.error?.name).toEqual(["error.tenancy.slugTaken"]);
    expect(result.data.result.error?.[""] ?? []).toEqual([]);
  });

  it("lets any other failure through (a real server error, not a refusal)", async () => {
    await expect(
      runForm(null, form({ name: "Ada" }), schema, async () => {
        throw new Error("database down");
      }),
    ).rejects.toThrow("database down");
  });

  it("answers an unknown intent with a message reference", () => {
    const result = answer(unknownIntent());
    expect(result.init?.status).toBe(400);
    expect(result.data.result.error).toMatchObject({ "": ["error.form.unknownAction"] });
  });
});
