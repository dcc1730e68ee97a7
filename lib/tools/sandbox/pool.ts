/**
 * Code tools run in a pool of worker threads (guest.mjs), so a runaway tool never blocks the
 * server's event loop. Each thread runs one call at a time; a thread that does not answer by
 * the call's deadline (plus a grace) is terminated and replaced, as is one that crashes.
 * The guest's `fetch` is served here, through http_fetch's address policy (no private or
 * local addresses unless the operator allows them).
 */
import path from "node:path";
import { Worker } from "node:worker_threads";
import { fetchText, type HttpFetchResult } from "../httpFetch";

export type SandboxLimits = {
  /** Wall time for one call, the guest's interrupt and the host's timer alike. */
  timeoutMs: number;
  /** The JSON result's size at most. */
  maxOutputBytes: number;
};

export const DEFAULT_LIMITS: SandboxLimits = { timeoutMs: 5_000, maxOutputBytes: 256 * 1024 };

/** A tool's failure inside the sandbox: its error, a timeout, a limit. Goes back to the model. */
export class SandboxError extends Error {
  override readonly name = "SandboxError";
}

type Pending = { resolve(json: string): void; reject(error: Error): void; timer: ReturnType<typeof setTimeout>; signal?: AbortSignal; onAbort(): void };
type Slot = { worker: Worker; busy: Pending | null; reserved: boolean; callId: number };

/** Plain JavaScript beside this file; resolved from the working directory so bundlers need not know it. */
const GUEST = path.join(process.cwd(), "lib/tools/sandbox/guest.mjs");
const GRACE_MS = 1_000;

export type Fetcher = (url: string, signal: AbortSignal) => Promise<HttpFetchResult>;

export class SandboxPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Array<() => void> = [];
  private nextCall = 0;

  constructor(
    private readonly size = 2,
    private readonly fetcher: Fetcher = (url, signal) => fetchText(url, {}, signal),
  ) {}

  /** Runs `body` (an async function's body; its argument is `args`) and resolves with its JSON result. */
  async run(body: string, args: unknown, limits: SandboxLimits = DEFAULT_LIMITS, signal?: AbortSignal): Promise<unknown> {
    const slot = await this.freeSlot();
    const id = ++this.nextCall;
    slot.callId = id;
    try {
      const json = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          // The guest did not answer even after its own deadline: the thread is stuck. Replace it.
          this.replace(slot, new SandboxError(`the tool did not finish within ${limits.timeoutMs} ms`));
        }, limits.timeoutMs + GRACE_MS);
        const onAbort = () => this.replace(slot, new SandboxError("the tool call was cancelled"));
        slot.busy = { resolve, reject, timer, signal, onAbort };
        signal?.addEventListener("abort", onAbort, { once: true });
        slot.worker.postMessage({ type: "call", id, body, args, timeoutMs: limits.timeoutMs, maxOutputBytes: limits.maxOutputBytes });
      });
      return JSON.parse(json) as unknown;
    } finally {
      this.release(slot);
    }
  }

  /** Stops every thread (tests, shutdown). */
  async close(): Promise<void> {
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  /** A thread for one call, taken at once (two calls waiting in the same tick never get the same one). */
  private freeSlot(): Promise<Slot> {
    const idle = this.slots.find((slot) => !slot.reserved) ?? (this.slots.length < this.size ? this.spawn() : undefined);
    if (idle) {
      idle.reserved = true;
      return Promise.resolve(idle);
    }
    return new Promise((resolve) => this.queue.push(() => resolve(this.freeSlot())));
  }

  private release(slot: Slot): void {
    if (slot.busy) {
      clearTimeout(slot.busy.timer);
      slot.busy.signal?.removeEventListener("abort", slot.busy.onAbort);
    }
    slot.busy = null;
    slot.reserved = false;
    this.queue.shift()?.();
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(GUEST), busy: null, reserved: false, callId: 0 };
    this.listen(slot);
    this.slots.push(slot);
    return slot;
  }

  private listen(slot: Slot): void {
    slot.worker.on("message", (message: GuestMessage) => {
      if (message.type === "fetch") void this.serveFetch(slot, message);
      else if (message.type === "result" && message.id === slot.callId && slot.busy) {
        const pending = slot.busy;
        clearTimeout(pending.timer);
        if (message.ok) pending.resolve(message.json);
        else pending.reject(new SandboxError(message.error));
      }
    });
    // A crashed thread (the wasm module aborted) is replaced; its call fails.
    slot.worker.on("error", (error) => this.replace(slot, new SandboxError(`the sandbox crashed: ${error.message}`)));
  }

  private async serveFetch(slot: Slot, message: { id: number; url: string }): Promise<void> {
    try {
      const result = await this.fetcher(message.url, slot.busy?.signal ?? new AbortController().signal);
      slot.worker.postMessage({ type: "fetched", id: message.id, ok: true, result });
    } catch (error) {
      slot.worker.postMessage({ type: "fetched", id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  private replace(slot: Slot, reason: SandboxError): void {
    const pending = slot.busy;
    if (pending) {
      clearTimeout(pending.timer);
      pending.reject(reason);
    }
    void slot.worker.terminate();
    slot.worker.removeAllListeners();
    slot.worker = new Worker(GUEST);
    this.listen(slot);
  }
}

type GuestMessage =
  | { type: "fetch"; id: number; callId: number; url: string }
  | { type: "result"; id: number; ok: true; json: string }
  | { type: "result"; id: number; ok: false; error: string };
