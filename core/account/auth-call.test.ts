// better-auth's answers mapped to AppErrors: its rate limiter's 429 (answered or thrown) becomes
// "too many attempts" with the wait, other failures a reason, never better-auth's English text.
import { APIError } from "better-auth/api";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { assertOwnAccount } from "./account-session.ts";
import { authFailureError, callAuth, readAuthFailure } from "./auth-call.ts";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

async function refusal(call: () => Promise<Response>): Promise<AppError> {
  const error: unknown = await callAuth(call).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("callAuth", () => {
  it("returns a successful answer as it is", async () => {
    const ok = json(200, { status: true }, { "set-cookie": "a=b" });
    await expect(callAuth(() => Promise.resolve(ok))).resolves.toBe(ok);
  });

  it("maps a 429 answer to rate_limited / auth.tooManyAttempts with the wait better-auth asks for", async () => {
    const error = await refusal(() =>
      Promise.resolve(
        json(429, { message: "Too many requests. Please try again later." }, { "X-Retry-After": "42" }),
      ),
    );
    expect(error.code).toBe("rate_limited");
    expect(error.status).toBe(429);
    expect(error.reason).toBe("auth.tooManyAttempts");
    expect(error.messageRef).toBe("error.auth.tooManyAttempts");
    expect(error.retryAfterSeconds).toBe(42);
  });

  it("maps a thrown APIError TOO_MANY_REQUESTS the same way", async () => {
    const error = await refusal(() =>
      Promise.reject(
        new APIError("TOO_MANY_REQUESTS", { message: "Too many requests" }, { "Retry-After": "7" }),
      ),
    );
    expect(error.code).toBe("rate_limited");
    expect(error.reason).toBe("auth.tooManyAttempts");
    expect(error.retryAfterSeconds).toBe(7);
  });

  it("lets the operation map its own failure codes first (unmapped: a generic reason)", async () => {
    const mapped = new AppError("invalid_input", "form.invalid", { fieldErrors: { currentPassword: "x" } });
    const error = await refusal(() =>
      Promise.reject(new APIError("BAD_REQUEST", { code: "INVALID_PASSWORD", message: "Invalid password" })),
    );
    expect(error.reason).toBe("account.failed");
    const own: unknown = await callAuth(
      () => Promise.resolve(json(400, { code: "INVALID_PASSWORD", message: "Invalid password" })),
      (failure) => (failure.code === "INVALID_PASSWORD" ? mapped : null),
    ).catch((thrown: unknown) => thrown);
    expect(own).toBe(mapped);
  });

  it("maps other failures to a reason, never better-auth's text", async () => {
    const bad = await refusal(() =>
      Promise.resolve(json(400, { code: "SOMETHING", message: "Some English" })),
    );
    expect(bad.code).toBe("invalid_input");
    expect(bad.reason).toBe("account.failed");
    expect(bad.message).not.toContain("Some English");
    const down = await refusal(() => Promise.resolve(new Response("oops", { status: 502 })));
    expect(down.code).toBe("unavailable");
    const signedOut = await refusal(() => Promise.resolve(json(401, { code: "UNAUTHORIZED" })));
    expect(signedOut.code).toBe("unauthenticated");
  });

  it("rethrows what is not better-auth's", async () => {
    const boom = new TypeError("boom");
    await expect(callAuth(() => Promise.reject(boom))).rejects.toBe(boom);
  });
});

describe("readAuthFailure / authFailureError", () => {
  it("reads the status, code and wait", async () => {
    expect(await readAuthFailure(json(200, {}))).toBeNull();
    expect(await readAuthFailure(json(429, {}, { "retry-after": "3" }))).toEqual({
      status: 429,
      code: null,
      retryAfterSeconds: 3,
    });
    expect(authFailureError({ status: 400, code: "TOO_MANY_REQUESTS" }).code).toBe("rate_limited");
  });
});

describe("assertOwnAccount", () => {
  const actor = {
    userId: "u1",
    profileId: "p1",
    isSuperAdmin: false,
    effectiveClientId: null,
    role: null,
    impersonating: false,
  };
  it("lets the user change their own account only", () => {
    expect(() =>
      assertOwnAccount({ actor, user: { id: "u1", name: "A", email: "a@x" }, session: { id: "s" } }),
    ).not.toThrow();
    let error: unknown;
    try {
      assertOwnAccount({ actor, user: { id: "u2", name: "B", email: "b@x" }, session: { id: "s" } });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).reason).toBe("account.ownAccountOnly");
    expect((error as AppError).status).toBe(403);
  });
});
