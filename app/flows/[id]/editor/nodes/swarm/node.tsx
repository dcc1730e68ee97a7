"use client";

import { Handle, type NodeProps, Position } from "@xyflow/react";
import { memo } from "react";
import { useEditor } from "../../store/context";
import { DetachedMarker, IssueMarker, useNodeIssues } from "../node-issues";
import type { NestedSwarmNode } from "./types";

function SwarmNodeView({ id, data }: NodeProps<NestedSwarmNode>) {
  const hasIssues = useNodeIssues(id) !== undefined;
  const collapsed = useEditor((state) => state.collapsed.has(id));
  const toggle = useEditor((state) => state.toggleCollapsed);
  return (
    <div className={`flow-node container-node swarm-node${collapsed ? " collapsed" : ""}${hasIssues ? " has-issues" : ""}`} data-testid={`node-${id}`}>
      <Handle type="target" position={Position.Left} />
      <Handle type="source" position={Position.Right} />
      <div className="container-header">
        <button
          type="button"
          className="collapse-toggle nodrag"
          aria-label={collapsed ? `Expand ${data.name}` : `Collapse ${data.name}`}
          aria-expanded={!collapsed}
          onClick={() => toggle(id)}
        >
          {collapsed ? "▸" : "▾"}
        </button>
        <span className="node-name">{data.name}</span>
        <span className="container-kind">swarm · {data.type}</span>
        <DetachedMarker id={id} />
        <IssueMarker id={id} />
      </div>
    </div>
  );
}

export const SwarmNodeComponent = memo(SwarmNodeView);
