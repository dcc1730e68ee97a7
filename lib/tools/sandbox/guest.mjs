// A sandbox worker thread: runs code tools in QuickJS compiled to WebAssembly, one fresh
// runtime and context per call, with no access to the host (no process, env, files,
// require — QuickJS's core has none of them). Its only way out is `fetch`, which asks the
// parent thread (where http_fetch's address policy applies). Plain JavaScript, so the
// thread starts the same under tsx, vitest and the production server.
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

/** Runs `body` (an async function's body receiving `args`) and posts its JSON result or error. */
async function call({ id, body, args, timeoutMs, maxOutputBytes }) {
  const module = await quickjs();
  const deadline = Date.now() + timeoutMs;
  const runtime = module.newRuntime();
  runtime.setMaxStackSize(STACK_BYTES);
  runtime.setMemoryLimit(MEMORY_LIMIT_BYTES);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
  const context = runtime.newContext();
  let settled = false;
  const reply = (outcome) => {
    if (settled) return;
    settled = true;
    parentPort.postMessage({ type: "result", id, ...outcome });
  };
  // A promise that never settles is ended by this host-side timer.
  const timer = setTimeout(() => reply({ ok: false, error: `the tool did not finish within ${timeoutMs} ms` }), timeoutMs);
  try {
    exposeFetch(context, runtime, id);
    const source = `(async (args) => {\n${body}\n})(${JSON.stringify(args)}).then((value) => JSON.stringify(value === undefined ? null : value))`;
    const evaluated = context.evalCode(source, "tool.js");
    if (evaluated.error) {
      reply({ ok: false, error: describe(context, evaluated.error) });
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
      reply({ ok: false, error: describe(context, state.error) });
      state.error.dispose();
      return;
    }
    const json = context.getString(state.value);
    state.value.dispose();
    if (Buffer.byteLength(json) > maxOutputBytes) reply({ ok: false, error: `the tool's result is over ${maxOutputBytes} bytes` });
    else reply({ ok: true, json });
  } catch (error) {
    reply({ ok: false, error: error instanceof Error ? error.message : String(error) });
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

function describe(context, handle) {
  const error = context.dump(handle);
  // Out of memory, QuickJS cannot even allocate the error: the rejection is null.
  if (error === null || error === undefined) return "InternalError: out of memory (or the tool threw null)";
  if (error && typeof error === "object") return `${error.name ?? "Error"}: ${error.message ?? JSON.stringify(error)}`;
  return String(error);
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
