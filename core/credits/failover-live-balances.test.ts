// The live balances while Redis comes and goes (issue 23): Redis's store while it answers, this process's
// memory (loaded afresh) while it does not, and the meter still admits a funded client when a call's
// steps land in different stores.
import { describe, expect, it } from "vitest";
import type { RedisWatch } from "../cache/redis-watch.ts";
import { createFailoverLiveBalances, createMemoryLiveBalances, type LiveBalances } from "./live-balances.ts";

function switchableWatch() {
  const listeners: (() => void)[] = [];
  let up = true;
  const watch: RedisWatch = {
    get ready() {
      return up;
    },
    state: () => (up ? { up: true } : { up: false, since: new Date() }),
    onRecovered: (listener) => void listeners.push(listener),
    settled: async () => {},
  };
  return {
    watch,
    down: () => void (up = false),
    up: () => {
      up = true;
      for (const listener of listeners) listener();
    },
  };
}

/** A store standing for Redis: a working one, or one whose every command fails (a timed-out command). */
function sharedStore() {
  const working = createMemoryLiveBalances();
  let failing = false;
  const store = Object.fromEntries(
    Object.entries(working).map(([name, method]) => [
      name,
      (...args: unknown[]) =>
        failing
          ? Promise.reject(new Error("Command timed out"))
          : (method as (...a: unknown[]) => unknown)(...args),
    ]),
  ) as LiveBalances;
  return { store, fail: (value: boolean) => (failing = value) };
}

const own = { pending: 0, applied: 0 };

describe("failover live balances", () => {
  it("uses the shared store while Redis is up and this process's memory while it is down", async () => {
    const shared = sharedStore();
    const switchable = switchableWatch();
    const live = createFailoverLiveBalances(shared.store, switchable.watch);
    await live.init("c", 10, own);
    expect(await live.charge("c", 3, own)).toEqual({ state: "admitted", remaining: 7 });

    switchable.down();
    // Memory starts empty: the meter loads the balance from the database into it.
    expect(await live.charge("c", 1, own)).toEqual({ state: "missing" });
    await live.init("c", 10, { pending: 3, applied: 3 });
    expect(await live.charge("c", 1, own)).toEqual({ state: "admitted", remaining: 6 });
    // The shared store was not touched meanwhile.
    expect(await shared.store.get("c")).toBe(7);

    switchable.up();
    expect(await live.get("c")).toBe(7);
    // A later outage starts from a fresh memory, not from the last one's numbers.
    switchable.down();
    expect(await live.get("c")).toBeNull();
  });

  it("answers a command that fails while Redis counts as up from memory", async () => {
    const shared = sharedStore();
    const live = createFailoverLiveBalances(shared.store, switchableWatch().watch);
    shared.fail(true);
    expect(await live.init("c", 5, own)).toBe(5);
    expect(await live.charge("c", 2, own)).toEqual({ state: "admitted", remaining: 3 });
  });
});
