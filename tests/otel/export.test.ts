// Spans from a real run's nodes, sent with the OTLP exporters (JSON and protobuf) to a
// collector of ours: one span per node, parents, times, names, GenAI attributes; content
// only on opt-in; header values never in a body or an error; the endpoint policy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOtlpSender, ExportQueue, GEN_AI, otlpJson, spanIdOf, spansOf, traceIdOf, type OtlpProtocol } from "@/lib/otel";
import { redactSecrets } from "@/lib/redact";
import type { RunNodeDetail } from "@/lib/data/runs/types";
import { type Collector, decodeJson, startCollector } from "./collector";
import { INPUT, runFixture } from "./fixtures";

const HEADER_SECRET = "otlp-header-secret-5b2e9c1d";
const LOCAL = ["127.0.0.1"];

let collector: Collector;
let runId: string;
let rows: RunNodeDetail[];

beforeAll(async () => {
  collector = await startCollector();
  ({ runId, rows } = await runFixture());
});
afterAll(() => collector.close());

const ns = (ms: number) => BigInt(ms) * 1_000_000n;

async function sendAll(protocol: OtlpProtocol, content: boolean, redact?: (text: string) => string) {
  collector.requests.length = 0;
  const sender = createOtlpSender({ url: collector.url, headers: { authorization: `Bearer ${HEADER_SECRET}` }, protocol, allowedCidrs: LOCAL });
  await sender.send(spansOf(rows, { runId, flowName: "otel-flow", content, redact }));
  await sender.shutdown();
  return collector.spans();
}

describe.each(["json", "protobuf"] as const)("a run exported over OTLP/%s", (protocol) => {
  it("has one span per node, with the node's parent, times, name and kind", async () => {
    const spans = await sendAll(protocol, false);
    expect(collector.requests[0]?.contentType).toContain(protocol === "json" ? "application/json" : "application/x-protobuf");
    expect(collector.requests[0]?.headers.authorization).toBe(`Bearer ${HEADER_SECRET}`);
    expect(spans).toHaveLength(rows.length);
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    for (const row of rows) {
      const span = byId.get(spanIdOf(row.id));
      expect(span, row.id).toBeDefined();
      expect(span!.traceId).toBe(traceIdOf(runId));
      expect(span!.parentSpanId).toBe(row.parentId === null ? "" : spanIdOf(row.parentId));
      expect(span!.startNs).toBe(ns(row.startedAt!));
      expect(span!.endNs).toBe(ns(row.endedAt!));
      expect(span!.attributes["swarm_studio.node.id"]).toBe(row.id);
      expect(span!.scope).toBe("swarm-studio");
      expect(span!.resource["service.name"]).toBe("swarm-studio");
    }
    const names = rows.map((row) => byId.get(spanIdOf(row.id))!.name);
    expect(names).toEqual([
      "invoke_workflow otel-flow",
      "invoke_workflow otel-flow",
      "invoke_agent math",
      'chat tool?name=calculator&args={"expression":"6*7"}',
      "execute_tool calculator",
      'chat tool?name=calculator&args={"expression":"6*7"}',
      "invoke_agent divider",
      'chat tool?name=calculator&args={"expression":"1/0"}',
      "execute_tool calculator",
      'chat tool?name=calculator&args={"expression":"1/0"}',
      "invoke_agent writer",
      "chat echo",
    ]);
    // OTLP's SpanKind: 3 client (model calls), 1 internal.
    expect(rows.map((row) => byId.get(spanIdOf(row.id))!.kind)).toEqual(rows.map((row) => (row.kind === "step" ? 3 : 1)));
  });

  it("carries the GenAI attributes: operation, provider, model, tokens, finish reasons, agent, tool and call id", async () => {
    const spans = await sendAll(protocol, false);
    const span = (id: string) => spans.find((s) => s.spanId === spanIdOf(id))!;
    const step = rows.find((row) => row.id === `${runId}.0.0.0`)!;
    const ownUsage = step.metadata.modelUsage as { inputTokens: number; outputTokens: number };
    expect(span(step.id).attributes).toMatchObject({
      [GEN_AI.operationName]: "chat",
      [GEN_AI.providerName]: "mock",
      [GEN_AI.requestModel]: 'tool?name=calculator&args={"expression":"6*7"}',
      [GEN_AI.inputTokens]: ownUsage.inputTokens,
      [GEN_AI.outputTokens]: ownUsage.outputTokens,
      [GEN_AI.responseFinishReasons]: ["tool_calls"],
      [GEN_AI.agentName]: "math",
    });
    expect(span(`${runId}.0.0.0.0`).attributes).toMatchObject({
      [GEN_AI.operationName]: "execute_tool",
      [GEN_AI.toolName]: "calculator",
      [GEN_AI.toolCallId]: "call_0_0",
    });
    expect(span(`${runId}.0.0`).attributes).toMatchObject({ [GEN_AI.operationName]: "invoke_agent", [GEN_AI.agentName]: "math" });
    expect(span(runId).attributes).toMatchObject({ [GEN_AI.operationName]: "invoke_workflow" });
    expect(span(`${runId}.0.2.0`).attributes[GEN_AI.responseFinishReasons]).toEqual(["stop"]);
    // The failed tool call: error status and type; its text (content) only on opt-in.
    const failed = span(`${runId}.0.1.0.0`);
    expect(failed.status).toEqual({ code: 2, message: "Error" });
    expect(failed.attributes["error.type"]).toBe("Error");
    expect(spans.filter((s) => s.status.code === 2)).toHaveLength(1);
  });

  it("leaves content out unless asked: no messages, arguments, results, error text or input anywhere", async () => {
    const spans = await sendAll(protocol, false);
    const body = collector.requests.map((r) => r.body.toString("utf8")).join("\n");
    for (const span of spans) {
      for (const key of [GEN_AI.inputMessages, GEN_AI.outputMessages, GEN_AI.toolCallArguments, GEN_AI.toolCallResult]) expect(span.attributes[key]).toBeUndefined();
    }
    expect(body).not.toContain("the-user-input-7f3a");
    expect(body).not.toContain("division by zero");
    expect(body).not.toContain(HEADER_SECRET);
  });

  it("sends content when asked, in the GenAI message shape, redacted", async () => {
    const redact = (text: string) => redactSecrets(text, ["input-7f3a"]);
    const spans = await sendAll(protocol, true, redact);
    const body = collector.requests.map((r) => r.body.toString("utf8")).join("\n");
    const first = spans.find((s) => s.spanId === spanIdOf(`${runId}.0.0.0`))!;
    const input = JSON.parse(String(first.attributes[GEN_AI.inputMessages]));
    expect(input).toEqual([
      { role: "system", parts: [{ type: "text", content: "Compute." }] },
      { role: "user", parts: [{ type: "text", content: "the-user-[redacted] what is 6*7?" }] },
    ]);
    const output = JSON.parse(String(first.attributes[GEN_AI.outputMessages]));
    expect(output).toEqual([{ role: "assistant", finish_reason: "tool_calls", parts: [{ type: "tool_call", id: "call_0_0", name: "calculator", arguments: '{"expression":"6*7"}' }] }]);
    const tool = spans.find((s) => s.spanId === spanIdOf(`${runId}.0.0.0.0`))!;
    expect(tool.attributes).toMatchObject({ [GEN_AI.toolCallArguments]: '{"expression":"6*7"}', [GEN_AI.toolCallResult]: "42" });
    expect(spans.find((s) => s.spanId === spanIdOf(`${runId}.0.1.0.0`))!.status.message).toContain("division by zero");
    expect(body).toContain("the-user-[redacted]");
    expect(body).not.toContain(INPUT);
    expect(body).not.toContain(HEADER_SECRET);
  });
});

describe("span names and statuses by node kind", () => {
  const node = (kind: string, fields: Partial<RunNodeDetail> = {}): RunNodeDetail =>
    ({ id: `k.${kind}`, parentId: "k", seq: 0, kind, name: `${kind}-name`, status: "success", model: null, createdAt: 1000, startedAt: 1500, endedAt: 2750,
      durationMs: 1250, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 }, costUsd: 0, error: null, marks: null, input: null, output: null, messages: null, metadata: {}, ...fields }) as RunNodeDetail;

  it("names every kind after the GenAI operations", () => {
    const names = Object.fromEntries(
      ["run", "swarm", "stage", "group", "agent", "delegation", "spawn", "tool_call", "approval"].map((kind) => [kind, spansOf([node(kind)], { runId: "k", content: false })[0]!.name]),
    );
    expect(names).toEqual({
      run: "invoke_workflow run-name",
      swarm: "invoke_workflow swarm-name",
      stage: "invoke_workflow stage-name",
      group: "invoke_workflow group-name",
      agent: "invoke_agent agent-name",
      delegation: "invoke_agent delegation-name",
      spawn: "invoke_agent spawn-name",
      tool_call: "execute_tool tool_call-name",
      approval: "execute_tool approval-name",
    });
    const [step] = spansOf([node("step", { model: "anthropic:claude-sonnet-4-5" })], { runId: "k", content: false });
    expect(step!.name).toBe("chat claude-sonnet-4-5");
    expect(step!.attributes).toMatchObject({ [GEN_AI.providerName]: "anthropic", [GEN_AI.requestModel]: "claude-sonnet-4-5", [GEN_AI.operationName]: "chat" });
  });

  it("marks failed and timed-out nodes as errors, others not; times are the node's own", () => {
    const statuses = (["success", "failed", "timeout", "cancelled"] as const).map((status) => spansOf([node("agent", { status, error: status === "failed" ? { name: "ToolError", message: "boom" } : null })], { runId: "k", content: false })[0]!);
    expect(statuses.map((span) => span.status.code)).toEqual([0, 2, 2, 0]);
    expect(statuses[1]!.attributes["error.type"]).toBe("ToolError");
    expect(statuses[2]!.attributes["error.type"]).toBe("Timeout");
    expect(statuses[0]!.startTime).toEqual([1, 500_000_000]);
    expect(statuses[0]!.endTime).toEqual([2, 750_000_000]);
  });
});

describe("the server's own OTLP environment", () => {
  it("never reaches a team's endpoint (OTEL_EXPORTER_OTLP_HEADERS is the operator's, not the team's)", async () => {
    const saved = { all: process.env.OTEL_EXPORTER_OTLP_HEADERS, traces: process.env.OTEL_EXPORTER_OTLP_TRACES_HEADERS };
    process.env.OTEL_EXPORTER_OTLP_HEADERS = "x-operator-key=operator-secret-1111";
    process.env.OTEL_EXPORTER_OTLP_TRACES_HEADERS = "x-operator-traces=operator-secret-2222";
    try {
      for (const protocol of ["json", "protobuf"] as const) {
        const spans = await sendAll(protocol, false);
        expect(spans).toHaveLength(rows.length);
        const request = collector.requests[0]!;
        expect(JSON.stringify(request.headers)).not.toMatch(/operator-secret/);
        expect(request.headers.authorization).toBe(`Bearer ${HEADER_SECRET}`);
      }
    } finally {
      for (const [name, value] of [["OTEL_EXPORTER_OTLP_HEADERS", saved.all], ["OTEL_EXPORTER_OTLP_TRACES_HEADERS", saved.traces]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});

describe("the OTLP JSON download", () => {
  it("is the same spans as an OTLP/JSON request body", () => {
    const spans = decodeJson(JSON.parse(Buffer.from(otlpJson(spansOf(rows, { runId, content: false }))).toString("utf8")));
    expect(spans.map((s) => s.spanId).sort()).toEqual(rows.map((row) => spanIdOf(row.id)).sort());
  });
});

describe("the endpoint policy", () => {
  it("refuses a private address unless the operator allows it, before sending", () => {
    expect(() => createOtlpSender({ url: collector.url, headers: {}, protocol: "json" })).toThrow(/private or reserved/);
    expect(() => createOtlpSender({ url: "http://169.254.169.254/v1/traces", headers: {}, protocol: "json" })).toThrow(/private or reserved/);
    expect(() => createOtlpSender({ url: "file:///etc/passwd", headers: {}, protocol: "json" })).toThrow(/http or https/);
    expect(() => createOtlpSender({ url: "http://user:pw@example.com/v1/traces", headers: {}, protocol: "json" })).toThrow(/credentials/);
  });

  it("refuses a host name that resolves to a private address, when connecting", async () => {
    collector.requests.length = 0;
    const port = new URL(collector.url).port;
    const sender = createOtlpSender({ url: `http://localhost:${port}/v1/traces`, headers: {}, protocol: "json" });
    await expect(sender.send(spansOf(rows.slice(0, 1), { runId, content: false }))).rejects.toThrow(/not allowed/);
    expect(collector.requests).toHaveLength(0);
    await sender.shutdown();
  });
});

describe("a collector's answer", () => {
  // The OTLP transport buffers an answer up to its own bound (MAX_RESPONSE_BODY_SIZE, otlp-exporter-base): keep it so.
  it("is read up to a bound: an endpoint streaming a huge answer fails the export, not the server", async () => {
    const { createServer } = await import("node:http");
    const server = createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        response.writeHead(200, { "content-type": "application/json" });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        let left = 200; // 12.5 MiB
        const pump = () => {
          while (left > 0 && response.write(chunk)) left--;
          if (left > 0) response.once("drain", pump);
          else response.end();
        };
        pump();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const sender = createOtlpSender({ url: `http://127.0.0.1:${port}/v1/traces`, headers: {}, protocol: "json", allowedCidrs: LOCAL });
    try {
      await expect(sender.send(spansOf(rows, { runId, content: false }))).rejects.toThrow();
    } finally {
      await sender.shutdown();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the export queue", () => {
  it("retries a failing collector a bounded number of times, then reports without the header value", async () => {
    collector.requests.length = 0;
    collector.failWith(500);
    try {
      const failures: unknown[] = [];
      const sender = createOtlpSender({ url: collector.url, headers: { authorization: `Bearer ${HEADER_SECRET}` }, protocol: "json", allowedCidrs: LOCAL });
      const queue = new ExportQueue({ sender, maxAttempts: 3, retryDelayMs: 5, onFailure: (error) => failures.push(error) });
      queue.add(spansOf(rows, { runId, content: false }));
      await queue.close();
      expect(collector.requests).toHaveLength(3);
      expect(failures).toHaveLength(1);
      expect(String((failures[0] as Error).message)).toMatch(/500/);
      expect(String((failures[0] as Error).message)).not.toContain(HEADER_SECRET);
    } finally {
      collector.failWith(null);
    }
  });

  it("reports a collector that is down, and sends a span queued twice once", async () => {
    const down = await startCollector();
    await down.close();
    const failures: unknown[] = [];
    const queue = new ExportQueue({
      sender: createOtlpSender({ url: down.url, headers: {}, protocol: "protobuf", allowedCidrs: LOCAL, timeoutMs: 2_000 }),
      maxAttempts: 2,
      retryDelayMs: 5,
      onFailure: (error) => failures.push(error),
    });
    queue.add(spansOf(rows, { runId, content: false }));
    await queue.close();
    expect(failures).toHaveLength(1);

    collector.requests.length = 0;
    const sent: number[] = [];
    const again = new ExportQueue({ sender: createOtlpSender({ url: collector.url, headers: {}, protocol: "json", allowedCidrs: LOCAL }), onSuccess: (n) => sent.push(n) });
    again.add(spansOf(rows, { runId, content: false }));
    again.add(spansOf(rows, { runId, content: false }));
    await again.close();
    expect(sent).toEqual([rows.length]);
    expect(collector.spans()).toHaveLength(rows.length);
  });
});
