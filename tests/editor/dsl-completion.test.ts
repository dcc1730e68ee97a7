import { describe, expect, it } from "vitest";
import { dslCompletions, indentAfter, namesInText, pathAbove } from "@/app/flows/[id]/editor/fns/dsl-completion";

const SOURCES = { agents: ["researcher", "writer"], containers: ["team"], tools: ["calculator", "http_fetch"], models: ["mock:echo", "openai:gpt-4o"] };

/** Completions where `|` stands in the text. */
function at(textWithCursor: string) {
  const pos = textWithCursor.indexOf("|");
  const text = textWithCursor.slice(0, pos) + textWithCursor.slice(pos + 1);
  const result = dslCompletions(text, pos, SOURCES);
  return result && { from: result.from, labels: result.options.map((o) => o.label), pos };
}

describe("DSL completion", () => {
  it("offers the section keys at the top level and an agent's keys inside an agent", () => {
    expect(at("name: x\nag|")?.labels).toContain("agents");
    const agent = at("agents:\n  writer:\n    mo|");
    expect(agent?.labels).toEqual(expect.arrayContaining(["model", "instructions", "tools", "handoffs"]));
    expect(agent!.from).toBe(agent!.pos - 2);
    expect(at("swarm:\n  |")?.labels).toEqual(expect.arrayContaining(["type", "flow"]));
    expect(at("groups:\n  g:\n    |")?.labels).toEqual(["type", "agents", "separator"]);
  });

  it("offers model strings after model:, block or inline", () => {
    expect(at("agents:\n  writer:\n    model: mock:e|")).toMatchObject({ labels: SOURCES.models });
    const inline = at("agents:\n  writer: { model: op|");
    expect(inline?.labels).toEqual(SOURCES.models);
    expect(inline!.from).toBe(inline!.pos - 2);
  });

  it("offers the document's names inside a flow string, replacing only the name being typed", () => {
    const flow = at("swarm:\n  type: workflow\n  flow: researcher >> wr|");
    expect(flow?.labels).toEqual(["researcher", "writer", "team"]);
    expect(flow!.from).toBe(flow!.pos - 2);
    expect(at("swarms:\n  team: { type: team, flow: (researcher | |")?.labels).toContain("writer");
  });

  it("offers tool names in a tools list and agent names in handoffs and group members", () => {
    expect(at("agents:\n  writer: { tools: [calculator, ht|")?.labels).toEqual(["calculator", "http_fetch"]);
    expect(at("agents:\n  writer:\n    handoffs: [|")?.labels).toEqual(["researcher", "writer"]);
    expect(at("groups:\n  g: { type: parallel, agents: [re|")?.labels).toEqual(["researcher", "writer"]);
  });

  it("offers modes by place: group types in groups, swarm modes elsewhere", () => {
    expect(at("groups:\n  g:\n    type: |")?.labels).toEqual(["parallel", "serial"]);
    expect(at("groups:\n  g: { type: |")?.labels).toEqual(["parallel", "serial"]);
    expect(at("swarm:\n  type: |")?.labels).toEqual(["workflow", "handoff", "team"]);
  });

  it("offers nothing where nothing is known", () => {
    expect(at("agents:\n  writer:\n    instructions: Write |")).toBeNull();
    expect(at("agents:\n  |")).toBeNull();
  });

  it("finds the path of a line from the indentation above it, past blanks and comments", () => {
    expect(pathAbove(["agents:", "  writer:", "", "    # note", "    model: x"], 5, 4)).toEqual(["agents", "writer"]);
  });
});

describe("names in the text", () => {
  it("reads the entries of agents, groups and swarms, even from a broken text", () => {
    const text = "agents:\n  a: { model: x }\n  b:\n    model: y\n    tools: [t]\ngroups:\n  g: { type: parallel }\nswarms:\n  s:\n    flow: a\nswarm:\n  flow: a >> [broken\n";
    expect(namesInText(text)).toEqual({ agents: ["a", "b"], containers: ["g", "s"] });
  });
});

describe("auto-indent", () => {
  it("goes one level deeper after a key that opens a block, and keeps the level otherwise", () => {
    expect(indentAfter("agents:")).toBe("  ");
    expect(indentAfter("  writer:  # the writer")).toBe("    ");
    expect(indentAfter("    instructions: |")).toBe("      ");
    expect(indentAfter("    model: mock:echo")).toBe("    ");
    expect(indentAfter("")).toBe("");
  });
});
