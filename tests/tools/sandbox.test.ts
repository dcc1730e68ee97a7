// Code tools in the QuickJS sandbox: results come back; runaway loops, never-settling
// promises, memory and stack bombs and oversized results end as errors while the server's
// event loop keeps turning; the guest sees nothing of the host; fetch obeys the policy.
import { afterAll, describe, expect, it } from "vitest";
import { SandboxError, SandboxPool } from "@/lib/tools/sandbox/pool";

const pool = new SandboxPool(2);
afterAll(() => pool.close());

const limits = { timeoutMs: 1_000, maxOutputBytes: 64 * 1024 };
// Bombs get the time to hit the memory ceiling, not the deadline.
const roomy = { ...limits, timeoutMs: 10_000 };

/** The longest the event loop stalled while `work` ran. */
async function longestStall<T>(work: Promise<T>): Promise<{ stallMs: number; outcome: PromiseSettledResult<T> }> {
  let last = performance.now();
  let stallMs = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 10);
  const [outcome] = await Promise.allSettled([work]);
  clearInterval(probe);
  return { stallMs, outcome };
}

describe("the code-tool sandbox", () => {
  it("runs an async function body over the arguments and returns its JSON value", async () => {
    expect(await pool.run("return { sum: args.a + args.b, at: typeof Date.now() };", { a: 2, b: 40 }, limits)).toEqual({ sum: 42, at: "number" });
    expect(await pool.run("await null; return [1, 'two'];", {}, limits)).toEqual([1, "two"]);
  });

  it("runs more calls than threads at once, each answered with its own result", async () => {
    const results = await Promise.all(Array.from({ length: 7 }, (_, i) => pool.run("await null; return args.i * 10;", { i }, limits)));
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
  });

  it("gives the guest nothing of the host", async () => {
    const seen = await pool.run("return [typeof process, typeof require, typeof globalThis.fetch, typeof setTimeout];", {}, limits);
    expect(seen).toEqual(["undefined", "undefined", "function", "undefined"]);
  });

  it.each([
    ["an endless loop", "while (true) {}", /interrupted|did not finish/i],
    ["a promise that never settles", "await new Promise(() => {});", /did not finish/i],
    ["a stack bomb", "function f(n) { return f(n + 1) + 1; } return f(0);", /stack overflow|too much recursion/i],
    ["a memory bomb of objects", "const all = []; while (true) all.push({ n: all.length, s: 'x'.repeat(64) });", /out of memory/i],
    ["a memory bomb of buffers", "const all = []; while (true) all.push(new ArrayBuffer(1 << 20));", /out of memory/i],
    ["an oversized result", "return 'x'.repeat(200000);", /over 65536 bytes/],
    ["a thrown error", "throw new TypeError('bad input');", /TypeError: bad input/],
  ])("%s ends as an error, and the event loop keeps turning", async (name, body, error) => {
    const { stallMs, outcome } = await longestStall(pool.run(body, {}, /memory/.test(name) ? roomy : limits));
    expect(outcome.status).toBe("rejected");
    const reason = (outcome as PromiseRejectedResult).reason as Error;
    expect(reason).toBeInstanceOf(SandboxError);
    expect(reason.message).toMatch(error);
    expect(stallMs).toBeLessThan(300);
    // The pool still works afterwards.
    expect(await pool.run("return 1;", {}, limits)).toBe(1);
  }, 20_000);

  it("fetch goes through the host's fetcher (http_fetch's policy refuses private addresses)", async () => {
    await expect(pool.run("return await fetch('http://127.0.0.1:9/');", {}, limits)).rejects.toThrow(/private|local|not allowed|refused/i);
    const stub = new SandboxPool(1, async (url) => ({ url, status: 200, contentType: "text/plain", body: `hello from ${url}`, truncated: false }));
    try {
      expect(await stub.run("const r = await fetch('https://example.org/x'); return r.status + ' ' + r.body;", {}, limits)).toBe("200 hello from https://example.org/x");
    } finally {
      await stub.close();
    }
  });
});

describe("code tools in a run", () => {
  it("an agent calls a code tool; its result, or its error, goes back to the model", async () => {
    const { codeTool } = await import("@/lib/tools/sandbox");
    const { Agent, run, Swarm } = await import("@/lib/engine");
    const { getProvider } = await import("@/lib/providers");
    const parameters = { type: "object", properties: { n: { type: "number" } }, required: ["n"] };
    const square = codeTool({ name: "square", description: "Squares n", parameters, body: "if (args.n < 0) throw new Error('negative'); return args.n * args.n;" }, pool);
    const outputOf = async (args: string) => {
      const agent = new Agent({ name: "a", model: `mock:tool?name=square&args=${encodeURIComponent(args)}`, tools: [square] });
      return (await run(new Swarm({ agents: [agent] }), "go", { resolveProvider: (model) => getProvider(model) })).output;
    };
    expect(await outputOf('{"n":7}')).toBe("square returned: 49");
    expect(await outputOf('{"n":-1}')).toBe("square returned: Error: Error: negative");
    expect(await outputOf('{"n":"seven"}')).toMatch(/^square returned: Error: invalid arguments for "square"/);
  }, 20_000);
});
