/**
 * Turns the engine's RunNode snapshots into the rows the runs feature stores: errors as
 * `{name, message}`, a model call's messages out of its metadata, the model that answered
 * and its estimated cost. Called at flush time,
 * so the row is the node's latest state.
 */
import { z } from "zod";
import { Message } from "@/lib/engine/messages";
import type { RunNode } from "@/lib/engine/runState";
import { estimateCost } from "@/lib/providers/pricing";
import { Attempt, ToolKind, ToolLogLines, type NodeError, type NodeMarks, type RunNodeDetail } from "@/lib/data/runs/types";

/**
 * A model call's messages, where the engine keeps them in its metadata: its own objects,
 * so only their place is checked (a deep parse of every call's messages cost more than the rest of the row).
 */
function stepMessages(metadata: Record<string, unknown>): { newMessages: Message[]; response?: Message } | null {
  const { newMessages = [], response } = metadata;
  if (!Array.isArray(newMessages) || (response !== undefined && (typeof response !== "object" || response === null))) return null;
  return { newMessages: newMessages as Message[], ...(response === undefined ? {} : { response: response as Message }) };
}

function toNodeError(error: RunNode["error"], redact: Redact): NodeError | null {
  if (error === null) return null;
  return typeof error === "string" ? { name: "Error", message: redact(error) } : { name: error.name, message: redact(error.message) };
}

const Attempts = z.array(Attempt);

/** A handoff's source, a retried call's attempts, a fork's reused and edited steps, a tool's kind, from the engine's metadata (null when none). */
function toMarks(metadata: Record<string, unknown>, redact: Redact): NodeMarks | null {
  // Most nodes have none of these: a failed parse costs more than the check.
  const tool = metadata.toolKind === undefined ? undefined : ToolKind.safeParse(metadata.toolKind).data;
  const handoffFrom = typeof metadata.handoffFrom === "string" ? metadata.handoffFrom : undefined;
  const parsed = Array.isArray(metadata.attempts) ? Attempts.safeParse(metadata.attempts) : null;
  const attempts = parsed?.success && parsed.data.length > 1 ? parsed.data.map((a) => (a.error ? { ...a, error: redact(a.error) } : a)) : undefined;
  const reused = typeof metadata.reusedFrom === "string";
  const edited = metadata.edited === true;
  if (!handoffFrom && !attempts && !reused && !edited && !tool) return null;
  return {
    ...(handoffFrom ? { handoffFrom } : {}),
    ...(attempts ? { attempts } : {}),
    ...(reused ? { reused } : {}),
    ...(edited ? { edited } : {}),
    ...(tool ? { tool } : {}),
  };
}

/** Removes credentials from error text (see lib/redact.ts). */
export type Redact = (text: string) => string;

/** A tool's failure text goes back to the model and into the row: without credentials. */
function redactToolErrors(messages: Message[], redact: Redact): Message[] {
  return messages.map((message) => (message.role === "tool" && message.error ? { ...message, content: redact(message.content) } : message));
}

export function toNodeRow(node: RunNode, seq: number, redact: Redact = (text) => text): RunNodeDetail {
  const model = typeof node.metadata.model === "string" ? node.metadata.model : null;
  // The engine hands over its live node: copy what the row keeps.
  let metadata = { ...node.metadata };
  let messages: RunNodeDetail["messages"] = null;
  if (node.kind === "step") {
    const { newMessages: _new, response: _response, ...rest } = node.metadata;
    const step = stepMessages(node.metadata);
    if (step) {
      messages = redactToolErrors(step.response ? [...step.newMessages, step.response] : step.newMessages, redact);
      metadata = rest;
    }
  }
  // A code tool's console is stored like any text a run keeps: without credentials.
  const logs = node.metadata.logs === undefined ? null : ToolLogLines.safeParse(node.metadata.logs);
  if (logs?.success) metadata.logs = logs.data.map((line) => ({ ...line, text: redact(line.text) }));
  const ownCost = node.kind === "step" && model !== null ? (estimateCost(model, node.usage) ?? 0) : 0;
  return {
    id: node.id,
    parentId: node.parentId,
    seq,
    kind: node.kind,
    name: node.name,
    status: node.status,
    model,
    createdAt: node.createdAt,
    startedAt: node.startedAt,
    endedAt: node.endedAt,
    durationMs: node.durationMs,
    usage: { ...node.usage },
    costUsd: ownCost,
    error: toNodeError(node.error, redact),
    marks: toMarks(node.metadata, redact),
    input: node.input,
    output: node.output,
    messages,
    metadata,
  };
}

/** The light part of a row, as live events and the timeline carry it. */
export function toSummary(row: RunNodeDetail): Omit<RunNodeDetail, "input" | "output" | "messages" | "metadata"> {
  const { input: _input, output: _output, messages: _messages, metadata: _metadata, ...summary } = row;
  return summary;
}
