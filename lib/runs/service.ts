/**
 * Runs flows in this server process: creates the Run, executes it in the background
 * (the request that started it does not wait), records its tree through the batching
 * recorder, streams it live through the hub, and writes the final status last.
 */
import { createRun, finishRun, markRunStarted, writeRunBatch, type CreateRunInput } from "@/lib/data/runs";
import { providerConfigForTeam } from "@/lib/data/credentials";
import { RunAbortedError, run } from "@/lib/engine";
import { describeError } from "@/lib/engine/errors";
import { getProvider } from "@/lib/providers";
import { type ProviderConfig, resolveProviderConfig } from "@/lib/providers/config";
import { redactSecrets } from "@/lib/redact";
import { CancellationRegistry } from "./cancellation";
import { ExecutorHeartbeat } from "./executorHeartbeat";
import { compileFlow } from "./compile";
import { RunEventHub } from "./eventHub";
import { BatchingRecorder } from "./recorder";
import { retryUntilStored } from "./retry";
import type { RunDetail, RunStatus } from "@/lib/data/runs/types";

const DEFAULT_RUN_TIMEOUT_MS = 15 * 60_000;

type RunsRuntime = { hub: RunEventHub; cancellations: CancellationRegistry; executor: ExecutorHeartbeat };

// On globalThis so Next.js dev reloads keep one hub, registry and executor identity per process.
const holder = globalThis as typeof globalThis & { __swarmStudioRuns?: RunsRuntime };
const runtime: RunsRuntime = (holder.__swarmStudioRuns ??= {
  hub: new RunEventHub(),
  cancellations: new CancellationRegistry(),
  executor: new ExecutorHeartbeat("in-process"),
});

/** This process's hub, cancellation registry and executor heartbeat. */
export function runsRuntime(): RunsRuntime {
  return runtime;
}

export function liveRuns(): RunEventHub {
  return runtime.hub;
}

export type StartRunRequest = CreateRunInput & {
  teamId: string;
  /** Who started it (null for an API token). */
  userId: string | null;
  apiTokenId?: string;
};

/** Creates the run and starts it in the background; resolves as soon as the run exists. */
export async function startRun(request: StartRunRequest): Promise<RunDetail> {
  const { teamId, userId, apiTokenId, ...input } = request;
  const { run: created, document } = await createRun(teamId, userId, input, { apiTokenId });
  runtime.hub.open(created.id);
  const signal = runtime.cancellations.register(created.id);
  void execute(teamId, created, document, signal);
  return created;
}

/** Asks a run executing in this process to stop; false when it is not running here. */
export function cancelRun(runId: string): boolean {
  return runtime.cancellations.cancel(runId);
}

export function isRunLive(runId: string): boolean {
  return runtime.cancellations.isRunning(runId);
}

function runTimeoutMs(): number {
  const configured = Number(process.env.SWARM_RUN_TIMEOUT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_RUN_TIMEOUT_MS;
}

/** The keys a run with this config may send (the team's, else the environment's): never stored in its records. */
function providerKeys(config: ProviderConfig): string[] {
  const resolved = resolveProviderConfig(config);
  return [resolved.openai.apiKey, resolved.anthropic.apiKey].filter((key): key is string => Boolean(key));
}

function statusOf(error: unknown): RunStatus {
  return error instanceof RunAbortedError ? error.status : "failed";
}

async function execute(teamId: string, created: RunDetail, document: string, signal: AbortSignal): Promise<void> {
  const runId = created.id;
  const { hub, cancellations } = runtime;
  // Until the team's keys are loaded, the environment's and key-shaped strings are redacted.
  let keys = providerKeys({});
  const redact = (text: string) => redactSecrets(text, keys);
  const recorder = new BatchingRecorder({
    runId,
    redact,
    write: writeRunBatch,
    publish: (event) => hub.publish(runId, event),
    persisted: (seq) => hub.markPersisted(runId, seq),
  });
  // Liveness is this process's executor heartbeat (started here if nothing started it yet).
  void runtime.executor.start();
  let outcome: { status: RunStatus; output: string | null; error: string | null };
  try {
    await markRunStarted(runId, runtime.executor.id);
    const config = await providerConfigForTeam(teamId);
    keys = providerKeys(config);
    const swarm = compileFlow(document, { modelOverride: created.options.modelOverride });
    const stream = run.stream(swarm, created.input, {
      signal,
      timeoutMs: runTimeoutMs(),
      recorder,
      // Node ids are positions under the run's own id: the same run always gives the same ids.
      runId,
      resolveProvider: (model) => getProvider(model, config),
    });
    for await (const _event of stream) {
      // The recorder receives every event; draining keeps the stream's queue empty.
    }
    outcome = { status: "success", output: (await stream.result).output, error: null };
  } catch (error) {
    outcome = { status: statusOf(error), output: null, error: redact(describeError(error).message) };
  }
  try {
    await recorder.close();
  } catch (error) {
    console.error(`Run ${runId}: some node changes were not stored`, error);
    outcome.error ??= "Some steps of this run could not be stored.";
  }
  try {
    const totals = recorder.totals();
    // The final event gets its seq once; the run's status is written last, after everything else is stored.
    const final = hub.publish(runId, { type: "run", ...outcome, totals });
    await retryUntilStored(() => writeRunBatch(runId, { nodes: [], events: [final] }));
    await retryUntilStored(() => finishRun(runId, { ...outcome, totals }));
  } catch (error) {
    console.error(`Run ${runId}: could not store its final state`, error);
  } finally {
    hub.close(runId);
    cancellations.release(runId);
  }
}
