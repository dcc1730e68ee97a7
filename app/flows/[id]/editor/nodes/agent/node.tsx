"use client";

import { Handle, type NodeProps, Position, type ReactFlowState, useStore } from "@xyflow/react";
import { memo } from "react";
import { HANDOFF_SOURCE_HANDLE, HANDOFF_TARGET_HANDLE } from "../../fns/edges";
import { useEditor } from "../../store/context";
import { typedValue } from "../../store/document-slice";
import { AgentRunBadge } from "../../../run/agent-run-badge";
import { DetachedMarker, IssueMarker, onlyWarnings, useNodeIssues } from "../node-issues";
import { FAR_FROM_NODES, FAR_ZOOM, NAME_ONLY_ZOOM } from "../../fns/zoom-levels";
import { resolveModel } from "./model";
import type { AgentNode } from "./types";


/** 0 far out, 1 names only, 2 at working size. */
function zoomBand(state: ReactFlowState): 0 | 1 | 2 {
  const zoom = state.transform[2];
  return zoom < FAR_ZOOM ? 0 : zoom < NAME_ONLY_ZOOM ? 1 : 2;
}

function AgentNodeView({ id, data }: NodeProps<AgentNode>) {
  const issues = useNodeIssues(id);
  const hasIssues = issues !== undefined;
  const warnings = onlyWarnings(issues);
  const large = useEditor((state) => state.graph.nodes.length > FAR_FROM_NODES);
  // One small number (runs on every pan frame for every node): re-renders only when the zoom crosses a threshold.
  const band = useStore(zoomBand);
  const far = band === 0 && large;
  const nameOnly = band <= 1;
  return (
    <div className={`flow-node agent-node${hasIssues ? (warnings ? " has-warnings" : " has-issues") : ""}${far ? " far" : ""}${nameOnly ? " name-only" : ""}`} data-testid={`node-${id}`}>
      {/* Flow handles come first: edges without a handle id attach to the first one. */}
      {far ? (
        <FarHandles />
      ) : (
        <>
          <Handle type="target" position={Position.Left} />
          <Handle type="source" position={Position.Right} />
          <Handle type="target" id={HANDOFF_TARGET_HANDLE} position={Position.Top} className="handoff-handle" />
          <Handle type="source" id={HANDOFF_SOURCE_HANDLE} position={Position.Bottom} className="handoff-handle" title="Drag to add a handoff" />
        </>
      )}
      {/* Too small to read far out: a plain box, nothing to render, lay out or paint. */}
      {far ? null : <AgentContent id={id} data={data} />}
    </div>
  );
}

/**
 * Far out, handles cannot be grabbed (nor seen), but edges still end on them: the same
 * boxes React Flow measures (its classes and data attributes, so it finds the same
 * positions), without a Handle's store subscription, which runs for every handle on every
 * pan frame (4,000 in a 1,000-agent flow).
 */
function FarHandles() {
  const handles = [
    ["target", Position.Left, undefined],
    ["source", Position.Right, undefined],
    ["target", Position.Top, HANDOFF_TARGET_HANDLE],
    ["source", Position.Bottom, HANDOFF_SOURCE_HANDLE],
  ] as const;
  return handles.map(([type, position, id]) => (
    <div key={`${type}-${position}`} data-handleid={id} data-handlepos={position} className={`react-flow__handle react-flow__handle-${position} ${type}${id ? " handoff-handle" : ""}`} />
  ));
}

function AgentContent({ id, data }: { id: string; data: AgentNode["data"] }) {
  const role = useEditor((state) => state.roles.get(id));
  // A string, so the node re-renders only when its own resolved model changes.
  const model = useEditor((state) => resolveModel(typedValue(state.typing, id, "model", data.model), state.graph.settings.vars));
  const tools = data.tools?.length ?? 0;
  return (
    <>
      <div className="node-title">
        <span className="node-kind" aria-hidden>◆</span>
        <span className="node-name">{data.name}</span>
        <IssueMarker id={id} />
      </div>
      <div className="node-meta">
        <span className="model-badge" title={data.model && data.model !== model ? `Model: ${data.model}` : "Model"}>
          {model}
        </span>
      </div>
      <div className="node-meta">
        <span>{tools === 1 ? "1 tool" : `${tools} tools`}</span>
        {role ? <span className={`role-badge role-${role.replace(" ", "-")}`}>{role}</span> : null}
      </div>
      <AgentRunBadge name={data.name} />
      <DetachedMarker id={id} />
    </>
  );
}

export const AgentNodeComponent = memo(AgentNodeView);
