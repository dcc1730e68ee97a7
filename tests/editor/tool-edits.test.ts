// The editor's edits of the document's tools: through the store like every edit (the text,
// undo), MCP bindings kept as they are, a rename followed by the agents; and the listing
// of every tool by kind, a document tool hiding a team tool of its name.
import { describe, expect, it } from "vitest";
import { createEditorStore } from "@/app/flows/[id]/editor/store";
import { SETTINGS } from "@/app/flows/[id]/editor/store/document-slice";
import { addCodeTool, addMcpBinding, mcpBindingName, renameTool, toolNameProblem, withCodeTool } from "@/app/flows/[id]/editor/fns/tool-edits";
import { toolGroups, toolListing } from "@/app/flows/[id]/editor/fns/tool-listing";
import { mcpBindingTargets, toolCatalog } from "@/lib/tools/catalog";

const BUILT_IN = toolCatalog.map((tool) => tool.name);
const TEXT = `tools:
  issues:
    mcp: { server: tracker, tool: list_issues }
  shout:
    description: Shouts
    parameters: { type: object, properties: { text: { type: string } } }
    code: return args.text.toUpperCase();
agents:
  a: { model: "mock:echo", tools: [shout, team_lookup], approve: [shout] }
swarm: { type: workflow, flow: a }
`;

describe("document tool edits in the editor", () => {
  it("edits a code tool through the store: the text follows, MCP bindings are untouched, undo restores", () => {
    const store = createEditorStore(TEXT, BUILT_IN, { teamTools: ["team_lookup"] });
    expect(store.getState().errors).toEqual([]);
    const { tools } = store.getState().graph.settings;
    const shout = tools!.shout as { description: string; parameters: Record<string, unknown>; code: string };
    store.getState().typeField("Edit tool shout", SETTINGS, "tools", withCodeTool(tools, "shout", { ...shout, code: "return args.text + '!';", timeout_ms: 500 }));
    store.getState().flushText();
    const text = store.getState().text;
    expect(text).toContain("return args.text + '!';");
    expect(text).toContain("timeout_ms: 500");
    expect(text).toContain("mcp: { server: tracker, tool: list_issues }");
    store.getState().undo();
    expect(store.getState().text).toBe(TEXT);
  });

  it("renames a tool in place and in every agent's tools and approve list", () => {
    const store = createEditorStore(TEXT, BUILT_IN, { teamTools: ["team_lookup"] });
    store.getState().applyEdit("Rename", (graph) => renameTool(graph, "shout", "yell"));
    const { graph, text } = store.getState();
    expect(Object.keys(graph.settings.tools!)).toEqual(["issues", "yell"]);
    expect(text).toContain("tools: [ yell, team_lookup ], approve: [ yell ]");
    expect(store.getState().errors).toEqual([]);
  });

  it("refuses a built-in's name or another document tool's; adds new tools with a free name", () => {
    const { graph } = createEditorStore(TEXT, BUILT_IN, { teamTools: ["team_lookup"] }).getState();
    const builtIn = new Set(BUILT_IN);
    expect(toolNameProblem(graph, "shout", "calculator", builtIn)).toMatch(/built-in/);
    expect(toolNameProblem(graph, "shout", "issues", builtIn)).toMatch(/unique among the document's tools/);
    expect(toolNameProblem(graph, "shout", "9x", builtIn)).toMatch(/starts with a letter/);
    expect(toolNameProblem(graph, "shout", "yell", builtIn)).toBeNull();
    const added = addCodeTool(graph, builtIn);
    expect(added.name).toBe("tool_1");
    expect(Object.keys(added.graph.settings.tools!)).toEqual(["issues", "shout", "tool_1"]);
  });

  it("lists every tool by kind; a document tool hides the team's tool of its name", () => {
    const { graph } = createEditorStore(TEXT, BUILT_IN).getState();
    const given = [
      { name: "calculator", description: "math", kind: "builtin" as const },
      { name: "shout", description: "the team's", kind: "team" as const },
      { name: "team_lookup", description: "looks up", kind: "team" as const },
    ];
    const groups = toolGroups(toolListing(given, graph.settings.tools));
    expect(groups.map((group) => [group.kind, group.tools.map((tool) => tool.name)])).toEqual([
      ["document", ["shout"]],
      ["mcp", ["issues"]],
      ["team", ["team_lookup"]],
      ["builtin", ["calculator"]],
    ]);
  });

  it("binds a team MCP server's tool under a valid, free name, through the store", () => {
    const store = createEditorStore(TEXT, BUILT_IN, { teamTools: ["team_lookup"] });
    expect(mcpBindingName("issues.search", new Set())).toBe("issues_search");
    expect(mcpBindingName("9lives", new Set())).toBe("lives");
    expect(mcpBindingName("calculator", new Set(BUILT_IN))).toBe("calculator_2");
    store.getState().applyEdit("Use list_issues of tracker", (graph) => addMcpBinding(graph, "tracker", "list_issues", new Set(BUILT_IN)).graph);
    expect(store.getState().graph.settings.tools).toMatchObject({ issues: { mcp: { server: "tracker", tool: "list_issues" } }, list_issues: { mcp: { server: "tracker", tool: "list_issues" } } });
    expect(store.getState().text).toContain("list_issues:\n    mcp:");
    store.getState().undo();
    expect(store.getState().graph.settings.tools).not.toHaveProperty("list_issues");
  });
});

describe("MCP bindings checked while editing", () => {
  const servers = (tools: { name: string; description: string }[] | null) => mcpBindingTargets([{ name: "tracker", tools }]);

  it("passes a binding to a tool the team's server listed, or to a server never listed", () => {
    expect(createEditorStore(TEXT, BUILT_IN, { teamTools: ["team_lookup"], mcpServers: servers([{ name: "list_issues", description: "" }]) }).getState().errors).toEqual([]);
    expect(createEditorStore(TEXT, BUILT_IN, { teamTools: ["team_lookup"], mcpServers: servers(null) }).getState().errors).toEqual([]);
  });

  it("marks, at its line, a tool the server does not list and a server the team does not have", () => {
    const unlisted = createEditorStore(TEXT, BUILT_IN, { teamTools: ["team_lookup"], mcpServers: servers([{ name: "search", description: "" }]) }).getState();
    expect(unlisted.errors).toEqual([expect.objectContaining({ line: 3, message: "MCP server 'tracker' has no tool 'list_issues' (it lists: search)" })]);
    expect(unlisted.canvasInSync).toBe(true); // a problem the canvas can show: it keeps drawing the flow
    const missing = createEditorStore(TEXT, BUILT_IN, { teamTools: ["team_lookup"], mcpServers: new Map() }).getState();
    expect(missing.errors[0]?.message).toMatch(/this team has no MCP server named 'tracker'/);
  });
});
