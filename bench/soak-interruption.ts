// Ctrl-C (or SIGTERM) during `npm run soak`: the first stops the traffic and lets the soak clean up (stop
// the instances, drop its database); a second leaves at once.
import { log } from "./progress.ts";
import { SoakError } from "./soak-settings.ts";

export const interruption = new AbortController();

function onSignal(signal: NodeJS.Signals) {
  if (interruption.signal.aborted) {
    log(`${signal} again: leaving without cleaning up`);
    process.exit(130);
  }
  log(`${signal}: stopping the traffic and cleaning up (again to leave at once)…`);
  interruption.abort();
}

/** From now on, SIGINT and SIGTERM interrupt the soak instead of ending the process. */
export function interruptOnSignals() {
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}

export function checkInterrupted() {
  if (interruption.signal.aborted) throw new SoakError("interrupted");
}

/** Waits `ms`, or less when the soak is interrupted (pacing the run, not a test). */
export function pause(ms: number) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    interruption.signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
