"use client";

import { useMemo } from "react";
import { isMcpToolSpec } from "@/lib/dsl/types";
import type { McpServerListing, ToolListing } from "@/lib/tools/catalog";
import { toolGroups, toolListing } from "../fns/tool-listing";
import { addCodeTool, addMcpBinding } from "../fns/tool-edits";
import { useEditor, useEditorStore } from "../store/context";

/** The swarm settings' list of every tool, by kind; the document's code tools open in the tool panel. */
export function ToolsSection({ tools, mcpServers = [] }: { tools: readonly ToolListing[]; mcpServers?: readonly McpServerListing[] }) {
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
      <McpServersOffer servers={mcpServers} builtIn={tools} />
    </section>
  );
}

/** The team's MCP servers' tools not bound yet, each with a button binding it into the flow. */
function McpServersOffer({ servers, builtIn }: { servers: readonly McpServerListing[]; builtIn: readonly ToolListing[] }) {
  const store = useEditorStore();
  const documentTools = useEditor((state) => state.graph.settings.tools);
  if (servers.length === 0) return null;
  const bound = new Set(
    Object.values(documentTools ?? {})
      .filter(isMcpToolSpec)
      .map((spec) => `${spec.mcp.server}\u0000${spec.mcp.tool}`),
  );
  const use = (server: string, tool: string) => {
    const taken = new Set(builtIn.map((entry) => entry.name));
    store.getState().applyEdit(`Use ${tool} of ${server}`, (graph) => addMcpBinding(graph, server, tool, taken).graph);
  };
  return (
    <div className="tool-group" role="group" aria-label="Team MCP servers">
      <span className="tool-group-label">Team MCP servers</span>
      {servers.map((server) => {
        const offered = (server.tools ?? []).filter((tool) => !bound.has(`${server.name}\u0000${tool.name}`));
        return (
          <details key={server.name} className="mcp-offer">
            <summary>
              {server.name}{" "}
              <span className="muted">{server.tools ? `${offered.length} of ${server.tools.length} tools to use` : "tools not listed yet (Settings → MCP servers)"}</span>
            </summary>
            <ul className="tool-list">
              {offered.map((tool) => (
                <li key={tool.name} title={tool.description}>
                  <span className="tool-kind tool-kind-mcp">MCP</span>
                  <span className="tool-name">{tool.name}</span>
                  <button type="button" className="button small" aria-label={`Use ${tool.name} of ${server.name}`} onClick={() => use(server.name, tool.name)}>
                    Use
                  </button>
                </li>
              ))}
            </ul>
          </details>
        );
      })}
    </div>
  );
}
