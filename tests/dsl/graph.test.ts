import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { documentToGraph, graphToDocument, parseDocument } from "@/lib/dsl";

const documentOf = (text: string) => {
  const { document, errors } = parseDocument(text);
  if (!document) throw new Error(JSON.stringify(errors));
  return document;
};

describe("documentToGraph", () => {
  it("draws groups and nested swarms as parents with their members inside", () => {
    const graph = documentToGraph(documentOf(readFileSync("examples/hybrid.yaml", "utf8")));
    expect(graph.nodes.map((n) => [n.id, n.type, n.parentId])).toEqual([
      ["intro", "agent", undefined],
      ["article", "swarm", undefined],
      ["research", "parallel", "article"],
      ["history_researcher", "agent", "research"],
      ["science_researcher", "agent", "research"],
      ["editing", "serial", "article"],
      ["drafter", "agent", "editing"],
      ["editor", "agent", "editing"],
    ]);
    expect(graph.nodes.filter((n) => n.parentId).every((n) => n.extent === "parent")).toBe(true);
    expect(graph.edges.map((e) => e.id)).toEqual(["flow:intro->article", "flow:research->editing"]);
    expect(graph.settings).toEqual({ name: "article-pipeline", vars: { default_model: "mock:echo" }, type: "workflow" });
  });

  it("marks handoff and delegation edges, and joins parallel stages to the next stage", () => {
    const graph = documentToGraph(
      documentOf(
        "agents:\n  lead: {}\n  a: { handoffs: [b] }\n  b: {}\n  c: {}\nswarms:\n  team: { type: team, flow: lead >> c }\nswarm: { type: workflow, flow: '(a | b) >> team' }\n",
      ),
    );
    expect(graph.edges.map((e) => [e.id, e.type])).toEqual([
      ["flow:a->team", "flow"],
      ["flow:b->team", "flow"],
      ["flow:lead->c", "flow"],
      ["delegation:lead->c", "delegation"],
      ["handoff:a->b", "handoff"],
    ]);
  });

  it("places nodes from layout, relative to their parent, and by default elsewhere", () => {
    const graph = documentToGraph(
      documentOf("agents:\n  a: {}\n  b: {}\ngroups:\n  g: { type: serial, agents: [b] }\nswarm: { flow: a >> g }\nlayout:\n  b: { x: 5, y: 60 }\n  g: { x: 400, y: 10, width: 500, height: 300 }\n"),
    );
    const byId = Object.fromEntries(graph.nodes.map((n) => [n.id, n]));
    expect(byId.a!.position).toEqual({ x: 30, y: 30 });
    expect([byId.g!.position, byId.g!.width, byId.g!.height]).toEqual([{ x: 400, y: 10 }, 500, 300]);
    expect(byId.b!.position).toEqual({ x: 5, y: 60 });
  });
});

describe("graphToDocument", () => {
  it("reads stages back from flow edges and handoffs from handoff edges, ignoring delegation edges", () => {
    const graph = documentToGraph(documentOf("agents:\n  a: {}\n  b: {}\n  c: {}\nswarm: { type: team, flow: a >> (b | c) }\n"));
    graph.edges.push({ id: "handoff:b->a", type: "handoff", source: "b", target: "a" });
    const back = graphToDocument(graph);
    expect(back.swarm).toEqual({ type: "team", flow: [["a"], ["b", "c"]] });
    expect(back.agents.b).toEqual({ handoffs: ["a"] });
  });

  it("writes a moved node's position and leaves default positions out", () => {
    const graph = documentToGraph(documentOf("agents:\n  a: {}\n  b: {}\n"));
    graph.nodes[1]!.position = { x: 700, y: 120 };
    expect(graphToDocument(graph).layout).toEqual({ b: { x: 700, y: 120 } });
  });
});
