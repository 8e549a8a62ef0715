import { describe, expect, it, vi } from "vitest";
import { FETCH_ATTEMPTS, fetchWithRetry, prefetchModeFor } from "./network.ts";

describe("fetchWithRetry", () => {
  it("retries network errors and 5xx answers, up to 3 attempts in all", async () => {
    const fetcher = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError("network down"))
      .mockResolvedValueOnce(new Response("busy", { status: 503 }))
      .mockResolvedValueOnce(new Response("ok", { status: 200 }));
    const res = await fetchWithRetry("/x", undefined, { fetcher, baseDelayMs: 1 });
    expect(res.status).toBe(200);
    expect(fetcher).toHaveBeenCalledTimes(FETCH_ATTEMPTS);
  });

  it("does not retry a 4xx answer", async () => {
    const fetcher = vi.fn<typeof fetch>().mockResolvedValue(new Response("gone", { status: 404 }));
    expect((await fetchWithRetry("/x", undefined, { fetcher, baseDelayMs: 1 })).status).toBe(404);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("gives up after the last attempt with the last error", async () => {
    const fetcher = vi.fn<typeof fetch>().mockRejectedValue(new TypeError("offline"));
    await expect(fetchWithRetry("/x", undefined, { fetcher, baseDelayMs: 1 })).rejects.toThrow("offline");
    expect(fetcher).toHaveBeenCalledTimes(3);
  });
});

describe("prefetchModeFor", () => {
  it("turns link prefetch off on slow-2g only", () => {
    expect(prefetchModeFor({ effectiveType: "slow-2g" })).toBe("none");
    expect(prefetchModeFor({ effectiveType: "2g" })).toBe("intent");
    expect(prefetchModeFor(undefined)).toBe("intent");
  });
});
