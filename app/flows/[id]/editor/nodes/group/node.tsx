"use client";

import { Handle, type NodeProps, Position } from "@xyflow/react";
import { memo } from "react";
import { DetachedMarker, IssueMarker, useNodeIssues } from "../node-issues";
import type { GroupNode } from "./types";

const KIND_LABEL = { parallel: "parallel group ∥", serial: "serial group →" } as const;

function GroupNodeView({ id, type, data }: NodeProps<GroupNode>) {
  const hasIssues = useNodeIssues(id) !== undefined;
  return (
    <div className={`flow-node container-node group-node group-${type}${hasIssues ? " has-issues" : ""}`} data-testid={`node-${id}`}>
      <Handle type="target" position={Position.Left} />
      <Handle type="source" position={Position.Right} />
      <div className="container-header">
        <span className="node-name">{data.name}</span>
        <span className="container-kind">{KIND_LABEL[type as GroupNode["type"]]}</span>
        <DetachedMarker id={id} />
        <IssueMarker id={id} />
      </div>
    </div>
  );
}

export const GroupNodeComponent = memo(GroupNodeView);
