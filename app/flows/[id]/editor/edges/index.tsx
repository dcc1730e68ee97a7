"use client";

import { BaseEdge, type EdgeProps, type EdgeTypes, getBezierPath } from "@xyflow/react";
import { memo } from "react";

/**
 * `>>`: solid with an arrow; handoff: dashed violet; delegation (team lead → worker): dotted
 * amber. Far out, arrow heads and the wide invisible paths that make an edge clickable are
 * left out by CSS (the canvas's `far` class, editor.css): no per-edge zoom subscription.
 */
function makeEdge(className: string, marker: string) {
  function EdgeView({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, selected }: EdgeProps) {
    const [path] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
    return <BaseEdge path={path} className={`${className}${selected ? " selected" : ""}`} markerEnd={`url(#${marker})`} interactionWidth={20} />;
  }
  return memo(EdgeView);
}

export const edgeTypes: EdgeTypes = {
  flow: makeEdge("edge-flow", "arrow-flow"),
  handoff: makeEdge("edge-handoff", "arrow-handoff"),
  delegation: makeEdge("edge-delegation", "arrow-delegation"),
};

/** The arrow heads the edges refer to, drawn once per canvas. */
export function EdgeMarkers() {
  return (
    <svg className="edge-markers" aria-hidden>
      <defs>
        {[
          ["arrow-flow", "#8a8fa3"],
          ["arrow-handoff", "#7c3aed"],
          ["arrow-delegation", "#b7791f"],
        ].map(([id, color]) => (
          <marker key={id} id={id} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={color} />
          </marker>
        ))}
      </defs>
    </svg>
  );
}
