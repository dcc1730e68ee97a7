/**
 * A candidate evaluation against a baseline over the same rows: per row both outputs, their
 * scores, a word diff, tokens, cost and latency; rows that got worse first; both aggregates.
 */
import { diffWords, type ChangeObject } from "diff";
import { inputText } from "./dataset";
import { CompareError } from "./errors";
import type { Evaluation, RowResult } from "./evaluate";
import type { Aggregate } from "./stats";

export type RowChange = "worse" | "better" | "same";

export type RowComparison = {
  index: number;
  candidate: RowResult;
  baseline: RowResult;
  /** candidate.score − baseline.score */
  scoreDelta: number;
  /** Worse: it stopped passing, or passes as before with a lower score. */
  change: RowChange;
  /** From the baseline's output to the candidate's, word by word. */
  diff: ChangeObject<string>[];
};

export type Comparison = {
  rows: RowComparison[];
  candidate: Aggregate;
  baseline: Aggregate;
  counts: Record<RowChange, number>;
};

function changeOf(candidate: RowResult, baseline: RowResult): RowChange {
  if (candidate.pass !== baseline.pass) return candidate.pass ? "better" : "worse";
  if (candidate.score < baseline.score) return "worse";
  if (candidate.score > baseline.score) return "better";
  return "same";
}

const RANK: Record<RowChange, number> = { worse: 0, better: 1, same: 2 };

/** Worse rows first (those that stopped passing before those that only lost score, then by how much), then better, then the same; dataset order within ties. */
function byConcern(a: RowComparison, b: RowComparison): number {
  const lostPass = (row: RowComparison) => (row.baseline.pass && !row.candidate.pass ? 0 : 1);
  return RANK[a.change] - RANK[b.change] || lostPass(a) - lostPass(b) || a.scoreDelta - b.scoreDelta || a.index - b.index;
}

export function compareEvaluations(candidate: Evaluation, baseline: Evaluation): Comparison {
  const baselineByIndex = new Map(baseline.rows.map((row) => [row.index, row]));
  const rows: RowComparison[] = [];
  for (const mine of candidate.rows) {
    const theirs = baselineByIndex.get(mine.index);
    if (!theirs) continue; // cancelled before this row ran on the baseline
    if (inputText(theirs.row) !== inputText(mine.row)) throw new CompareError(`row ${mine.index + 1} differs between the evaluations: they were not run over the same dataset`);
    rows.push({
      index: mine.index,
      candidate: mine,
      baseline: theirs,
      scoreDelta: mine.score - theirs.score,
      change: changeOf(mine, theirs),
      diff: diffWords(theirs.output, mine.output),
    });
  }
  rows.sort(byConcern);
  const counts: Record<RowChange, number> = { worse: 0, better: 0, same: 0 };
  for (const row of rows) counts[row.change]++;
  return { rows, candidate: candidate.aggregate, baseline: baseline.aggregate, counts };
}
