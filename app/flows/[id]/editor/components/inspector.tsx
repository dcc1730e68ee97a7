"use client";

import type { McpServerListing } from "@/lib/tools/catalog";
import { AgentPanel, type ToolOption } from "../nodes/agent/panel";
import { GroupPanel } from "../nodes/group/panel";
import { FlowSettingsPanel, SwarmPanel } from "../nodes/swarm/panel";
import { ToolsSection } from "./tools-section";
import { useEditor } from "../store/context";
import { type EditorState, selectedNodeIds } from "../store";
import type { FlowNode } from "../types";

const TITLES = { agent: "Agent", parallel: "Parallel group", serial: "Serial group", swarm: "Nested swarm" } as const;

/** The panel of the selected node, or the flow's own settings when none is selected. */
type InspectorProps = { tools: readonly ToolOption[]; mcpServers?: readonly McpServerListing[]; readOnly: boolean; flowName?: string };

export function Inspector({ tools, mcpServers = [], readOnly, flowName }: InspectorProps) {
  const selection = useEditor((state) => selectedNodeIds(state).join("\u0000"));
  const ids = selection ? selection.split("\u0000") : [];
  // Select what the panels show, not the node: a drag changes the node on every frame.
  const find = (state: EditorState) => (ids.length === 1 ? state.graph.nodes.find((n) => n.id === ids[0]) : undefined);
  const data = useEditor((state) => find(state)?.data);
  const type = useEditor((state) => find(state)?.type);
  const parentId = useEditor((state) => find(state)?.parentId);
  const node = data && type ? ({ id: ids[0]!, type, data, parentId, position: { x: 0, y: 0 } } as FlowNode) : undefined;
  const inSync = useEditor((state) => state.canvasInSync);
  const title = node ? `${TITLES[node.type]}: ${node.id}` : ids.length > 1 ? `${ids.length} nodes selected` : "Swarm settings";

  return (
    <aside className="editor-inspector" aria-label="Inspector">
      <div className="pane-title">
        <h2>{title}</h2>
      </div>
      {inSync || readOnly ? null : (
        <p className="inspector-locked" role="status">
          Read-only while the DSL has problems the canvas cannot show: fix them in the DSL pane, or undo.
        </p>
      )}
      <fieldset disabled={readOnly || !inSync} className="inspector-body">
        {node?.type === "agent" ? <AgentPanel key={node.id} id={node.id} data={node.data} tools={tools} /> : null}
        {(node?.type === "parallel" || node?.type === "serial") ? <GroupPanel key={node.id} node={node} /> : null}
        {node?.type === "swarm" ? <SwarmPanel key={node.id} node={node} /> : null}
        {ids.length === 0 ? <FlowSettingsPanel flowName={flowName} /> : null}
        {ids.length === 0 ? <ToolsSection tools={tools} mcpServers={mcpServers} /> : null}
        {ids.length > 1 ? <p className="muted">Delete, copy or duplicate them together, or select one to edit it.</p> : null}
      </fieldset>
    </aside>
  );
}
