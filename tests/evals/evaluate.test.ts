import { describe, expect, it } from "vitest";
import { parseDocument, type FlowDocument } from "@/lib/dsl";
import type { ModelProvider } from "@/lib/engine";
import { aggregate, containsScorer, evaluate, exactScorer, judgeScorer, percentile, type DatasetRow } from "@/lib/evals";

function doc(text: string): FlowDocument {
  const { document, errors } = parseDocument(text);
  if (!document) throw new Error(errors.map((error) => error.message).join("\n"));
  return document;
}

const echo3 = doc('agents:\n  a: { model: "mock:echo" }\n  b: { model: "mock:echo" }\n  c: { model: "mock:echo" }\nswarm: { type: workflow, flow: "a >> b >> c" }\n');
const rows: DatasetRow[] = [
  { input: "say hello", expected: "hello" },
  { input: "say goodbye", expected: "hello" },
  { input: { q: "capital", a: "Paris" }, expected: "Paris" },
];

/** A provider that answers "ok" after `ms`, counting the calls in flight at once. */
function countingProvider(ms: number) {
  const counts = { now: 0, max: 0, calls: 0 };
  const provider: ModelProvider = {
    async complete(request) {
      counts.calls++;
      counts.max = Math.max(counts.max, ++counts.now);
      await new Promise((resolve) => setTimeout(resolve, ms));
      counts.now--;
      const text = request.messages.at(-1)!.content;
      return { content: text, toolCalls: [], usage: { inputTokens: 1000, outputTokens: 500, totalTokens: 1500 }, finishReason: "stop" };
    },
    async *stream(request) {
      yield { type: "done", response: await this.complete(request) };
    },
  };
  return { provider, counts };
}

describe("an evaluation", () => {
  it("runs the flow once per row with mock models and scores each output", async () => {
    const evaluation = await evaluate({ document: echo3, rows, scorers: [containsScorer, exactScorer] });
    expect(evaluation.cancelled).toBe(false);
    expect(evaluation.scorers).toEqual(["contains", "exact"]);
    expect(evaluation.rows.map((row) => [row.index, row.output, row.pass, row.score])).toEqual([
      [0, "say hello", false, 0.5],
      [1, "say goodbye", false, 0],
      [2, '{"q":"capital","a":"Paris"}', false, 0.5],
    ]);
    for (const row of evaluation.rows) {
      expect(row.steps).toBe(3);
      expect(row.usage.totalTokens).toBeGreaterThan(0);
      expect(row.costUsd).toBe(0); // mock models are free
      expect(row.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(evaluation.aggregate).toMatchObject({ rows: 3, passed: 0, passRate: 0, meanScore: expect.closeTo(1 / 3, 6), errors: 0 });

    const contains = await evaluate({ document: echo3, rows, scorers: [containsScorer] });
    expect(contains.rows.map((row) => row.pass)).toEqual([true, false, true]);
    expect(contains.aggregate.passRate).toBeCloseTo(2 / 3);
  });

  it("records a failed run as a failing row with its error, and goes on", async () => {
    const failing = doc('agents:\n  a: { model: "mock:fail?kind=bad_request&message=nope" }\nswarm: { flow: a }\n');
    const evaluation = await evaluate({ document: failing, rows: rows.slice(0, 2), scorers: [containsScorer], run: { maxRetries: 0 } });
    expect(evaluation.rows).toHaveLength(2);
    expect(evaluation.rows[0]).toMatchObject({ pass: false, score: 0, output: "", error: { message: expect.stringContaining("nope") } });
    expect(evaluation.rows[0]!.scores[0]!.reason).toMatch(/^the run failed: /);
    expect(evaluation.aggregate).toMatchObject({ errors: 2, passRate: 0 });
  });

  it("prices each step by its model; an unpriced model leaves the cost unknown, never free", async () => {
    const { provider } = countingProvider(0);
    const priced = await evaluate({ document: doc('agents:\n  a: { model: "openai:gpt-4o-mini" }\nswarm: { flow: a }\n'), rows: [rows[0]!], scorers: [containsScorer], run: { provider } });
    // 1000 input tokens at $0.15/M + 500 output at $0.60/M
    expect(priced.rows[0]!.costUsd).toBeCloseTo(0.00045, 10);
    expect(priced.aggregate).toMatchObject({ costUsd: expect.closeTo(0.00045, 10), unpricedRows: 0, tokens: 1500 });
    const unpriced = await evaluate({ document: doc('agents:\n  a: { model: "openai:my-local-model" }\nswarm: { flow: a }\n'), rows: [rows[0]!], scorers: [containsScorer], run: { provider } });
    expect(unpriced.rows[0]!.costUsd).toBeUndefined();
    expect(unpriced.aggregate).toMatchObject({ costUsd: 0, unpricedRows: 1 });
  });

  it("counts a judge's reply and cost as the row's score", async () => {
    const judge = judgeScorer({ model: `mock:reply?text=${encodeURIComponent('{"score":0.25,"reason":"weak"}')}` });
    const evaluation = await evaluate({ document: echo3, rows: [rows[0]!], scorers: [judge] });
    expect(evaluation.rows[0]).toMatchObject({ pass: false, score: 0.25, scoringCostUsd: 0, scores: [{ reason: "weak" }] });
  });

  it("fails a row whose scorer throws (an unreachable judge), with why, and goes on", async () => {
    const broken = { name: "broken", score: () => Promise.reject(new Error("judge unreachable")) };
    const evaluation = await evaluate({ document: echo3, rows: rows.slice(0, 2), scorers: [containsScorer, broken] });
    expect(evaluation.rows.map((row) => row.pass)).toEqual([false, false]);
    expect(evaluation.rows[0]!.scores).toEqual([expect.objectContaining({ pass: true }), { pass: false, score: 0, reason: "broken failed: judge unreachable" }]);
    expect(evaluation.rows[0]!.score).toBe(0.5);
  });

  it("runs at most `concurrency` rows at once, and uses them all", async () => {
    const { provider, counts } = countingProvider(20);
    const many = Array.from({ length: 10 }, (_, i): DatasetRow => ({ input: `row ${i}`, expected: "row" }));
    const evaluation = await evaluate({ document: echo3, rows: many, scorers: [containsScorer], concurrency: 3, run: { provider } });
    expect(evaluation.rows.map((row) => row.index)).toEqual([...Array(10).keys()]);
    expect(counts.calls).toBe(30);
    expect(counts.max).toBe(3);
  });

  it("stops when its signal aborts: no new rows start, and only finished rows are kept", async () => {
    const { provider, counts } = countingProvider(20);
    const many = Array.from({ length: 20 }, (_, i): DatasetRow => ({ input: `row ${i}` }));
    const controller = new AbortController();
    const evaluation = await evaluate({
      document: echo3,
      rows: many,
      scorers: [],
      concurrency: 2,
      signal: controller.signal,
      run: { provider },
      onRow: (_row, finished) => finished === 3 && controller.abort(),
    });
    expect(evaluation.cancelled).toBe(true);
    expect(evaluation.rows.length).toBeGreaterThanOrEqual(3);
    expect(evaluation.rows.length).toBeLessThan(6);
    expect(evaluation.rows.every((row) => !row.error)).toBe(true);
    expect(counts.calls).toBeLessThan(20);
  });
});

describe("aggregates", () => {
  it("nearest-rank percentiles", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.95)).toBe(95);
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([], 0.5)).toBe(0);
  });

  it("of no rows are zeros", () => {
    expect(aggregate([])).toMatchObject({ rows: 0, passRate: 0, meanScore: 0, costUsd: 0, p95LatencyMs: 0 });
  });
});
