/**
 * Runs as OTLP traces for the team's collector. While a run executes, every node row the
 * recorder stored that has ended is queued as a span and sent in the background (batches,
 * bounded retries): nothing here is awaited by the run, and nothing here throws into it.
 * A failed export is remembered for the settings page, without header values.
 * Also the whole run's trace as OTLP JSON, for a download.
 */
import { providerConfigForTeam } from "@/lib/data/credentials";
import { getRun, listRunNodeDetails } from "@/lib/data/runs";
import type { RunNodeDetail } from "@/lib/data/runs/types";
import { recordTelemetryOutcome, telemetryTargetForTeam } from "@/lib/data/telemetry";
import { createOtlpSender, defaultResource, ExportQueue, headerSecrets, isEnded, otlpAllowedCidrsFromEnv, otlpJson, spanOf, spansOf } from "@/lib/otel";
import { providerKeys } from "@/lib/providers/config";
import { redactSecrets } from "@/lib/redact";

export type RunTelemetry = {
  /** Queues the spans of the rows that have ended (call after they are stored). Never throws. */
  stored(rows: readonly RunNodeDetail[]): void;
  /** Sends what is left and records how the export went; never rejects. */
  close(): Promise<void>;
};

/** How hard an export tries; the defaults suit a server (4 tries over ~10 s, 10 s a request). */
export type TelemetryTuning = { maxAttempts?: number; retryDelayMs?: number; delayMs?: number; timeoutMs?: number };

/** SWARM_OTLP_MAX_ATTEMPTS (1–10), SWARM_OTLP_RETRY_DELAY_MS and SWARM_OTLP_TIMEOUT_MS (1–60,000). */
export function telemetryTuningFromEnv(env: Record<string, string | undefined> = process.env): TelemetryTuning {
  const number = (name: string, max: number) => {
    const value = Number(env[name]);
    return env[name] && Number.isInteger(value) && value >= 1 && value <= max ? value : undefined;
  };
  return { maxAttempts: number("SWARM_OTLP_MAX_ATTEMPTS", 10), retryDelayMs: number("SWARM_OTLP_RETRY_DELAY_MS", 60_000), timeoutMs: number("SWARM_OTLP_TIMEOUT_MS", 60_000) };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

async function record(teamId: string, error: string | null): Promise<void> {
  try {
    await recordTelemetryOutcome(teamId, { error });
  } catch (failure) {
    console.error(`Team ${teamId}: could not record the outcome of an OTLP export`, failure);
  }
}

/**
 * The exporter of one run's spans, or null when the team exports nothing. `redact`
 * removes the run's credentials from kept text (called at send time, so it may learn keys later).
 */
export async function startRunTelemetry(
  teamId: string,
  run: { id: string; flowName: string },
  redact: (text: string) => string,
  tuning: TelemetryTuning = telemetryTuningFromEnv(),
): Promise<RunTelemetry | null> {
  let queue: ExportQueue;
  let includeContent: boolean;
  let secrets: string[];
  let failed = false;
  let sent = 0;
  try {
    const target = await telemetryTargetForTeam(teamId);
    if (!target?.enabled) return null;
    includeContent = target.includeContent;
    secrets = headerSecrets(target.headers);
    const sender = createOtlpSender({ ...target, allowedCidrs: otlpAllowedCidrsFromEnv(), timeoutMs: tuning.timeoutMs });
    queue = new ExportQueue({
      sender,
      maxAttempts: tuning.maxAttempts,
      retryDelayMs: tuning.retryDelayMs,
      delayMs: tuning.delayMs,
      onSuccess: (count) => {
        sent += count;
      },
      onFailure: (error, dropped) => {
        failed = true;
        void record(teamId, redactSecrets(`Run ${run.id}: ${dropped} spans not exported: ${describe(error)}`, secrets));
      },
    });
  } catch (error) {
    // A target that cannot be used (e.g. the operator's allow-list changed): the run goes on, without waiting for the record.
    void record(teamId, `Run ${run.id}: not exported: ${describe(error)}`);
    return null;
  }
  const clean = (text: string) => redactSecrets(redact(text), secrets);
  const options = { runId: run.id, flowName: run.flowName, content: includeContent, redact: clean, resource: defaultResource() };
  // Rows are made spans on a later turn of the event loop, not in the recorder's write.
  let ended: RunNodeDetail[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const convert = () => {
    clearTimeout(timer);
    timer = undefined;
    const rows = ended;
    ended = [];
    try {
      queue.add(rows.map((row) => spanOf(row, options)));
    } catch (error) {
      console.error(`Run ${run.id}: could not make spans of its nodes`, error);
    }
  };
  return {
    stored(rows) {
      for (const row of rows) if (isEnded(row)) ended.push(row);
      if (ended.length > 0) timer ??= setTimeout(convert, 0);
    },
    async close() {
      convert();
      await queue.close();
      if (sent > 0 && !failed) await record(teamId, null);
    },
  };
}

/** A run's whole trace as an OTLP/JSON body (content only when the team opted in); another team's run is not found. */
export async function runTraceJson(teamId: string, runId: string): Promise<Uint8Array> {
  const run = await getRun(teamId, runId);
  const [nodes, target, config] = await Promise.all([listRunNodeDetails(teamId, runId), telemetryTargetForTeam(teamId), providerConfigForTeam(teamId)]);
  const secrets = [...providerKeys(config), ...headerSecrets(target?.headers ?? {})];
  const redact = (text: string) => redactSecrets(text, secrets);
  return otlpJson(spansOf(nodes, { runId: run.id, flowName: run.flowName, content: target?.includeContent ?? false, redact }));
}
