"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import type { Message } from "@/lib/engine/model";
import { formatCost, formatDuration } from "@/lib/runs/format";
import { ToolLogLines, type RunNodeDetail, type RunNodeSummary } from "@/lib/data/runs/types";
import { ToolLogs } from "@/app/_components/tool-logs";
import { ForkForm } from "./fork-form";
import { StatusBadge } from "./status-badge";
import { ToolKindBadge } from "./tool-kind-badge";

type Loaded = { node: RunNodeDetail; conversation: Message[] | null };

/**
 * The selected node in full: error, input, output, a model call's conversation with its
 * tool calls, a tool call's arguments and result. Reloaded when the node changes.
 */
export function NodeDetail({
  runId,
  node,
  liveText,
  canvasHref,
  forkable = false,
}: {
  runId: string;
  node: RunNodeSummary | undefined;
  liveText?: string;
  /** Where an agent's node is on the flow's canvas (back from its rows to the editor). */
  canvasHref?: (agent: string) => string;
  /** A finished run a person may fork: model calls offer "Fork from this call". */
  forkable?: boolean;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const nodeId = node?.id;
  // Changes whenever the node does (its object identity changes more often than that).
  const version = node ? `${node.status}:${node.endedAt}:${node.usage.totalTokens}` : "";

  useEffect(() => {
    if (!nodeId) return;
    const controller = new AbortController();
    fetch(`/api/runs/${encodeURIComponent(runId)}/nodes/${encodeURIComponent(nodeId)}`, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(((await response.json()) as { error?: string }).error ?? response.statusText);
        setLoaded((await response.json()) as Loaded);
        setError(null);
      })
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) setError(caught instanceof Error ? caught.message : String(caught));
      });
    return () => controller.abort();
  }, [runId, nodeId, version]);

  if (!node) {
    return (
      <aside className="card panel node-detail" aria-label="Node details">
        <p className="muted">Select a row of the timeline to see its input, output, messages and errors.</p>
      </aside>
    );
  }
  const detail = loaded?.node.id === node.id ? loaded : null;

  return (
    <aside className="card panel node-detail" aria-label="Node details">
      <div className="toolbar" style={{ justifyContent: "space-between" }}>
        <h2 style={{ margin: 0 }}>
          <span className="muted" style={{ fontWeight: 400 }}>{node.kind === "step" ? "model call" : node.kind.replace("_", " ")} </span>
          {node.name}
        </h2>
        <StatusBadge status={node.status} />
      </div>
      {node.kind === "agent" && canvasHref ? (
        <Link href={canvasHref(node.name)} className="muted" style={{ fontSize: 13 }}>
          Show on the canvas
        </Link>
      ) : null}
      <dl>
        <dt>Duration</dt>
        <dd>{formatDuration(node.durationMs)}</dd>
        {node.model ? (
          <>
            <dt>Model</dt>
            <dd>{node.model}</dd>
          </>
        ) : null}
        <dt>Tokens</dt>
        <dd>
          {node.usage.inputTokens} in · {node.usage.outputTokens} out · {node.usage.totalTokens} total
        </dd>
        {node.costUsd > 0 ? (
          <>
            <dt>Cost</dt>
            <dd>{formatCost(node.costUsd)}</dd>
          </>
        ) : null}
        {node.marks?.tool ? (
          <>
            <dt>Tool</dt>
            <dd>
              <ToolKindBadge kind={node.marks.tool} />
            </dd>
          </>
        ) : null}
        {node.marks?.handoffFrom ? (
          <>
            <dt>Handed off from</dt>
            <dd>{node.marks.handoffFrom} (its history is this agent's input)</dd>
          </>
        ) : null}
        {node.marks?.reused ? (
          <>
            <dt>Reused</dt>
            <dd>from the run this one was forked from: not called again, no tokens</dd>
          </>
        ) : null}
        {node.marks?.edited ? (
          <>
            <dt>Edited</dt>
            <dd>a person edited what this call saw (the fork started here)</dd>
          </>
        ) : null}
        {node.marks?.attempts ? (
          <>
            <dt>Attempts</dt>
            <dd>
              <ol className="attempts" aria-label="Attempts">
                {node.marks.attempts.map((attempt, i) => (
                  <li key={i}>
                    {formatDuration(attempt.endedAt - attempt.startedAt)} — {attempt.error ?? "answered"}
                  </li>
                ))}
              </ol>
            </dd>
          </>
        ) : null}
      </dl>
      {node.error ? (
        <div className="node-error" role="alert">
          {node.error.name ? <b>{node.error.name}: </b> : null}
          {node.error.message}
        </div>
      ) : null}
      {error ? <div className="alert error">{error}</div> : null}
      {liveText ? (
        <>
          <h3 className="message-role">Streaming</h3>
          <pre aria-label="Streaming output">{liveText}</pre>
        </>
      ) : null}
      {detail ? <Payloads detail={detail} /> : !error ? <p className="muted">Loading…</p> : null}
      {forkable && detail?.node.kind === "step" && detail.conversation ? (
        // The call saw its conversation up to, not including, its own answer.
        <ForkForm key={detail.node.id} runId={runId} nodeId={detail.node.id} agentName={detail.node.name} history={detail.conversation.slice(0, -1)} />
      ) : null}
    </aside>
  );
}

function Payloads({ detail }: { detail: Loaded }) {
  const handedOff = detail.node.marks?.handoffFrom;
  const { node, conversation } = detail;
  const isTool = node.kind === "tool_call" || node.kind === "delegation" || node.kind === "spawn";
  return (
    <>
      {conversation && conversation.length > 0 ? (
        <section aria-label="Messages">
          <h3 className="message-role">Messages</h3>
          {conversation.map((message, i) => (
            <MessageView key={i} message={message} />
          ))}
        </section>
      ) : null}
      {node.input !== null && !conversation ? (
        <>
          <h3 className="message-role">{isTool ? "Arguments" : handedOff ? `Input (handed off from ${handedOff})` : "Input"}</h3>
          <pre>{isTool ? prettyJson(node.input) : node.input}</pre>
        </>
      ) : null}
      {node.output !== null && !conversation ? (
        <>
          <h3 className="message-role">{isTool ? "Result" : "Output"}</h3>
          <pre>{node.output}</pre>
        </>
      ) : null}
      {node.kind === "tool_call" ? <ToolCallLogs metadata={node.metadata} /> : null}
    </>
  );
}

/** A code tool's console during the call, kept on its node's metadata. */
function ToolCallLogs({ metadata }: { metadata: Record<string, unknown> }) {
  const logs = ToolLogLines.safeParse(metadata.logs).data;
  if (!logs) return null;
  return (
    <section aria-label="Console">
      <h3 className="message-role">Console</h3>
      <ToolLogs logs={logs} dropped={typeof metadata.droppedLogs === "number" ? metadata.droppedLogs : 0} />
    </section>
  );
}

function MessageView({ message }: { message: Message }) {
  const error = message.role === "tool" && message.error;
  return (
    <div className={`message message-${message.role}${error ? " error" : ""}`}>
      <div className="message-role">
        {message.role}
        {message.role === "tool" ? ` · ${message.toolName}${error ? " · error" : ""}` : ""}
      </div>
      {message.content ? <div style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{message.content}</div> : null}
      {message.role === "assistant" && message.toolCalls.length > 0
        ? message.toolCalls.map((call) => (
            <div key={call.id}>
              <span className="badge">tool call</span> <code>{call.name}</code>
              <pre>{prettyJson(call.arguments)}</pre>
            </div>
          ))
        : null}
    </div>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
