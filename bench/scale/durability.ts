/**
 * The durability cost of bench/scale.ts, in a process of its own (executeRun starts this
 * process's executor heartbeat and notifier against DATABASE_URL, a throwaway PostgreSQL
 * database): one run of a 100-agent workflow whose agents each call the calculator once
 * (`mock:tool`, zero latency: 200 model calls, 100 tool calls), executed three ways:
 *   memory     the engine alone, nothing stored
 *   recorder   the engine with the batching recorder writing node rows and events (what a
 *              run stored before checkpoints; no claim, no final status)
 *   executeRun lib/runs/execution.ts as a worker calls it: claim, recorder, one checkpoint
 *              row per model and tool call (each awaited before the run goes on), final
 *              event and status
 * Median of 5 after a warm-up, interleaved. Prints RESULT with the figures.
 */
process.env.NEXT_TELEMETRY_DISABLED = "1";

const AGENTS = 100;
const ARGS = encodeURIComponent(JSON.stringify({ expression: "6*7" }));
const DOCUMENT = `name: durability bench
agents:
${Array.from({ length: AGENTS }, (_, i) => `  a${i}: { model: "mock:tool?name=calculator&args=${ARGS}", tools: [calculator] }`).join("\n")}
swarm: { type: workflow, flow: "${Array.from({ length: AGENTS }, (_, i) => `a${i}`).join(" >> ")}" }
`;

export type DurabilityResult = {
  modelCalls: number;
  toolCalls: number;
  checkpoints: number;
  nodes: number;
  memoryMs: number;
  recorderMs: number;
  executeRunMs: number;
  /** Every executeRun sample, for the spread (this machine is shared). */
  executeRunSamplesMs: number[];
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const { closeDb, getDb } = await import("@/lib/db/client");
  const { createFlow, getLocalWorkspace } = await import("@/lib/data");
  const { createRun, writeRunBatch } = await import("@/lib/data/runs");
  const { run: runEngine } = await import("@/lib/engine");
  const { getProvider } = await import("@/lib/providers");
  const { compileFlow } = await import("@/lib/runs/compile");
  const { BatchingRecorder } = await import("@/lib/runs/recorder");
  const { executeRun, runsRuntime } = await import("@/lib/runs");
  try {
    const db = await getDb();
    const { teamId, userId } = await getLocalWorkspace();
    const flow = await createFlow(teamId, userId, { name: "durability bench", document: DOCUMENT });
    const resolveProvider = (model: string) => getProvider(model);
    let modelCalls = 0;
    let toolCalls = 0;
    let nodes = 0;

    const memory = async () => {
      const started = performance.now();
      const result = await runEngine(compileFlow(DOCUMENT), "go", { resolveProvider });
      const ms = performance.now() - started;
      const kinds = [...result.state.nodes.values()].map((node) => node.kind);
      modelCalls = kinds.filter((kind) => kind === "step").length;
      toolCalls = kinds.filter((kind) => kind === "tool_call").length;
      nodes = kinds.length;
      return ms;
    };
    const recorder = async () => {
      const { run } = await createRun(teamId, userId, { flowId: flow.id, input: "go" });
      let seq = 0;
      const batching = new BatchingRecorder({ runId: run.id, write: writeRunBatch, publish: (event) => ({ seq: ++seq, event }) });
      const started = performance.now();
      const stream = runEngine.stream(compileFlow(DOCUMENT), "go", { resolveProvider, recorder: batching, runId: run.id });
      for await (const _event of stream) {
        // drained; the recorder receives the events
      }
      await stream.result;
      await batching.close();
      return performance.now() - started;
    };
    let checkpoints = 0;
    const executed = async () => {
      const { run } = await createRun(teamId, userId, { flowId: flow.id, input: "go" });
      const started = performance.now();
      const status = await executeRun(run.id);
      const ms = performance.now() - started;
      if (status !== "success") throw new Error(`executeRun ended ${status}`);
      checkpoints = await db.runCheckpoint.count({ where: { runId: run.id } });
      return ms;
    };

    await memory();
    await recorder();
    await executed();
    const samples = { memory: [] as number[], recorder: [] as number[], executeRun: [] as number[] };
    for (let i = 0; i < 5; i++) {
      samples.memory.push(await memory());
      samples.recorder.push(await recorder());
      samples.executeRun.push(await executed());
    }
    runsRuntime().executor.stop();
    const result: DurabilityResult = {
      modelCalls,
      toolCalls,
      checkpoints,
      nodes,
      memoryMs: median(samples.memory),
      recorderMs: median(samples.recorder),
      executeRunMs: median(samples.executeRun),
      executeRunSamplesMs: samples.executeRun,
    };
    console.log(`RESULT ${JSON.stringify(result)}`);
  } finally {
    await closeDb();
  }
}

await main();
// The notifier's pool would keep this process alive.
process.exit(0);
