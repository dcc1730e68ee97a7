/**
 * Executes one stored run in this process, by its id: the same code on the web server
 * (single-user) and on a worker, for a first execution and for one that continues a run
 * whose earlier execution stopped (its recorded steps are replayed, not called again).
 * Records the tree through the batching recorder, streams it live through the hub, and
 * writes the final status last.
 */
import { providerConfigForTeam } from "@/lib/data/credentials";
import { claimRun, finishRun, loadRunExecution, saveCheckpoint, writeRunBatch, type RunExecution } from "@/lib/data/runs";
import { RunAbortedError, run, type Checkpoint, type StepCheckpoints } from "@/lib/engine";
import { describeError } from "@/lib/engine/errors";
import { getProvider } from "@/lib/providers";
import { providerKeys } from "@/lib/providers/config";
import { asUnavailable } from "@/lib/db/unavailable";
import { redactSecrets } from "@/lib/redact";
import { teamToolLookup } from "@/lib/flows/teamTools";
import { compileFlow, mcpBindingsOf, readFlowDocument } from "./compile";
import { notify, RUN_EVENTS_CHANNEL } from "./notifications";
import { BatchingRecorder, type RunEnd } from "./recorder";
import { retryUntilStored } from "./retry";
import { runsRuntime } from "./runtime";
import { type RunTelemetry, startRunTelemetry } from "./telemetry";
import type { RunStatus, RunTotals } from "@/lib/data/runs/types";

const DEFAULT_RUN_TIMEOUT_MS = 15 * 60_000;

function runTimeoutMs(): number {
  const configured = Number(process.env.SWARM_RUN_TIMEOUT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_RUN_TIMEOUT_MS;
}

function statusOf(error: unknown): RunStatus {
  return error instanceof RunAbortedError ? error.status : "failed";
}

/** The run's recorded steps, and those an earlier execution started and never finished. */
function checkpointsOf(execution: RunExecution, redact: (text: string) => string): StepCheckpoints {
  const runId = execution.run.id;
  return {
    recorded: (nodeId) => execution.checkpoints.get(nodeId),
    interruptedAt: (nodeId) => {
      const prior = execution.priorNodes.get(nodeId);
      const unfinished = prior && (prior.status === "running" || prior.status === "cancelled");
      return unfinished && !execution.checkpoints.has(nodeId) ? (prior.startedAt ?? undefined) : undefined;
    },
    record: (nodeId, checkpoint) => retryUntilStored(() => saveCheckpoint(runId, nodeId, redactCheckpoint(checkpoint, redact))),
  };
}

/** Checkpoints are stored like node rows: without credentials in what a tool or model returned. */
function redactCheckpoint(checkpoint: Checkpoint, redact: (text: string) => string): Checkpoint {
  if (checkpoint.kind === "tool") return { ...checkpoint, content: redact(checkpoint.content) };
  return { ...checkpoint, response: { ...checkpoint.response, content: redact(checkpoint.response.content) } };
}

/**
 * Runs the stored run `runId` here until it ends; `signal` (besides this process's own
 * cancel) stops it. Resolves with its final status, or null when it was not executed
 * (gone, or finished before it could start, e.g. cancelled while queued).
 */
export async function executeRun(runId: string, options: { signal?: AbortSignal } = {}): Promise<RunStatus | null> {
  const { hub, cancellations, executor } = runsRuntime();
  // This process's cancel (a registered run keeps its signal), plus the caller's (DBOS's cancel on a worker).
  const registered = cancellations.register(runId);
  const signal = options.signal ? AbortSignal.any([options.signal, registered]) : registered;
  try {
    // Through a storage outage, not through a bad run id or an unreadable row: those fail at once.
    const whileUnavailable = { retryIf: (error: unknown) => asUnavailable(error) !== null };
    const execution = await retryUntilStored(() => loadRunExecution(runId), whileUnavailable);
    if (!execution) return null;
    // Liveness is this process's executor heartbeat (started here if nothing started it yet).
    void executor.start();
    if (!(await retryUntilStored(() => claimRun(runId, executor.id), whileUnavailable))) return null;
    hub.open(runId, execution.lastSeq);
    try {
      return await executeClaimed(execution, signal);
    } finally {
      hub.close(runId);
    }
  } finally {
    cancellations.release(runId);
  }
}

/**
 * The run's end when its last steps could not be stored (the recorder gave up): its state
 * says so, with a final event of its own (the recorder's, published live, was not stored).
 */
async function finishWithoutSteps(runId: string, outcome: RunEnd, totals: RunTotals): Promise<void> {
  const finish = { ...outcome, error: outcome.error ?? "Some steps of this run could not be stored.", totals };
  try {
    const final = runsRuntime().hub.publish(runId, { type: "run", ...finish });
    await retryUntilStored(() => finishRun(runId, finish, { nodes: [], events: [final] }));
    void notify(RUN_EVENTS_CHANNEL, runId);
  } catch (error) {
    console.error(`Run ${runId}: could not store its final state`, error);
  }
}

async function executeClaimed(execution: RunExecution, signal: AbortSignal): Promise<RunStatus> {
  const { run: stored, teamId } = execution;
  const runId = stored.id;
  const { hub } = runsRuntime();
  // Until the team's keys are loaded, the environment's and key-shaped strings are redacted.
  let keys = providerKeys({});
  const redact = (text: string) => redactSecrets(text, keys);
  // The team's OTLP export, if any: stored rows that ended are queued, sent in the background.
  let telemetry: RunTelemetry | null = null;
  const recorder = new BatchingRecorder({
    runId,
    redact,
    prior: execution.priorNodes,
    write: async (id, batch, finish) => {
      await writeRunBatch(id, batch, finish);
      telemetry?.stored(batch.nodes);
    },
    publish: (event) => hub.publish(runId, event),
    persisted: (seq) => {
      hub.markPersisted(runId, seq);
      // Web processes streaming this run from elsewhere read what was just stored.
      void notify(RUN_EVENTS_CHANNEL, runId);
    },
  });
  let outcome: RunEnd;
  try {
    const document = readFlowDocument(execution.document);
    const bindings = mcpBindingsOf(document);
    const [config, exporter, mcp, tools] = await Promise.all([
      providerConfigForTeam(teamId),
      startRunTelemetry(teamId, stored, redact),
      bindings.length > 0 ? import("./mcpTools").then(({ prepareMcpTools }) => prepareMcpTools(teamId, bindings)) : undefined,
      teamToolLookup(teamId, document),
    ]);
    // MCP URLs and headers are credentials too: never in a stored step or error.
    keys = [...providerKeys(config), ...(mcp?.secrets ?? [])];
    telemetry = exporter;
    const swarm = compileFlow(document, { modelOverride: stored.options.modelOverride, agentEdits: stored.options.agentEdits, mcpTool: mcp?.mcpTool, tools });
    // A fork's edited step, by its position under this run's id.
    const stepEdits = new Map(Object.entries(stored.options.stepEdits ?? {}).map(([position, messages]) => [`${runId}${position}`, messages]));
    // The recorder receives the run's events, model text too (streamText); nothing else reads them.
    const result = await run(swarm, stored.input, {
      signal,
      timeoutMs: runTimeoutMs(),
      recorder,
      streamText: true,
      // Node ids are positions under the run's own id: every execution of the run gives the same ids.
      runId,
      checkpoints: checkpointsOf(execution, redact),
      stepEdits,
      resolveProvider: (model) => getProvider(model, config),
    });
    outcome = { status: "success", output: result.output, error: null };
  } catch (error) {
    const status = statusOf(error);
    // Waiting for an answer is a pause, not an error: its question is on the run page.
    outcome = { status, output: null, error: status === "waiting" ? null : redact(describeError(error).message) };
  }
  try {
    // The run's status is written last, in one commit with its last nodes and its final
    // event (the write's `persisted` tells other processes).
    await recorder.close({ end: outcome });
  } catch (error) {
    console.error(`Run ${runId}: some node changes were not stored`, error);
    await finishWithoutSteps(runId, outcome, recorder.totals());
  }
  // The last spans go in the background: the run is over for everyone waiting on it.
  void telemetry?.close();
  return outcome.status;
}
