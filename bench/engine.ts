/**
 * Engine benchmark (issues 3 and 16), with the RunNode tree recorded through a recorder
 * that keeps every snapshot, as the app's persistence does:
 *   S1 chain of 50 agents, one model call each — µs per agent step
 *   S2 one agent, 20 tool-call turns then an answer — µs per round trip
 *   S3 fan-out 1 → 32 parallel agents → 1, 50 ms model latency — wall ms vs the ideal 150 ms
 *   S4 heap growth after S1 with 1,000 agents
 * S1 and S2 are measured as peers are (issue 16.6: a fake in-process model, median wall
 * time per run, each mode in a process of its own): cold, 5 warm-ups then 20 runs (what
 * a short CLI run sees); warm, 50 warm-ups then 200 runs. Beside them, CPU time after 300
 * warm-ups (immune to the other processes on this shared machine).
 * Goals: warm < 8 µs a step and < 12 µs a round trip; cold < 20 and < 30 µs; S3 ≤ 1.015×
 * ideal; S4 < 0.5 MB.
 *
 * Where the time goes (node --cpu-prof, warm S1, 3,000 runs under tsx, 2026-11-22, after
 * the cuts of issue 16.6: positional node ids, one abort listener per signal, no hook
 * work for agents without hooks), self time of ~3.3 s of engine work: garbage
 * collection 15%, createNode 12% (0.6 µs a node alone: the node object, its usage,
 * three maps/sets and the recorder call), agentLoop + runAgent 14%, AbortSignal
 * machinery 5% (one controller per run, `signal.aborted` brand checks), tsx's `__name`
 * wrapper on closures 5% (absent from production builds), modelStep 3.5%. What stands
 * in the way of the warm goal is allocation (a step allocates its node, metadata,
 * request, assistant message and about eight promises) more than any one function.
 * S3's floor is this machine's timers (the same three waits without the engine take
 * 151–154 ms, above the goal's 152.25 ms); S4 holds ~1 KB an agent (two nodes with
 * their metadata and messages, kept by the recorder too).
 */
import { spawnSync } from "node:child_process";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { z } from "zod";
import {
  Agent,
  run as runEngine,
  Swarm,
  tool,
  type ModelProvider,
  type ModelRequest,
  type ModelResponse,
  type RunNode,
  type RunRecorder,
  type StreamChunk,
} from "@/lib/engine";

const USAGE = { inputTokens: 10, outputTokens: 5, totalTokens: 15 };

/** A zero-latency in-process model (or `latencyMs` of timer latency) deciding from the request. */
function benchProvider(
  reply: (request: ModelRequest) => Omit<ModelResponse, "usage" | "finishReason">,
  latencyMs = 0,
): ModelProvider {
  const complete = async (request: ModelRequest): Promise<ModelResponse> => {
    if (latencyMs) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const { content, toolCalls } = reply(request);
    return { content, toolCalls, usage: USAGE, finishReason: toolCalls.length ? "tool_calls" : "stop" };
  };
  return {
    complete,
    async *stream(request): AsyncIterable<StreamChunk> {
      yield { type: "done", response: await complete(request) };
    },
  };
}

const echo = benchProvider(() => ({ content: "ok", toolCalls: [] }));

/** Keeps the latest snapshot of every node, as a batching DB writer would. */
function keepingRecorder(): RunRecorder & { nodes: Map<string, RunNode> } {
  const nodes = new Map<string, RunNode>();
  return { nodes, onNodeCreated: (n) => void nodes.set(n.id, n), onNodeUpdated: (n) => void nodes.set(n.id, n) };
}

function chain(length: number): Swarm {
  return new Swarm({ agents: Array.from({ length }, (_, i) => new Agent({ name: `agent_${i}`, model: "bench:m" })) });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * µs per step: warm-up runs first (so the JIT has optimized the loop), then `batches`
 * timed batches, median reported. With a zero-latency model a run is pure CPU work, so
 * the figure checked against the target is CPU time (process.cpuUsage: immune to other
 * processes on this shared 2-core machine, but it includes GC threads); wall time beside it.
 */
async function timeRuns(label: string, stepsPerRun: number, once: () => Promise<unknown>): Promise<void> {
  const warmUp = 300;
  const runsPerBatch = 100;
  const batches = 7;
  for (let i = 0; i < warmUp; i++) await once();
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let b = 0; b < batches; b++) {
    const startedCpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < runsPerBatch; i++) await once();
    const elapsed = process.cpuUsage(startedCpu);
    const steps = runsPerBatch * stepsPerRun;
    cpu.push((elapsed.user + elapsed.system) / steps);
    wall.push(((performance.now() - started) * 1000) / steps);
  }
  const mid = median(cpu);
  console.log(
    `${label}, CPU after ${warmUp} warm-ups: ${mid.toFixed(2)} µs (median of ${batches} batches × ${runsPerBatch} runs; wall ${median(wall).toFixed(2)} µs median, ${Math.min(...wall).toFixed(2)} best)`,
  );
}

/** The two overhead scenarios: a run of each, and the steps (or round trips) it makes. */
const scenarios = {
  s1: { label: "S1 µs per agent step (chain of 50)", steps: 50, make: s1Run },
  s2: { label: "S2 µs per tool round trip (20 turns)", steps: 21, make: s2Run },
} as const;
type Scenario = keyof typeof scenarios;
const MODES = { cold: { warmUps: 5, runs: 20 }, warm: { warmUps: 50, runs: 200 } } as const;
type Mode = keyof typeof MODES;
const GOALS: Record<Scenario, Record<Mode, number>> = { s1: { cold: 20, warm: 8 }, s2: { cold: 30, warm: 12 } };

function s1Run(): () => Promise<unknown> {
  const swarm = chain(50);
  return () => runEngine(swarm, "go", { provider: echo, recorder: keepingRecorder() });
}

function s2Run(): () => Promise<unknown> {
  const ping = tool({
    name: "ping",
    description: "",
    parameters: z.object({ n: z.number() }),
    execute: ({ n }) => n + 1,
  });
  const provider = benchProvider((request) => {
    const turns = request.messages.filter((m) => m.role === "tool").length;
    return turns < 20
      ? { content: "", toolCalls: [{ id: `c${turns}`, name: "ping", arguments: `{"n":${turns}}` }] }
      : { content: "done", toolCalls: [] };
  });
  const agent = new Agent({ name: "looper", model: "bench:m", tools: [ping], maxSteps: 25 });
  return () => runEngine(agent, "go", { provider, recorder: keepingRecorder() });
}

/** In this process: median wall µs per step over `runs` runs after `warmUps`. */
async function medianWallPerStep(scenario: Scenario, mode: Mode): Promise<number> {
  const { steps, make } = scenarios[scenario];
  const once = make();
  for (let i = 0; i < MODES[mode].warmUps; i++) await once();
  const perStep: number[] = [];
  for (let i = 0; i < MODES[mode].runs; i++) {
    const started = performance.now();
    await once();
    perStep.push(((performance.now() - started) * 1000) / steps);
  }
  return median(perStep);
}

/** Each scenario and mode in a fresh process (this file, run with the same loader), as the peers were measured. */
function inFreshProcess(scenario: Scenario, mode: Mode): number {
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--overhead", scenario, mode], {
    encoding: "utf8",
  });
  const figure = Number(child.stdout.trim().split("\n").at(-1));
  if (child.status !== 0 || !Number.isFinite(figure)) throw new Error(`bench child failed: ${child.stderr || child.stdout}`);
  return figure;
}

function overhead(): void {
  for (const scenario of Object.keys(scenarios) as Scenario[]) {
    const figures = (Object.keys(MODES) as Mode[]).map((mode) => {
      const value = inFreshProcess(scenario, mode);
      const goal = GOALS[scenario][mode];
      return `${mode} ${value.toFixed(2)} µs (goal < ${goal}: ${value < goal ? "PASS" : "FAIL"})`;
    });
    console.log(`${scenarios[scenario].label}, median wall: ${figures.join("; ")}`);
  }
}

async function s1(): Promise<void> {
  await timeRuns(scenarios.s1.label, scenarios.s1.steps, s1Run());
}

async function s2(): Promise<void> {
  await timeRuns(scenarios.s2.label, scenarios.s2.steps, s2Run());
}

async function s3(): Promise<void> {
  const latency = 50;
  const workers = Array.from({ length: 32 }, (_, i) => new Agent({ name: `w${i}`, model: "bench:m" }));
  const swarm = new Swarm({
    agents: [new Agent({ name: "split", model: "bench:m" }), ...workers, new Agent({ name: "join", model: "bench:m" })],
    flow: `split >> (${workers.map((w) => w.name).join(" | ")}) >> join`,
  });
  const provider = benchProvider(() => ({ content: "ok", toolCalls: [] }), latency);
  await runEngine(swarm, "go", { provider }); // warm-up
  const samples: number[] = [];
  const floors: number[] = [];
  for (let i = 0; i < 7; i++) {
    let started = performance.now();
    await runEngine(swarm, "go", { provider, recorder: keepingRecorder() });
    samples.push(performance.now() - started);
    // The same three waits without the engine: what this machine's timers allow.
    started = performance.now();
    await sleep(latency);
    await Promise.all(workers.map(() => sleep(latency)));
    await sleep(latency);
    floors.push(performance.now() - started);
  }
  const wall = median(samples);
  const ratio = wall / (3 * latency);
  console.log(
    `S3 fan-out 1→32→1 @ ${latency} ms: ${wall.toFixed(1)} ms median of 7 (best ${Math.min(...samples).toFixed(1)}) → ${ratio.toFixed(3)}× the ideal 150 ms  goal ≤ 1.015×  ${ratio <= 1.015 ? "PASS" : "FAIL"}`,
  );
  console.log(
    `   timers alone (no engine): ${median(floors).toFixed(1)} ms median → engine overhead ${(wall - median(floors)).toFixed(1)} ms`,
  );
}

const signed = (n: number) => `${n >= 0 ? "+" : "−"}${Math.abs(n).toFixed(0)}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function s4(): Promise<void> {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const swarm = chain(1000);
  await runEngine(chain(50), "go", { provider: echo }); // warm-up outside the measurement
  gc();
  const before = process.memoryUsage().heapUsed;
  let result: Awaited<ReturnType<typeof runEngine>> | undefined = await runEngine(swarm, "go", {
    provider: echo,
    recorder: keepingRecorder(),
  });
  gc();
  const retained = process.memoryUsage().heapUsed - before;
  const nodes = result.state.nodes.size;
  result = undefined;
  await sleep(10); // pending async frames still hold the result until the loop turns
  gc();
  const leaked = process.memoryUsage().heapUsed - before;
  console.log(
    `S4 heap after a 1,000-agent chain: +${(retained / 1024 / 1024).toFixed(2)} MB while its RunResult is held (${nodes} nodes, ${Math.round(retained / 1000)} B per agent; goal < 0.5 MB: ${retained < 0.5 * 1024 * 1024 ? "PASS" : "FAIL"}); ${signed(leaked / 1024)} KB after release (${leaked < retained / 10 ? "freed" : "NOT freed: leak?"})`,
  );
}

export async function run(): Promise<void> {
  console.log(`${cpus()[0]?.model ?? "unknown CPU"}, ${cpus().length} cores, Node ${process.version}`);
  overhead();
  await s1();
  await s2();
  await s3();
  await s4();
}

// `tsx bench/engine.ts --overhead <s1|s2> <cold|warm>`: one measurement, printed alone (inFreshProcess).
if (process.argv[2] === "--overhead") {
  console.log(await medianWallPerStep(process.argv[3] as Scenario, process.argv[4] as Mode));
}
