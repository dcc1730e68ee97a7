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
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
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
  else parent.addEventListener("abort", forward, { once: true });
  return { controller, dispose: () => parent.removeEventListener("abort", forward) };
}
