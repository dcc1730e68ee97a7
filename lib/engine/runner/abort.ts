/**
 * Abort helpers: providers and tools may ignore their signal, so the engine races them
 * against it to stop promptly.
 */
import { setMaxListeners } from "node:events";
import { RunAbortedError, type AbortStatus } from "../errors";

/**
 * An AbortController whose signal accepts any number of listeners: every concurrent
 * model call, tool call and group member of a run listens to it (Node warns past 10).
 */
export function unboundedController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

/** The status nodes get when `signal` ended their work, or undefined if it did not fire. */
export function abortStatusOf(signal: AbortSignal): AbortStatus | undefined {
  if (!signal.aborted) return undefined;
  return signal.reason instanceof RunAbortedError ? signal.reason.status : "cancelled";
}

export function abortError(signal: AbortSignal): unknown {
  return signal.reason instanceof RunAbortedError ? signal.reason : new RunAbortedError("cancelled");
}

/**
 * What waits on each signal. One "abort" listener per signal serves every waiter: adding
 * and removing an EventTarget listener for each model and tool call was a visible part
 * of a step's cost (issue 16.6), a Set entry is not.
 */
const waiters = new WeakMap<AbortSignal, Set<() => void>>();

/** Calls `onAbort` once when `signal` aborts, unless `stopWaiting(signal, onAbort)` came first. */
export function waitForAbort(signal: AbortSignal, onAbort: () => void): void {
  let waiting = waiters.get(signal);
  if (!waiting) {
    const created = new Set<() => void>();
    waiters.set(signal, created);
    signal.addEventListener("abort", () => {
      waiters.delete(signal);
      for (const waiter of created) waiter();
    }, { once: true });
    waiting = created;
  }
  waiting.add(onAbort);
}

export function stopWaiting(signal: AbortSignal, onAbort: () => void): void {
  waiters.get(signal)?.delete(onAbort);
}

/**
 * Settles like `work`, or rejects with the abort error as soon as `signal` fires (a later
 * failure of `work` is then ignored: the abort is what gets reported).
 */
export function raceAbort<T>(work: Promise<T> | T, signal: AbortSignal): Promise<T> {
  if (!(work instanceof Promise)) return signal.aborted ? Promise.reject(abortError(signal)) : Promise.resolve(work);
  if (signal.aborted) {
    // The work's own outcome no longer matters once the abort is reported; don't leave it unhandled.
    work.catch(() => {});
    return Promise.reject(abortError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    waitForAbort(signal, onAbort);
    work.then(
      (value) => {
        stopWaiting(signal, onAbort);
        resolve(value);
      },
      (error: unknown) => {
        stopWaiting(signal, onAbort);
        reject(error);
      },
    );
  });
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return raceAbort(new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))), signal).finally(() =>
    clearTimeout(timer),
  );
}

/** A controller that also aborts (with the same reason) when `parent` does. */
export function childController(parent: AbortSignal): { controller: AbortController; dispose: () => void } {
  const controller = unboundedController();
  const forward = () => controller.abort(parent.reason);
  if (parent.aborted) forward();
  else waitForAbort(parent, forward);
  return { controller, dispose: () => stopWaiting(parent, forward) };
}
