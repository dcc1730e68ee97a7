/**
 * Runs a flow document over dataset rows: one engine run per row (a fresh swarm built by
 * `buildSwarm` each time), at most `concurrency` at once, cancelable with an AbortSignal.
 * Each row gets its output (or the run's error), every scorer's score, tokens, cost and
 * latency; the evaluation gets the aggregates (stats.ts).
 */
import { buildSwarm, type BuildOptions, type FlowDocument } from "@/lib/dsl";
import { run, runStateOf, Usage, type RunOptions, type RunState } from "@/lib/engine";
import { estimateCost } from "@/lib/providers/pricing";
import { inputText, type DatasetRow } from "./dataset";
import { failedScores, rowVerdict, scoreOutput } from "./scoreRow";
import type { Score, Scorer } from "./scorers";
import { aggregate, type Aggregate } from "./stats";

export type RowResult = {
  /** The row's place in the dataset (0-based). */
  index: number;
  row: DatasetRow;
  /** The flow's answer; "" when the run failed. */
  output: string;
  /** Why the run failed; the row then fails every scorer (score 0). */
  error?: { name: string; message: string };
  /** One per scorer, in the evaluation's scorer order. */
  scores: Score[];
  /** Every scorer passed (and the run succeeded). */
  pass: boolean;
  /** The mean of the scores. */
  score: number;
  usage: Usage;
  /** The flow's model calls in USD; undefined when a model's price is unknown. */
  costUsd: number | undefined;
  /** What scoring cost (an LLM judge's calls), in USD. */
  scoringCostUsd: number;
  latencyMs: number;
  /** Model calls the run made. */
  steps: number;
};

export type Evaluation = {
  scorers: string[];
  rows: RowResult[];
  aggregate: Aggregate;
  /** The signal aborted: `rows` holds only the rows that finished before it did. */
  cancelled: boolean;
};

export type EvaluateOptions = {
  document: FlowDocument;
  rows: readonly DatasetRow[];
  scorers: readonly Scorer[];
  /** Runs at once (default 5). */
  concurrency?: number;
  signal?: AbortSignal;
  build?: BuildOptions;
  /** Passed to every run (providers, retries, a per-run timeout). */
  run?: Pick<RunOptions, "provider" | "resolveProvider" | "maxRetries" | "retryBaseMs" | "timeoutMs">;
  /** Called as each row finishes, in finishing order. */
  onRow?: (result: RowResult, finished: number, total: number) => void;
};

export const DEFAULT_CONCURRENCY = 5;

export async function evaluate(options: EvaluateOptions): Promise<Evaluation> {
  const { rows, scorers, signal } = options;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  // Building checks the document against this environment once, before any run.
  buildSwarm(options.document, options.build);
  const results: (RowResult | undefined)[] = new Array(rows.length);
  let next = 0;
  let finished = 0;
  const worker = async () => {
    while (next < rows.length && !signal?.aborted) {
      const index = next++;
      const result = await evaluateRow(options, index);
      if (signal?.aborted) return; // cut short by the abort: not a result
      results[index] = result;
      options.onRow?.(result, ++finished, rows.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
  const done = results.filter((result): result is RowResult => result !== undefined);
  return { scorers: scorers.map((scorer) => scorer.name), rows: done, aggregate: aggregate(done), cancelled: signal?.aborted ?? false };
}

async function evaluateRow(options: EvaluateOptions, index: number): Promise<RowResult> {
  const row = options.rows[index]!;
  const swarm = buildSwarm(options.document, options.build);
  const started = performance.now();
  let output = "";
  let error: RowResult["error"];
  let state: RunState | undefined;
  try {
    const result = await run(swarm, inputText(row), { ...options.run, signal: options.signal });
    output = result.output;
    state = result.state;
  } catch (caught) {
    const failure = caught instanceof Error ? caught : new Error(String(caught));
    error = { name: failure.name, message: failure.message };
    state = runStateOf(caught);
  }
  const latencyMs = performance.now() - started;
  const scores: Score[] = error ? failedScores(options.scorers, `the run failed: ${error.message}`) : await scoreOutput(options.scorers, output, row, options.signal);
  const { usage, costUsd, steps } = spending(state);
  return {
    index,
    row,
    output,
    ...(error && { error }),
    scores,
    ...rowVerdict(scores, error !== undefined),
    usage,
    costUsd,
    latencyMs,
    steps,
  };
}

/** Tokens, cost and model calls of a run, from its steps (each priced by its own model). */
function spending(state: RunState | undefined): { usage: Usage; costUsd: number | undefined; steps: number } {
  const usage = state?.usage ?? { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  let costUsd: number | undefined = 0;
  let steps = 0;
  for (const node of state?.nodes.values() ?? []) {
    if (node.kind !== "step") continue;
    steps++;
    const model = node.metadata.model;
    const recorded = Usage.safeParse(node.metadata.modelUsage);
    const own = recorded.success ? recorded.data : node.usage;
    const cost = typeof model === "string" ? estimateCost(model, own) : undefined;
    costUsd = cost === undefined || costUsd === undefined ? undefined : costUsd + cost;
  }
  return { usage, costUsd, steps };
}
