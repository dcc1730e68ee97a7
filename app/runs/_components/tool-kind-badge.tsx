import type { ToolKind } from "@/lib/data/runs/types";

const LABEL: Record<ToolKind, { text: string; title: string }> = {
  builtin: { text: "built-in", title: "A built-in tool of Swarm Studio" },
  code: { text: "code", title: "A code tool: JavaScript run in the sandbox" },
  mcp: { text: "MCP", title: "A tool of one of the team's MCP servers" },
};

/** Which kind of tool a call ran, as a small badge (timeline rows, the node's details). */
export function ToolKindBadge({ kind }: { kind: ToolKind }) {
  const { text, title } = LABEL[kind];
  return (
    <span className={`tool-kind tool-kind-${kind}`} title={title} data-tool-kind={kind}>
      {text}
    </span>
  );
}
