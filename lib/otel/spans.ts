/**
 * A run's RunNodes as OTLP spans (GenAI semantic conventions), one span per node, built
 * from stored rows rather than recorded live: every id is derived from the run's and the
 * node's ids, so spans can be built and sent in any order, a node at a time, and sending
 * one again is idempotent. Content (messages, tool arguments and results, error text) is
 * left out unless `content` is on; every string that is kept goes through `redact`.
 */
import { createHash } from "node:crypto";
import { type Attributes, type HrTime, type SpanContext, SpanKind, type SpanStatus, SpanStatusCode, TraceFlags } from "@opentelemetry/api";
import { type Resource, resourceFromAttributes } from "@opentelemetry/resources";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import type { Message } from "@/lib/engine/model";
import { ERROR_TYPE, GEN_AI, GenAiOperation, SERVICE_NAME, SWARM } from "./attributes";
import { toGenAiMessages } from "./messages";

/** What a span is made of: a stored RunNode row (lib/data/runs RunNodeDetail has this shape). */
export type TraceNode = {
  id: string;
  parentId: string | null;
  kind: string;
  name: string;
  status: string;
  model: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  usage: { inputTokens: number; outputTokens: number };
  error: { name: string; message: string } | null;
  input: string | null;
  output: string | null;
  messages: readonly Message[] | null;
  metadata: Record<string, unknown>;
};

export type SpanOptions = {
  runId: string;
  /** The run span's name is `invoke_workflow {flowName}` (else the root node's name). */
  flowName?: string;
  /** Messages, tool arguments and results, error text: only when the team opted in. */
  content: boolean;
  /** Removes credentials from every string kept (see lib/redact.ts). */
  redact?: (text: string) => string;
  resource?: Resource;
};

export const INSTRUMENTATION_SCOPE = { name: "swarm-studio", version: "1" } as const;

const WORKFLOW_KINDS = new Set(["run", "swarm", "stage", "group"]);
const AGENT_KINDS = new Set(["agent", "delegation", "spawn"]);
const TOOL_KINDS = new Set(["tool_call", "approval"]);
const ERROR_STATUSES = new Set(["failed", "timeout"]);

export function defaultResource(): Resource {
  return resourceFromAttributes({ [SERVICE_NAME]: "swarm-studio" });
}

function hashHex(text: string, bytes: number): string {
  return createHash("sha256").update(text).digest("hex").slice(0, bytes * 2);
}

let lastTrace = { runId: "", traceId: "" };

/** 16 bytes of the run id's SHA-256: the same trace for every export of a run. */
export function traceIdOf(runId: string): string {
  // Spans of one run come together: remember the last one.
  if (lastTrace.runId !== runId) lastTrace = { runId, traceId: hashHex(`run:${runId}`, 16) };
  return lastTrace.traceId;
}

/** 8 bytes of the node id's SHA-256 (node ids embed the run id, so they are unique across runs). */
export function spanIdOf(nodeId: string): string {
  return hashHex(`node:${nodeId}`, 8);
}

function hrTime(ms: number): HrTime {
  const seconds = Math.floor(ms / 1000);
  return [seconds, Math.round((ms - seconds * 1000) * 1e6)];
}

/** "openai:gpt-4o" → provider "openai", model "gpt-4o"; a model without a prefix has no provider. */
export function splitModel(model: string): { provider: string | undefined; model: string } {
  const colon = model.indexOf(":");
  return colon > 0 ? { provider: model.slice(0, colon), model: model.slice(colon + 1) } : { provider: undefined, model };
}

function operationOf(kind: string): GenAiOperation {
  if (WORKFLOW_KINDS.has(kind)) return GenAiOperation.workflow;
  if (AGENT_KINDS.has(kind)) return GenAiOperation.agent;
  if (TOOL_KINDS.has(kind)) return GenAiOperation.tool;
  return GenAiOperation.chat;
}

const numberOr = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) ? value : fallback);

/** A model call's own tokens (its node's usage also counts what tools it called delegated). */
function callUsage(node: TraceNode): { inputTokens: number; outputTokens: number } {
  const own = node.metadata.modelUsage;
  if (own && typeof own === "object") {
    const usage = own as Record<string, unknown>;
    return { inputTokens: numberOr(usage.inputTokens, node.usage.inputTokens), outputTokens: numberOr(usage.outputTokens, node.usage.outputTokens) };
  }
  return node.usage;
}

function nameAndAttributes(node: TraceNode, options: SpanOptions): { name: string; attributes: Attributes } {
  const redact = options.redact ?? ((text: string) => text);
  const operation = operationOf(node.kind);
  const attributes: Attributes = {
    [GEN_AI.operationName]: operation,
    [SWARM.runId]: options.runId,
    [SWARM.nodeId]: node.id,
    [SWARM.nodeKind]: node.kind,
    [SWARM.nodeStatus]: node.status,
  };
  switch (operation) {
    case GenAiOperation.workflow: {
      const name = node.kind === "run" && options.flowName ? options.flowName : node.name;
      return { name: `${operation} ${name}`, attributes };
    }
    case GenAiOperation.agent:
      attributes[GEN_AI.agentName] = node.name;
      return { name: `${operation} ${node.name}`, attributes };
    case GenAiOperation.tool: {
      attributes[GEN_AI.toolName] = node.name;
      if (typeof node.metadata.toolCallId === "string") attributes[GEN_AI.toolCallId] = node.metadata.toolCallId;
      if (options.content && node.input !== null) attributes[GEN_AI.toolCallArguments] = redact(node.input);
      if (options.content && node.output !== null) attributes[GEN_AI.toolCallResult] = redact(node.output);
      return { name: `${operation} ${node.name}`, attributes };
    }
    case GenAiOperation.chat: {
      const stored = node.model ?? (typeof node.metadata.model === "string" ? node.metadata.model : "");
      const { provider, model } = splitModel(stored);
      if (provider) attributes[GEN_AI.providerName] = provider;
      if (model) attributes[GEN_AI.requestModel] = model;
      attributes[GEN_AI.agentName] = node.name;
      const usage = callUsage(node);
      attributes[GEN_AI.inputTokens] = usage.inputTokens;
      attributes[GEN_AI.outputTokens] = usage.outputTokens;
      const finishReason = node.metadata.finishReason;
      if (typeof finishReason === "string") attributes[GEN_AI.responseFinishReasons] = [finishReason];
      if (options.content && node.messages) {
        const { input, output } = toGenAiMessages(node.messages, typeof finishReason === "string" ? finishReason : undefined);
        attributes[GEN_AI.inputMessages] = redact(JSON.stringify(input));
        if (output.length > 0) attributes[GEN_AI.outputMessages] = redact(JSON.stringify(output));
      }
      return { name: model ? `${operation} ${model}` : operation, attributes };
    }
  }
}

function statusOf(node: TraceNode, options: SpanOptions, attributes: Attributes): SpanStatus {
  if (!ERROR_STATUSES.has(node.status)) return { code: SpanStatusCode.UNSET };
  const type = node.error?.name ?? (node.status === "timeout" ? "Timeout" : "Error");
  attributes[ERROR_TYPE] = type;
  // An error's text often quotes what a tool or model returned: content, sent only on opt-in.
  const message = options.content && node.error ? (options.redact ?? ((text) => text))(node.error.message) : type;
  return { code: SpanStatusCode.ERROR, message };
}

/** The span of one node. A node that never ended ends where it started (export finished nodes for real times). */
export function spanOf(node: TraceNode, options: SpanOptions): ReadableSpan {
  const traceId = traceIdOf(options.runId);
  const context: SpanContext = { traceId, spanId: spanIdOf(node.id), traceFlags: TraceFlags.SAMPLED };
  const startMs = node.startedAt ?? node.createdAt;
  const endMs = Math.max(startMs, node.endedAt ?? startMs);
  const { name, attributes } = nameAndAttributes(node, options);
  const status = statusOf(node, options, attributes);
  return {
    name,
    kind: node.kind === "step" ? SpanKind.CLIENT : SpanKind.INTERNAL,
    spanContext: () => context,
    parentSpanContext: node.parentId === null ? undefined : { traceId, spanId: spanIdOf(node.parentId), traceFlags: TraceFlags.SAMPLED, isRemote: false },
    startTime: hrTime(startMs),
    endTime: hrTime(endMs),
    duration: hrTime(endMs - startMs),
    status,
    attributes,
    links: [],
    events: [],
    ended: true,
    resource: options.resource ?? defaultResource(),
    instrumentationScope: INSTRUMENTATION_SCOPE,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}

/** Whether a node has ended (only ended nodes are exported as they finish). */
export function isEnded(node: Pick<TraceNode, "status" | "endedAt">): boolean {
  return node.endedAt !== null && node.status !== "running" && node.status !== "init" && node.status !== "waiting";
}

export function spansOf(nodes: Iterable<TraceNode>, options: SpanOptions): ReadableSpan[] {
  const resource = options.resource ?? defaultResource();
  return [...nodes].map((node) => spanOf(node, { ...options, resource }));
}
