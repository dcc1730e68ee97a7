import { describe, expect, it } from "vitest";
import { parseDocument, type FlowDocument } from "@/lib/dsl";
import { aggregate, compareEvaluations, CompareError, containsScorer, evaluate, formatComparison, type Evaluation, type RowResult } from "@/lib/evals";

function result(index: number, pass: boolean, score: number, output = `out ${index}`): RowResult {
  return {
    index,
    row: { input: `in ${index}` },
    output,
    scores: [{ pass, score, reason: "" }],
    pass,
    score,
    usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
    costUsd: 0,
    scoringCostUsd: 0,
    latencyMs: 10,
    steps: 1,
  };
}
const evaluation = (rows: RowResult[]): Evaluation => ({ scorers: ["s"], rows, aggregate: aggregate(rows), cancelled: false });

describe("comparing a candidate with a baseline", () => {
  it("puts the rows that got worse first: lost passes, then the largest score drops; then better, then the same", () => {
    const baseline = evaluation([result(0, true, 1), result(1, true, 0.9), result(2, false, 0.4), result(3, true, 1), result(4, false, 0.2), result(5, true, 0.6), result(6, true, 1)]);
    const candidate = evaluation([
      result(0, true, 1), // same
      result(1, true, 0.7), // worse by 0.2, still passing
      result(2, true, 0.9), // better: now passes
      result(3, false, 0.8), // worse: lost its pass
      result(4, false, 0.1), // worse by 0.1
      result(5, false, 0.5), // worse: lost its pass
      result(6, true, 1, "changed words"), // same score, other output
    ]);
    const comparison = compareEvaluations(candidate, baseline);
    expect(comparison.rows.map((row) => [row.index, row.change])).toEqual([
      [3, "worse"], // lost its pass, dropped 0.2
      [5, "worse"], // lost its pass, dropped 0.1
      [1, "worse"], // still passes, dropped 0.2
      [4, "worse"], // still fails, dropped 0.1
      [2, "better"],
      [0, "same"],
      [6, "same"],
    ]);
    expect(comparison.counts).toEqual({ worse: 4, better: 1, same: 2 });
    expect(comparison.rows.find((row) => row.index === 1)!.scoreDelta).toBeCloseTo(-0.2);
    expect(comparison.candidate.passRate).toBeCloseTo(4 / 7);
    expect(comparison.baseline.passRate).toBeCloseTo(5 / 7);
    const diff = comparison.rows.find((row) => row.index === 6)!.diff;
    expect(diff.filter((part) => part.removed).map((part) => part.value.trim())).toContain("out 6");
    expect(diff.filter((part) => part.added).map((part) => part.value.trim())).toContain("changed words");
  });

  it("refuses evaluations over different rows", () => {
    const other = result(0, true, 1);
    other.row = { input: "something else" };
    expect(() => compareEvaluations(evaluation([result(0, true, 1)]), evaluation([other]))).toThrow(CompareError);
  });

  it("compares two flows evaluated with mock models, the worse rows first in the table", async () => {
    const doc = (text: string): FlowDocument => parseDocument(text).document!;
    const echo = doc('agents:\n  a: { model: "mock:echo" }\nswarm: { flow: a }\n');
    const fixed = doc('agents:\n  a: { model: "mock:reply?text=42" }\nswarm: { flow: a }\n');
    const rows = [
      { input: "what is 6*7? 42", expected: "42" },
      { input: "say hello", expected: "hello" },
      { input: "41 or 42?", expected: "42" },
      { input: "say bye", expected: "bye" },
    ];
    const baseline = await evaluate({ document: echo, rows, scorers: [containsScorer] });
    const candidate = await evaluate({ document: fixed, rows, scorers: [containsScorer] });
    const comparison = compareEvaluations(candidate, baseline);
    expect(comparison.rows.map((row) => [row.index, row.change])).toEqual([
      [1, "worse"],
      [3, "worse"],
      [0, "same"],
      [2, "same"],
    ]);
    const table = formatComparison(comparison).split("\n");
    expect(table[2]).toMatch(/^2 +worse +✓ 1\.00 → ✗ 0\.00 .*\[-say hello-\]\{\+42\+\}/);
    expect(table.join("\n")).toContain("2 worse, 0 better, 2 the same");
    expect(table.join("\n")).toMatch(/pass rate +100\.0% \(4\/4\) +50\.0% \(2\/4\)/);
  });
});
