/**
 * Code tools run in a pool of worker threads (guest.mjs), so a runaway tool never blocks the
 * server's event loop. Each thread runs one call at a time; a thread that does not answer by
 * the call's deadline (plus a grace) is terminated and replaced, as is one that crashes.
 * The guest's `fetch` is served here, through http_fetch's address policy (no private or
 * local addresses unless the operator allows them).
 */
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { ToolLogLine } from "@/lib/engine/tool";
import { fetchText, type HttpFetchResult } from "../httpFetch";

export type SandboxLimits = {
  /** Wall time for one call, the guest's interrupt and the host's timer alike. */
  timeoutMs: number;
  /** The JSON result's size at most. */
  maxOutputBytes: number;
  /** What the tool logs with `console`: at most this many lines, … */
  maxLogLines: number;
  /** … and this much text (a line is cut at 2,000 characters first). */
  maxLogBytes: number;
};

export const DEFAULT_LIMITS: SandboxLimits = { timeoutMs: 5_000, maxOutputBytes: 256 * 1024, maxLogLines: 200, maxLogBytes: 32 * 1024 };

/** One line a tool logged (console.debug logs as "log"). */
export type SandboxLog = ToolLogLine;

/**
 * Why a call failed: its deadline, the memory ceiling, an oversized result, what the code
 * threw (a SyntaxError too; `line` is the body's line when the error says it), a crashed
 * sandbox, or the caller cancelled.
 */
export type SandboxFailure = { kind: "timeout" | "memory" | "output" | "thrown" | "crash" | "cancelled"; message: string; line?: number };

/** A call's whole answer: its value or failure, what it logged, and how long it took. */
export type SandboxOutcome = ({ ok: true; value: unknown } | { ok: false; error: SandboxFailure }) & {
  logs: SandboxLog[];
  /** Log lines over the caps, counted and not kept. */
  droppedLogs: number;
  durationMs: number;
};

/** A tool's failure inside the sandbox: its error, a timeout, a limit. Goes back to the model. */
export class SandboxError extends Error {
  override readonly name = "SandboxError";
}

type GuestAnswer = Omit<SandboxOutcome, "durationMs" | "ok" | "value"> & ({ ok: true; json: string } | { ok: false; error: SandboxFailure });
type Pending = { resolve(answer: GuestAnswer): void; timer: ReturnType<typeof setTimeout>; signal?: AbortSignal; onAbort(): void };
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
  async run(body: string, args: unknown, limits: Partial<SandboxLimits> = DEFAULT_LIMITS, signal?: AbortSignal): Promise<unknown> {
    const outcome = await this.call(body, args, limits, signal);
    if (!outcome.ok) throw new SandboxError(outcome.error.message);
    return outcome.value;
  }

  /** Runs `body` like `run`, answering with everything: value or failure, logs, duration. Never rejects. */
  async call(body: string, args: unknown, partial: Partial<SandboxLimits> = DEFAULT_LIMITS, signal?: AbortSignal): Promise<SandboxOutcome> {
    const limits = { ...DEFAULT_LIMITS, ...partial };
    const slot = await this.freeSlot();
    const id = ++this.nextCall;
    slot.callId = id;
    const started = performance.now();
    try {
      const answer = await new Promise<GuestAnswer>((resolve) => {
        const timer = setTimeout(() => {
          // The guest did not answer even after its own deadline: the thread is stuck. Replace it.
          this.replace(slot, { kind: "timeout", message: `the tool did not finish within ${limits.timeoutMs} ms` });
        }, limits.timeoutMs + GRACE_MS);
        const onAbort = () => this.replace(slot, { kind: "cancelled", message: "the tool call was cancelled" });
        slot.busy = { resolve, timer, signal, onAbort };
        if (signal?.aborted) return onAbort();
        signal?.addEventListener("abort", onAbort, { once: true });
        slot.worker.postMessage({ type: "call", id, body, args, ...limits });
      });
      const durationMs = performance.now() - started;
      const { logs, droppedLogs } = answer;
      return answer.ok ? { ok: true, value: JSON.parse(answer.json) as unknown, logs, droppedLogs, durationMs } : { ok: false, error: answer.error, logs, droppedLogs, durationMs };
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
        clearTimeout(slot.busy.timer);
        const { type: _type, id: _id, ...answer } = message;
        slot.busy.resolve(answer);
      }
    });
    // A crashed thread (the wasm module aborted) is replaced; its call fails.
    slot.worker.on("error", (error) => this.replace(slot, { kind: "crash", message: `the sandbox crashed: ${error.message}` }));
  }

  private async serveFetch(slot: Slot, message: { id: number; url: string }): Promise<void> {
    try {
      const result = await this.fetcher(message.url, slot.busy?.signal ?? new AbortController().signal);
      slot.worker.postMessage({ type: "fetched", id: message.id, ok: true, result });
    } catch (error) {
      slot.worker.postMessage({ type: "fetched", id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Ends a stuck, crashed or cancelled call with `failure` (its logs are lost with the thread) and starts a new thread. */
  private replace(slot: Slot, failure: SandboxFailure): void {
    const pending = slot.busy;
    if (pending) {
      clearTimeout(pending.timer);
      pending.resolve({ ok: false, error: failure, logs: [], droppedLogs: 0 });
    }
    void slot.worker.terminate();
    slot.worker.removeAllListeners();
    slot.worker = new Worker(GUEST);
    this.listen(slot);
  }
}

type GuestMessage =
  | { type: "fetch"; id: number; callId: number; url: string }
  | ({ type: "result"; id: number } & GuestAnswer);
