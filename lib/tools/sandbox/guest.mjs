// A sandbox worker thread: runs code tools in QuickJS compiled to WebAssembly, one fresh
// runtime and context per call, with no access to the host (no process, env, files,
// require — QuickJS's core has none of them). Its only way out is `fetch`, which asks the
// parent thread (where http_fetch's address policy applies). Plain JavaScript, so the
// thread starts the same under tsx, vitest and the production server. What the tool logs
// with `console` comes back with its answer, within caps (LogCapture).
import { parentPort } from "node:worker_threads";
import { newQuickJSWASMModuleFromVariant, newVariant, shouldInterruptAfterDeadline } from "quickjs-emscripten-core";
import releaseSync from "@jitl/quickjs-wasmfile-release-sync";

/** The module's own memory with a hard ceiling: QuickJS's setMemoryLimit alone does not bound the wasm heap. */
const MAX_MEMORY_PAGES = 1024; // 64 MiB
const STACK_BYTES = 256 * 1024; // a clean "stack overflow" before Node's own stack runs out
const MEMORY_LIMIT_BYTES = 48 * 1024 * 1024;

let modulePromise;
function quickjs() {
  modulePromise ??= newQuickJSWASMModuleFromVariant(
    newVariant(releaseSync, { wasmMemory: new WebAssembly.Memory({ initial: 256, maximum: MAX_MEMORY_PAGES }) }),
  );
  return modulePromise;
}

let nextFetch = 0;
const fetches = new Map();

parentPort.on("message", (message) => {
  if (message.type === "call") void call(message);
  else if (message.type === "fetched") {
    const pending = fetches.get(message.id);
    fetches.delete(message.id);
    pending?.(message);
  }
});

/** Runs `body` (an async function's body receiving `args`) and posts its JSON result or error, with what it logged. */
async function call({ id, body, args, timeoutMs, maxOutputBytes, maxLogLines, maxLogBytes }) {
  const module = await quickjs();
  const deadline = Date.now() + timeoutMs;
  const runtime = module.newRuntime();
  runtime.setMaxStackSize(STACK_BYTES);
  runtime.setMemoryLimit(MEMORY_LIMIT_BYTES);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
  const context = runtime.newContext();
  const logs = new LogCapture(maxLogLines, maxLogBytes);
  let settled = false;
  const reply = (outcome) => {
    if (settled) return;
    settled = true;
    parentPort.postMessage({ type: "result", id, ...outcome, logs: logs.lines, droppedLogs: logs.dropped });
  };
  const fail = (kind, message, line) => reply({ ok: false, error: { kind, message, ...(line ? { line } : {}) } });
  // A promise that never settles is ended by this host-side timer.
  const timer = setTimeout(() => fail("timeout", `the tool did not finish within ${timeoutMs} ms`), timeoutMs);
  try {
    exposeFetch(context, runtime, id);
    exposeConsole(context, logs);
    const source = `(async (args) => {\n${body}\n})(${JSON.stringify(args)}).then((value) => JSON.stringify(value === undefined ? null : value))`;
    const evaluated = context.evalCode(source, "tool.js");
    if (evaluated.error) {
      fail(...classify(context, evaluated.error, timeoutMs));
      evaluated.error.dispose();
      return;
    }
    const promise = evaluated.value;
    // Polled, not context.resolvePromise: after an out-of-memory that one reports a rejected
    // promise as fulfilled with null.
    const state = await settle(context, runtime, promise, () => settled);
    promise.dispose();
    if (!state) return; // the host timer answered
    if (state.type === "rejected") {
      fail(...classify(context, state.error, timeoutMs));
      state.error.dispose();
      return;
    }
    const json = context.getString(state.value);
    state.value.dispose();
    if (Buffer.byteLength(json) > maxOutputBytes) fail("output", `the tool's result is over ${maxOutputBytes} bytes`);
    else reply({ ok: true, json });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    fail(/out of memory/i.test(message) ? "memory" : "thrown", message);
  } finally {
    clearTimeout(timer);
    try {
      context.dispose();
      runtime.dispose();
    } catch {
      // Disposing after an out-of-memory can abort the wasm module: start a fresh one next call.
      modulePromise = undefined;
    }
  }
}

let wake = () => {};

/** Runs the guest's jobs until `promise` settles (woken by fetch answers, and every 20 ms). */
async function settle(context, runtime, promise, gaveUp) {
  for (;;) {
    runtime.executePendingJobs();
    const state = context.getPromiseState(promise);
    if (state.type !== "pending") return state;
    if (gaveUp()) return undefined;
    await new Promise((resolve) => {
      wake = resolve;
      setTimeout(resolve, 20);
    });
  }
}

/** A guest error as [kind, message, line of the body]: the deadline's interrupt, memory, or what the tool threw. */
function classify(context, handle, timeoutMs) {
  const error = context.dump(handle);
  // Out of memory, QuickJS cannot even allocate the error: the rejection is null.
  if (error === null || error === undefined) return ["memory", "InternalError: out of memory (or the tool threw null)"];
  if (!error || typeof error !== "object") return ["thrown", String(error)];
  const message = `${error.name ?? "Error"}: ${error.message ?? JSON.stringify(error)}`;
  if (error.name === "InternalError" && /interrupted/.test(message)) return ["timeout", `the tool did not finish within ${timeoutMs} ms (interrupted)`];
  if (/out of memory/.test(message)) return ["memory", message];
  return ["thrown", message, bodyLine(error)];
}

/** The line of the tool's body an error points at: the source wraps the body after one line. */
function bodyLine(error) {
  const line = typeof error.lineNumber === "number" ? error.lineNumber : Number(/tool\.js:(\d+)/.exec(String(error.stack ?? ""))?.[1]);
  return Number.isInteger(line) && line > 1 ? line - 1 : undefined;
}

/**
 * What the tool logs, within caps: at most `maxLines` lines and `maxBytes` of text (a line
 * is cut at MAX_LOG_LINE_CHARS first); what does not fit is counted, not kept.
 */
class LogCapture {
  lines = [];
  dropped = 0;
  bytes = 0;
  constructor(maxLines, maxBytes) {
    this.maxLines = maxLines;
    this.maxBytes = maxBytes;
  }
  add(level, text) {
    const size = Buffer.byteLength(text);
    if (this.lines.length >= this.maxLines || this.bytes + size > this.maxBytes) {
      this.dropped += 1;
      return;
    }
    this.bytes += size;
    this.lines.push({ level, text });
  }
}

const MAX_LOG_LINE_CHARS = 2_000;
const LOG_LEVELS = ["log", "info", "warn", "error"];

/**
 * `console.log/info/warn/error/debug` in the guest: values formatted there (strings as they
 * are, errors as "Name: message", the rest as JSON), each line cut before it leaves the guest.
 */
function exposeConsole(context, logs) {
  const sink = context.newFunction("log", (levelHandle, textHandle) => {
    const level = context.getString(levelHandle);
    logs.add(LOG_LEVELS.includes(level) ? level : "log", context.getString(textHandle));
  });
  const makeConsole = context
    .evalCode(
      `(sink) => {
        const show = (value) => {
          if (typeof value === "string") return value;
          if (value instanceof Error) return value.name + ": " + value.message;
          try { const json = JSON.stringify(value); return json === undefined ? String(value) : json; } catch { return String(value); }
        };
        const line = (level) => (...values) => { sink(level, values.map(show).join(" ").slice(0, ${MAX_LOG_LINE_CHARS})); };
        return { log: line("log"), info: line("info"), warn: line("warn"), error: line("error"), debug: line("log") };
      }`,
      "console.js",
    )
    .unwrap();
  const consoleObject = context.callFunction(makeConsole, context.undefined, sink).unwrap();
  context.setProp(context.global, "console", consoleObject);
  for (const handle of [sink, makeConsole, consoleObject]) handle.dispose();
}

/** `fetch(url)` in the guest: the parent fetches under http_fetch's policy and answers { status, contentType, body }. */
function exposeFetch(context, runtime, callId) {
  const fetchFn = context.newFunction("fetch", (urlHandle) => {
    const url = context.getString(urlHandle);
    const deferred = context.newPromise();
    const fetchId = ++nextFetch;
    fetches.set(fetchId, (answer) => {
      if (!context.alive) return;
      if (answer.ok) {
        const value = context.newString(JSON.stringify(answer.result));
        const parsed = context.evalCode(`JSON.parse`).unwrap();
        const result = context.callFunction(parsed, context.undefined, value).unwrap();
        deferred.resolve(result);
        for (const handle of [value, parsed, result]) handle.dispose();
      } else {
        const error = context.newError(answer.error);
        deferred.reject(error);
        error.dispose();
      }
      wake();
    });
    parentPort.postMessage({ type: "fetch", id: fetchId, callId, url });
    return deferred.handle;
  });
  context.setProp(context.global, "fetch", fetchFn);
  fetchFn.dispose();
}
