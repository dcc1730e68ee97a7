// MCP tools in the flow document: a binding names a team server and one of its tools; the
// document never holds the server's address. Checked against the team's servers with
// positions, kept through the canvas and the text, built through the caller's factory.
import { describe, expect, it } from "vitest";
import { buildSwarm, documentToGraph, graphToDocument, parseDocument, serializeDocument, type McpToolSpec } from "@/lib/dsl";
import { run, tool } from "@/lib/engine";
import { z } from "zod";
import { toolCatalog } from "@/lib/tools/catalog";

const builtIns = toolCatalog.map((entry) => entry.name);

const DOCUMENT = `name: MCP tools
tools:
  find_issue:
    mcp: { server: tracker, tool: issues.search }
    timeout_ms: 2000
agents:
  triager:
    model: 'mock:tool?name=find_issue&args={"query":"crash"}'
    tools: [find_issue, team_helper]
swarm: { type: workflow, flow: triager }
`;

const servers = new Map([["tracker", new Set(["issues.search", "issues.get"])]]);

describe("MCP bindings in the flow document", () => {
  it("are read, kept through the canvas and the text, and built by the caller's factory", async () => {
    const { document, errors } = parseDocument(DOCUMENT, { tools: builtIns, teamTools: ["team_helper"], mcpServers: servers });
    expect(errors).toEqual([]);
    expect(document!.tools!.find_issue).toEqual({ mcp: { server: "tracker", tool: "issues.search" }, timeout_ms: 2000 });
    const roundTripped = graphToDocument(documentToGraph(document!));
    expect(roundTripped.tools).toEqual(document!.tools);
    expect(serializeDocument(roundTripped)).toContain("find_issue:\n    mcp:");

    const bound: Array<[string, McpToolSpec]> = [];
    const swarm = buildSwarm(document!, {
      env: {},
      tools: (name) => (name === "team_helper" ? tool({ name, description: "d", parameters: z.object({}), execute: () => "ok" }) : undefined),
      mcpTool: (name, spec) => {
        bound.push([name, spec]);
        return tool({ name, description: "search", parameters: z.object({ query: z.string() }), execute: ({ query }) => `found ${query}` });
      },
    });
    expect(bound.map(([name]) => name)).toEqual(["find_issue"]);
    expect((await run(swarm, "go")).output).toBe("find_issue returned: found crash");
  });

  it("cannot be built where no MCP factory is given (a clear error, not a crash)", () => {
    const { document } = parseDocument(DOCUMENT, { teamTools: ["team_helper"] });
    expect(() => buildSwarm(document!, { env: {} })).toThrow(/MCP server 'tracker' is not available here/);
  });

  it("names a server the team lacks, or a tool the server does not list, with its position", () => {
    const text = [
      "tools:", //                                                       1
      "  a: { mcp: { server: github, tool: search } }", //               2
      "  b: { mcp: { server: tracker, tool: issues.delete } }", //       3
      "  c: { mcp: { server: tracker }, code: 'return 1' }", //          4
      "agents:", //                                                      5
      "  x: { tools: [a, b] }", //                                       6
      "swarm: { flow: x }", //                                           7
    ].join("\n");
    const { errors } = parseDocument(text, { tools: builtIns, mcpServers: servers });
    const found = errors.map((error) => `${error.line} ${error.path} ${error.message}`);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^2 tools\.a\.mcp\.server this team has no MCP server named 'github' \(this team has: tracker\)/),
        expect.stringMatching(/^3 tools\.b\.mcp\.tool MCP server 'tracker' has no tool 'issues\.delete'/),
        expect.stringMatching(/^4 tools\.c/),
      ]),
    );
  });

  it("a document tool wins over a team tool of the same name; a built-in name is refused", () => {
    const shadow = `tools:\n  helper: { description: mine, code: 'return 1' }\nagents:\n  x: { tools: [helper] }\nswarm: { flow: x }\n`;
    expect(parseDocument(shadow, { tools: builtIns, teamTools: ["helper"] }).errors).toEqual([]);
    const clash = `tools:\n  calculator: { mcp: { server: tracker, tool: issues.get } }\nagents:\n  x: { tools: [calculator] }\nswarm: { flow: x }\n`;
    expect(parseDocument(clash, { tools: builtIns, mcpServers: servers }).errors[0]!.message).toMatch(/'calculator' is a built-in tool/);
  });
});
