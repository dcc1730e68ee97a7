"use client";

import { Handle, type NodeProps, Position, useStore } from "@xyflow/react";
import { memo } from "react";
import { HANDOFF_SOURCE_HANDLE, HANDOFF_TARGET_HANDLE } from "../../fns/edges";
import { useEditor } from "../../store/context";
import { AgentRunBadge } from "../../../run/agent-run-badge";
import { DetachedMarker, IssueMarker, useNodeIssues } from "../node-issues";
import { resolveModel } from "./model";
import type { AgentNode } from "./types";

/** Below this zoom, in a large flow, an agent's text is not painted (it costs every pan frame). */
const FAR_ZOOM = 0.3;
/** Past this many nodes, zoomed far out, text is not painted at all. */
const FAR_FROM_NODES = 150;
/** Below this zoom an agent shows only its name, drawn larger so it stays readable. */
const NAME_ONLY_ZOOM = 0.6;

function AgentNodeView({ id, data }: NodeProps<AgentNode>) {
  const role = useEditor((state) => state.roles.get(id));
  // A string, so the node re-renders only when its own resolved model changes.
  const model = useEditor((state) => resolveModel(data.model, state.graph.settings.vars));
  const hasIssues = useNodeIssues(id) !== undefined;
  // A boolean, so a node re-renders only when the zoom crosses the threshold.
  const large = useEditor((state) => state.graph.nodes.length > FAR_FROM_NODES);
  const far = useStore((state) => state.transform[2] < FAR_ZOOM) && large;
  const nameOnly = useStore((state) => state.transform[2] < NAME_ONLY_ZOOM);
  const tools = data.tools?.length ?? 0;
  return (
    <div className={`flow-node agent-node${hasIssues ? " has-issues" : ""}${far ? " far" : ""}${nameOnly ? " name-only" : ""}`} data-testid={`node-${id}`}>
      {/* Flow handles come first: edges without a handle id attach to the first one. */}
      <Handle type="target" position={Position.Left} />
      <Handle type="source" position={Position.Right} />
      <Handle type="target" id={HANDOFF_TARGET_HANDLE} position={Position.Top} className="handoff-handle" />
      <Handle type="source" id={HANDOFF_SOURCE_HANDLE} position={Position.Bottom} className="handoff-handle" title="Drag to add a handoff" />
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
    </div>
  );
}

export const AgentNodeComponent = memo(AgentNodeView);
