"use client";

import { useMemo } from "react";
import type { ToolListing } from "@/lib/tools/catalog";
import { toolGroups, toolListing } from "../fns/tool-listing";
import { addCodeTool } from "../fns/tool-edits";
import { useEditor, useEditorStore } from "../store/context";

/** The swarm settings' list of every tool, by kind; the document's code tools open in the tool panel. */
export function ToolsSection({ tools }: { tools: readonly ToolListing[] }) {
  const store = useEditorStore();
  const documentTools = useEditor((state) => state.graph.settings.tools);
  const groups = useMemo(() => toolGroups(toolListing(tools, documentTools)), [tools, documentTools]);

  function create() {
    const state = store.getState();
    const taken = new Set(tools.filter((tool) => tool.kind === "builtin").map((tool) => tool.name));
    const { name } = addCodeTool(state.graph, taken);
    state.applyEdit(`Add tool ${name}`, (graph) => addCodeTool(graph, taken).graph);
    if (store.getState().graph.settings.tools?.[name]) store.getState().setToolPanel(name);
  }

  return (
    <section className="tools-section stack" aria-label="Tools">
      <div className="toolbar">
        <h3>Tools</h3>
        <button type="button" className="button small" onClick={create}>
          New code tool
        </button>
      </div>
      {groups.map((group) => (
        <div key={group.kind} className="tool-group" role="group" aria-label={group.label}>
          <span className="tool-group-label">{group.label}</span>
          <ul className="tool-list">
            {group.tools.map((tool) => (
              <li key={tool.name} title={tool.description}>
                <span className={`tool-kind tool-kind-${tool.kind}`}>{tool.kind === "builtin" ? "built-in" : tool.kind === "mcp" ? "MCP" : tool.kind}</span>
                <span className="tool-name">{tool.name}</span>
                {tool.kind === "document" ? (
                  <button type="button" className="button small" aria-label={`Edit tool ${tool.name}`} onClick={() => store.getState().setToolPanel(tool.name)}>
                    Edit
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
