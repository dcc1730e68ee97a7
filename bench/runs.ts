/**
 * Persistence overhead (issues 6 and 17): one agent making 1,000 model calls (999
 * tool-call turns, then an answer; ~2,000 RunNodes) run in memory vs recorded through
 * the batching recorder (nodes, events, final flush), on SQLite and PostgreSQL. Median
 * of 5 after a warm-up. Goal (issue 17): under +10% over the in-memory run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { Agent, run as runEngine, tool, type ModelProvider, type ModelRequest, type ModelResponse, type StreamChunk } from "@/lib/engine";

const STEPS = 1000;
const USAGE = { inputTokens: 10, outputTokens: 5, totalTokens: 15 };

const noop = tool({ name: "noop", description: "Does nothing.", parameters: z.object({ i: z.number() }), execute: ({ i }) => `ok ${i}` });

/** Zero-latency model: a tool call per turn (distinct arguments, so no loop is detected), then an answer. */
function stepsProvider(): ModelProvider {
  const complete = async (request: ModelRequest): Promise<ModelResponse> => {
    const turn = request.messages.filter((message) => message.role === "assistant").length;
    if (turn >= STEPS - 1) return { content: "done", toolCalls: [], usage: USAGE, finishReason: "stop" };
    const toolCalls = [{ id: `c${turn}`, name: "noop", arguments: JSON.stringify({ i: turn }) }];
    return { content: "", toolCalls, usage: USAGE, finishReason: "tool_calls" };
  };
  return {
    complete,
    async *stream(request): AsyncIterable<StreamChunk> {
      const response = await complete(request);
      if (response.content) yield { type: "text_delta", text: response.content };
      yield { type: "done", response };
    },
  };
}

const agent = new Agent({ name: "worker", model: "mock:echo", tools: [noop], maxSteps: STEPS + 1 });

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function measure(label: string, databaseUrl: string): Promise<void> {
  const previousUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = databaseUrl;
  const { closeDb } = await import("@/lib/db/client");
  const { createFlow, getLocalWorkspace } = await import("@/lib/data");
  const { createRun, listRunNodes, writeRunBatch } = await import("@/lib/data/runs");
  const { BatchingRecorder } = await import("@/lib/runs/recorder");
  try {
    const { teamId, userId } = await getLocalWorkspace();
    const flow = await createFlow(teamId, userId, { name: "bench", document: "agents:\n  a: { model: 'mock:echo' }\nswarm: { flow: a }\n" });
    const provider = stepsProvider();

    const inMemory = async () => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const result = await runEngine(agent, "go", { provider });
      return { ms: performance.now() - started, cpuMs: cpuMsSince(cpu), nodes: result.state.nodes.size };
    };
    const recorded = async () => {
      const { run: created } = await createRun(teamId, userId, { flowId: flow.id, input: "go" });
      let seq = 0;
      const recorder = new BatchingRecorder({ runId: created.id, write: writeRunBatch, publish: (event) => ({ seq: ++seq, event }) });
      const started = performance.now();
      const cpu = process.cpuUsage();
      // As lib/runs/execution.ts runs it: the recorder receives the events, model text too.
      const result = await runEngine(agent, "go", { provider, recorder, streamText: true });
      await recorder.close();
      const ms = performance.now() - started;
      const cpuMs = cpuMsSince(cpu);
      const stored = (await listRunNodes(teamId, created.id)).length;
      if (stored !== result.state.nodes.size) throw new Error(`stored ${stored} of ${result.state.nodes.size} nodes`);
      return { ms, cpuMs, nodes: stored, events: seq };
    };

    await inMemory();
    await recorded();
    const memory: number[] = [];
    const persisted: number[] = [];
    const memoryCpu: number[] = [];
    const persistedCpu: number[] = [];
    let nodes = 0;
    let events = 0;
    for (let i = 0; i < 5; i++) {
      const free = await inMemory();
      memory.push(free.ms);
      memoryCpu.push(free.cpuMs);
      const sample = await recorded();
      persisted.push(sample.ms);
      persistedCpu.push(sample.cpuMs);
      nodes = sample.nodes;
      events = sample.events;
    }
    const memoryMs = median(memory);
    const persistedMs = median(persisted);
    const overheadMs = persistedMs - memoryMs;
    console.log(`${label}: ${STEPS} model calls, ${nodes} RunNodes, ${events} live events per run (median of 5)`);
    console.log(`  in memory:    ${memoryMs.toFixed(1)} ms`);
    console.log(`  recorded:     ${persistedMs.toFixed(1)} ms (all rows and events stored)`);
    console.log(
      `  overhead:     ${overheadMs.toFixed(1)} ms = ${((overheadMs / memoryMs) * 100).toFixed(0)}% = ${((overheadMs / nodes) * 1000).toFixed(1)} µs per node ` +
        `— goal < +10%: ${overheadMs / memoryMs < 0.1 ? "met" : "NOT met"}`,
    );
    // Wall times swing with the machine's load; this process's CPU time far less (it leaves out waiting for the disk or the server).
    const [cpuFree, cpuRecorded] = [median(memoryCpu), median(persistedCpu)];
    console.log(
      `  CPU of this process: ${cpuFree.toFixed(1)} ms in memory, ${cpuRecorded.toFixed(1)} ms recorded (+${(((cpuRecorded - cpuFree) / cpuFree) * 100).toFixed(0)}%)`,
    );
  } finally {
    await closeDb();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
  }
}

/** SQLite always; PostgreSQL too when BENCH_POSTGRES_URL names a database (its tables are created there). */
export async function run(): Promise<void> {
  console.log(`CPU: ${cpus()[0]?.model ?? "unknown"} × ${cpus().length}; load average ${loadavg().map((n) => n.toFixed(1)).join(" ")}`);
  const dir = mkdtempSync(path.join(tmpdir(), "swarm-bench-runs-"));
  try {
    await measure("SQLite", `file:${path.join(dir, "bench.db")}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const postgres = process.env.BENCH_POSTGRES_URL;
  if (postgres) await measure("PostgreSQL", postgres);
  else console.log("PostgreSQL: set BENCH_POSTGRES_URL=postgres://… to measure it too");
}
