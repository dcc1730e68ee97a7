// What a code tool logs comes back with its answer, within caps; failures say their kind
// and, for thrown errors, the line of the body.
import { afterAll, describe, expect, it } from "vitest";
import { SandboxPool } from "@/lib/tools/sandbox/pool";

const pool = new SandboxPool(1);
afterAll(() => pool.close());

const limits = { timeoutMs: 2_000 };

describe("sandbox console capture", () => {
  it("captures console.log/info/warn/error/debug in order, formatting values", async () => {
    const outcome = await pool.call(
      "console.log('n is', args.n, { a: [1] }); console.info(true); console.warn(null); console.error(new TypeError('bad')); console.debug(undefined); return args.n;",
      { n: 3 },
      limits,
    );
    expect(outcome.ok && outcome.value).toBe(3);
    expect(outcome.logs).toEqual([
      { level: "log", text: 'n is 3 {"a":[1]}' },
      { level: "info", text: "true" },
      { level: "warn", text: "null" },
      { level: "error", text: "TypeError: bad" },
      { level: "log", text: "undefined" },
    ]);
    expect(outcome.droppedLogs).toBe(0);
    expect(outcome.durationMs).toBeGreaterThan(0);
  });

  it("keeps at most maxLogLines lines and counts the rest", async () => {
    const outcome = await pool.call("for (let i = 0; i < 250; i++) console.log('line ' + i); return 1;", {}, { ...limits, maxLogLines: 200 });
    expect(outcome.logs).toHaveLength(200);
    expect(outcome.logs.at(-1)).toEqual({ level: "log", text: "line 199" });
    expect(outcome.droppedLogs).toBe(50);
  });

  it("cuts a long line at 2,000 characters and stops at maxLogBytes", async () => {
    const outcome = await pool.call("for (let i = 0; i < 40; i++) console.log('x'.repeat(100000)); return 1;", {}, { ...limits, maxLogBytes: 32 * 1024 });
    expect(outcome.logs.every((line) => line.text.length === 2_000)).toBe(true);
    expect(outcome.logs).toHaveLength(16);
    expect(outcome.droppedLogs).toBe(24);
  });

  it("keeps what was logged before a failure", async () => {
    const outcome = await pool.call("console.log('before');\nawait null;\nthrow new RangeError('too big');", {}, limits);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toEqual({ kind: "thrown", message: "RangeError: too big", line: 3 });
    expect(outcome.logs).toEqual([{ level: "log", text: "before" }]);
  });

  it("says the kind of a failure: syntax error (with its line), timeout, memory, oversized result", async () => {
    const syntax = await pool.call("const a = 1;\nconst b = ;", {}, limits);
    expect(!syntax.ok && syntax.error).toMatchObject({ kind: "thrown", message: expect.stringMatching(/^SyntaxError/), line: 2 });
    const loop = await pool.call("console.log('start'); while (true) {}", {}, { timeoutMs: 300 });
    expect(!loop.ok && loop.error.kind).toBe("timeout");
    expect(loop.logs).toEqual([{ level: "log", text: "start" }]);
    const never = await pool.call("await new Promise(() => {});", {}, { timeoutMs: 300 });
    expect(!never.ok && never.error.kind).toBe("timeout");
    const bomb = await pool.call("const all = []; while (true) all.push(new ArrayBuffer(1 << 20));", {}, { timeoutMs: 10_000 });
    expect(!bomb.ok && bomb.error.kind).toBe("memory");
    const big = await pool.call("return 'x'.repeat(5000);", {}, { ...limits, maxOutputBytes: 1000 });
    expect(!big.ok && big.error.kind).toBe("output");
  }, 30_000);
});
