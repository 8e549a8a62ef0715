import { describe, expect, it, vi } from "vitest";
import { memoizeAsync } from "./memoize.ts";

describe("memoizeAsync", () => {
  it("shares one in-flight call per key and caches the result", async () => {
    const compute = vi.fn(async (n: number) => ({ n }));
    const memo = memoizeAsync(compute, { ttlMs: 60_000, key: (n) => String(n) });
    const [a, b] = await Promise.all([memo(1), memo(1)]);
    expect(a).toBe(b);
    await memo(1);
    await memo(2);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it("does not keep failures", async () => {
    const compute = vi
      .fn<(n: number) => Promise<{ n: number }>>()
      .mockRejectedValueOnce(new Error("down"))
      .mockResolvedValue({ n: 1 });
    const memo = memoizeAsync(compute, { ttlMs: 60_000, key: (n) => String(n) });
    await expect(memo(1)).rejects.toThrow("down");
    await expect(memo(1)).resolves.toEqual({ n: 1 });
  });
});
