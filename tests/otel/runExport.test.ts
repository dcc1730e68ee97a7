// A team's runs exported as they execute, end to end: settings stored (headers sealed),
// a run executed by the real executor, its spans at our collector, one per stored node;
// the team's provider key and the OTLP header value never in a body; a collector that
// answers 500 or is down is recorded in the settings and the run is unaffected; the
// OTLP JSON download, and another team's run not found.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFlow, getLocalWorkspace } from "@/lib/data";
import { createCredential } from "@/lib/data/credentials";
import { getRun, listRunNodeDetails } from "@/lib/data/runs";
import { createTeam } from "@/lib/data/teams";
import { getTelemetrySettings, saveTelemetrySettings } from "@/lib/data/telemetry";
import { getDb } from "@/lib/db/client";
import { GEN_AI, spanIdOf, traceIdOf } from "@/lib/otel";
import { startRun } from "@/lib/runs";
import { runTraceJson } from "@/lib/runs/telemetry";
import { testDatabases, useTestDatabase } from "../data/databases";
import { type Collector, decodeJson, startCollector } from "./collector";
import { DOCUMENT } from "./fixtures";

process.env.SWARM_SECRET_KEY = Buffer.alloc(32, 7).toString("base64");
process.env.SWARM_OTLP_ALLOWED_CIDRS = "127.0.0.1";
process.env.SWARM_OTLP_MAX_ATTEMPTS = "2";
process.env.SWARM_OTLP_RETRY_DELAY_MS = "10";
process.env.SWARM_OTLP_TIMEOUT_MS = "2000";

const PROVIDER_KEY = "team-provider-key-0123456789abcdef"; // not key-shaped: only the known-key redaction catches it
const HEADER_SECRET = "otlp-header-token-9d8c7b6a5f4e";
const INPUT = `please compute; my key is ${PROVIDER_KEY}`;

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const finished = (teamId: string, runId: string) =>
  until(async () => {
    const run = await getRun(teamId, runId);
    return ["queued", "running"].includes(run.status) ? undefined : run;
  }, "the run to finish");

describe.each(testDatabases())("runs exported over OTLP on $name", (database) => {
  useTestDatabase(database);
  let collector: Collector;
  let teamId: string;
  let userId: string;
  let flowId: string;

  beforeAll(async () => {
    collector = await startCollector();
    ({ teamId, userId } = await getLocalWorkspace());
    await createCredential(teamId, userId, { provider: "openai", name: "main", apiKey: PROVIDER_KEY });
    flowId = (await createFlow(teamId, userId, { name: "otel-flow", document: DOCUMENT })).id;
  });
  afterAll(() => collector.close());
  beforeEach(() => {
    collector.requests.length = 0;
    collector.failWith(null);
  });

  async function configure(fields: { includeContent?: boolean; protocol?: "json" | "protobuf"; enabled?: boolean; endpoint?: string } = {}) {
    return saveTelemetrySettings(teamId, {
      enabled: fields.enabled ?? true,
      endpoint: fields.endpoint ?? collector.url,
      protocol: fields.protocol ?? "json",
      includeContent: fields.includeContent ?? false,
      headers: `authorization=Bearer ${HEADER_SECRET}\nx-team=swarm`,
    });
  }

  it("stores the headers sealed and shows only their names", async () => {
    const summary = await configure();
    expect(summary.headerNames).toEqual(["authorization", "x-team"]);
    expect(JSON.stringify(summary)).not.toContain(HEADER_SECRET);
    const db = await getDb();
    expect(JSON.stringify(await db.teamTelemetry.findMany())).not.toContain(HEADER_SECRET);
  });

  it.each(["json", "protobuf"] as const)("sends one span per stored node as the run goes (%s), without secrets", async (protocol) => {
    await configure({ protocol, includeContent: true });
    const run = await finished(teamId, (await startRun({ teamId, userId, flowId, input: INPUT, trigger: "api" })).id);
    expect(run.status).toBe("success");
    const nodes = await listRunNodeDetails(teamId, run.id);
    const spans = await until(() => {
      const got = collector.spans();
      return got.length >= nodes.length ? got : undefined;
    }, "every span");
    expect(spans.map((s) => s.spanId).sort()).toEqual(nodes.map((node) => spanIdOf(node.id)).sort());
    for (const node of nodes) {
      const span = spans.find((s) => s.spanId === spanIdOf(node.id))!;
      expect(span.traceId).toBe(traceIdOf(run.id));
      expect(span.parentSpanId).toBe(node.parentId ? spanIdOf(node.parentId) : "");
      expect(span.startNs).toBe(BigInt(node.startedAt!) * 1_000_000n);
      expect(span.endNs).toBe(BigInt(node.endedAt!) * 1_000_000n);
    }
    expect(spans.find((s) => s.parentSpanId === "")!.name).toBe("invoke_workflow otel-flow");
    expect(collector.requests.every((r) => r.headers.authorization === `Bearer ${HEADER_SECRET}` && r.headers["x-team"] === "swarm")).toBe(true);
    // Content is on: the input is there, the key in it is not.
    const withInput = spans.find((s) => String(s.attributes[GEN_AI.inputMessages] ?? "").includes("please compute"));
    expect(withInput).toBeDefined();
    const bodies = collector.requests.map((r) => r.body.toString("utf8")).join("\n");
    expect(bodies).not.toContain(PROVIDER_KEY);
    expect(bodies).not.toContain(HEADER_SECRET);
    // The success is recorded when the run's exporter closes, after its last batch.
    await until(async () => (await getTelemetrySettings(teamId))?.lastExportAt ?? undefined, "the export to be recorded");
  });

  it("sends no content unless the team opted in", async () => {
    await configure({ includeContent: false });
    const run = await finished(teamId, (await startRun({ teamId, userId, flowId, input: INPUT, trigger: "api" })).id);
    const count = (await listRunNodeDetails(teamId, run.id)).length;
    const spans = await until(() => (collector.spans().length >= count ? collector.spans() : undefined), "every span");
    expect(spans.some((s) => GEN_AI.inputMessages in s.attributes || GEN_AI.toolCallResult in s.attributes)).toBe(false);
    expect(collector.requests.map((r) => r.body.toString("utf8")).join("\n")).not.toContain("please compute");
  });

  it.each([
    ["answers 500", (c: Collector) => c.failWith(500), "collector"],
    ["is down", () => undefined, "down"],
    ["never answers", (c: Collector) => c.failWith("hang"), "hang"],
  ] as const)("records a collector that %s in the settings, and the run is unaffected", async (_what, arrange, kind) => {
    let endpoint = collector.url;
    if (kind === "down") {
      const down = await startCollector();
      await down.close();
      endpoint = down.url;
    }
    await configure({ endpoint });
    arrange(collector);
    const before = (await getTelemetrySettings(teamId))?.lastErrorAt?.getTime() ?? 0;
    const started = Date.now();
    const run = await finished(teamId, (await startRun({ teamId, userId, flowId, input: "6*7", trigger: "api" })).id);
    const elapsed = Date.now() - started;
    expect(run.status).toBe("success");
    expect(run.output).not.toBeNull();
    // This run's error: an earlier case's run may still be retrying its own export meanwhile.
    const settings = await until(async () => {
      const s = await getTelemetrySettings(teamId);
      return (s?.lastErrorAt?.getTime() ?? 0) > before && s?.lastError?.includes(run.id) ? s : undefined;
    }, "the export error", 30_000);
    expect(settings!.lastError).toContain(run.id);
    expect(settings!.lastError).not.toContain(HEADER_SECRET);
    // The exporter waits up to SWARM_OTLP_TIMEOUT_MS (2 s) for an answer: the run never did.
    if (kind === "hang") expect(elapsed).toBeLessThan(2_000);
    if (kind === "collector") {
      expect(settings!.lastError).toMatch(/500/);
      expect(collector.requests.length).toBeGreaterThanOrEqual(2); // retried, bounded
    }
    console.log(`run with a failing collector (${kind}): ${elapsed} ms to finish`);
  });

  it("downloads the run's trace as OTLP JSON; another team's run is not found", async () => {
    await configure({ includeContent: true });
    const run = await finished(teamId, (await startRun({ teamId, userId, flowId, input: INPUT, trigger: "api" })).id);
    const body = Buffer.from(await runTraceJson(teamId, run.id)).toString("utf8");
    const nodes = await listRunNodeDetails(teamId, run.id);
    expect(decodeJson(JSON.parse(body)).map((s) => s.spanId).sort()).toEqual(nodes.map((n) => spanIdOf(n.id)).sort());
    expect(body).toContain("please compute");
    expect(body).not.toContain(PROVIDER_KEY);
    const other = await createTeam(userId, "Other team");
    await expect(runTraceJson(other.id, run.id)).rejects.toMatchObject({ kind: "not_found" });
  });

  it("runs, unexported, when the operator's allow-list no longer covers a stored endpoint; the reason is recorded", async () => {
    await configure();
    process.env.SWARM_OTLP_ALLOWED_CIDRS = "";
    try {
      const before = (await getTelemetrySettings(teamId))?.lastErrorAt?.getTime() ?? 0;
      const run = await finished(teamId, (await startRun({ teamId, userId, flowId, input: "6*7", trigger: "api" })).id);
      expect(run.status).toBe("success");
      const settings = await until(async () => {
        const s = await getTelemetrySettings(teamId);
        return (s?.lastErrorAt?.getTime() ?? 0) > before ? s : undefined;
      }, "the refusal");
      expect(settings!.lastError).toMatch(/not exported.*private or reserved/);
      // (An earlier test's run may still be sending in the background: only this run's trace counts.)
      expect(collector.spans().filter((span) => span.traceId === traceIdOf(run.id))).toHaveLength(0);
    } finally {
      process.env.SWARM_OTLP_ALLOWED_CIDRS = "127.0.0.1";
    }
  });

  it("refuses an endpoint the policy does not allow", async () => {
    await expect(configure({ endpoint: "http://169.254.169.254/v1/traces" })).rejects.toThrow(/private or reserved/);
    await expect(configure({ endpoint: "ftp://example.com/x" })).rejects.toThrow(/http or https/);
  });
});
