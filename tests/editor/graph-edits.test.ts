import { describe, expect, it } from "vitest";
import {
  addNode,
  connect,
  connectionProblem,
  copyNodes,
  deleteEdges,
  deleteNodes,
  handoffsOf,
  moveMember,
  pasteNodes,
  renameNode,
  setGroupKind,
  setHandoffs,
  setParent,
} from "@/app/flows/[id]/editor/fns/graph-edits";
import { absolutePosition, containerAt, nodeMap } from "@/app/flows/[id]/editor/fns/graph";
import { agent, container, graph } from "./fixtures";

describe("addNode", () => {
  it("names new nodes uniquely and puts them inside a container that can hold them", () => {
    const start = graph([container("parallel", "research", 0, 0), agent("agent_1", 500, 0)]);
    const { graph: next, id } = addNode(start, "agent", { x: 20, y: 500 }, "research");
    expect(id).toBe("agent_2");
    const added = next.nodes.find((n) => n.id === id)!;
    expect(added.parentId).toBe("research");
    // The group grew to hold its new member.
    expect(next.nodes.find((n) => n.id === "research")!.height).toBeGreaterThanOrEqual(500 + 90);
  });

  it("does not put a group inside a group", () => {
    const start = graph([container("parallel", "research")]);
    const { graph: next, id } = addNode(start, "serial", { x: 0, y: 0 }, "research");
    expect(next.nodes.find((n) => n.id === id)!.parentId).toBeUndefined();
  });
});

describe("connections", () => {
  const scope = graph([agent("a"), agent("b"), agent("c"), container("parallel", "g"), agent("m1", 0, 0, "g"), agent("m2", 0, 0, "g")], ["a>b"]);

  it("refuses self loops, cycles, duplicates, edges across scopes and between group members", () => {
    expect(connectionProblem(scope, "a", "a", "flow")).toMatch(/itself/);
    expect(connectionProblem(scope, "b", "a", "flow")).toMatch(/cycle/);
    expect(connectionProblem(scope, "a", "b", "flow")).toMatch(/exists/);
    expect(connectionProblem(scope, "a", "m1", "flow")).toMatch(/same swarm/);
    expect(connectionProblem(scope, "m1", "m2", "flow")).toMatch(/group/);
    expect(connectionProblem(scope, "b", "c", "flow")).toBeNull();
  });

  it("draws handoffs between agents as handoff edges, which are the agent's handoffs", () => {
    const next = connect(scope, "a", "c", "handoff");
    expect(handoffsOf(next, "a")).toEqual(["c"]);
    expect(next.edges.find((e) => e.type === "handoff")).toMatchObject({ source: "a", target: "c", sourceHandle: "handoff" });
    expect(connectionProblem(next, "a", "c", "handoff")).toMatch(/exists/);
    expect(connectionProblem(next, "a", "g", "handoff")).toMatch(/agent/);
    expect(handoffsOf(setHandoffs(next, "a", ["b"]), "a")).toEqual(["b"]);
  });

  it("deletes flow and handoff edges but keeps derived delegation edges", () => {
    const withDelegation = { ...scope, edges: [...scope.edges, { id: "delegation:a->b", type: "delegation" as const, source: "a", target: "b" }] };
    const next = deleteEdges(withDelegation, ["flow:a->b", "delegation:a->b"]);
    expect(next.edges.map((e) => e.id)).toEqual(["delegation:a->b"]);
  });
});

describe("deleteNodes", () => {
  it("takes a container's contents and every edge touching them", () => {
    const start = graph([agent("a"), container("swarm", "s"), agent("x", 0, 0, "s"), agent("y", 0, 0, "s")], ["a>s", "x>y"], [
      { id: "handoff:a->x", type: "handoff", source: "a", target: "x" },
    ]);
    const next = deleteNodes(start, ["s"]);
    expect(next.nodes.map((n) => n.id)).toEqual(["a"]);
    expect(next.edges).toEqual([]);
  });
});

describe("renameNode", () => {
  it("renames ids, children, edges and handoffs together", () => {
    const start = graph([agent("a"), container("swarm", "s"), agent("x", 0, 0, "s")], ["a>s"], [{ id: "handoff:x->a", type: "handoff", source: "x", target: "a" }]);
    const result = renameNode(start, "s", "article");
    if (!("graph" in result)) throw new Error(result.error);
    expect(result.graph.nodes.map((n) => [n.id, n.data.name, n.parentId])).toEqual([
      ["a", "a", undefined],
      ["article", "article", undefined],
      ["x", "x", "article"],
    ]);
    expect(result.graph.edges.map((e) => e.id)).toEqual(["flow:a->article", "handoff:x->a"]);
  });

  it("refuses names that are taken or malformed, with the DSL's wording", () => {
    const start = graph([agent("a"), agent("b")]);
    expect(renameNode(start, "a", "b")).toEqual({ error: expect.stringMatching(/already used/) });
    expect(renameNode(start, "a", "1st")).toEqual({ error: expect.stringMatching(/starts with a letter/) });
  });
});

describe("setParent", () => {
  it("keeps a node where it is on screen when it joins or leaves a container", () => {
    const start = graph([agent("a", 500, 300), container("serial", "g", 100, 100), agent("m", 20, 50, "g")], ["a>g"]);
    const joined = setParent(start, "a", "g");
    const nodes = nodeMap(joined);
    expect(absolutePosition(nodes, "a")).toEqual({ x: 500, y: 300 });
    expect(joined.nodes.map((n) => n.id)).toEqual(["g", "m", "a"]); // last member, after its parent
    expect(joined.edges).toEqual([]); // its >> edges belonged to the old scope
    const left = setParent(joined, "a", undefined);
    expect(left.nodes.find((n) => n.id === "a")).toMatchObject({ position: { x: 500, y: 300 } });
    expect(left.nodes.find((n) => n.id === "a")!.parentId).toBeUndefined();
  });

  it("refuses to put a container inside itself or a group inside a group", () => {
    const start = graph([container("swarm", "s"), container("swarm", "t", 0, 0, "s"), container("parallel", "g")]);
    expect(setParent(start, "s", "t")).toBe(start);
    expect(setParent(start, "g", "g")).toBe(start);
  });

  it("finds the innermost container under a point that may hold the node", () => {
    const start = graph([container("swarm", "s", 0, 0), container("parallel", "g", 50, 50, "s")]);
    expect(containerAt(start, { x: 100, y: 100 }, "agent", new Set())?.id).toBe("g");
    expect(containerAt(start, { x: 100, y: 100 }, "serial", new Set())?.id).toBe("s");
    expect(containerAt(start, { x: 100, y: 100 }, "agent", new Set(["g"]))?.id).toBe("s");
    expect(containerAt(start, { x: 2000, y: 100 }, "agent", new Set())).toBeUndefined();
  });
});

describe("group edits", () => {
  it("reorders serial members, order and place together", () => {
    const start = graph([container("serial", "g"), agent("a", 10, 50, "g"), agent("b", 250, 50, "g")]);
    const next = moveMember(start, "b", -1);
    expect(next.nodes.map((n) => n.id)).toEqual(["g", "b", "a"]);
    expect(next.nodes.find((n) => n.id === "b")!.position).toEqual({ x: 10, y: 50 });
    expect(moveMember(next, "b", -1)).toBe(next);
  });

  it("drops the separator when a parallel group becomes serial", () => {
    const start = graph([{ ...container("parallel", "g"), data: { name: "g", separator: "---" } } as never]);
    expect(setGroupKind(start, "g", "serial").nodes[0]).toMatchObject({ type: "serial", data: { name: "g" } });
  });
});

describe("copy and paste", () => {
  it("pastes a container with its members under fresh names, with the edges among them", () => {
    const start = graph([agent("a"), container("swarm", "s", 100, 100), agent("x", 10, 50, "s"), agent("y", 250, 50, "s")], ["a>s", "x>y"], [
      { id: "handoff:y->a", type: "handoff", source: "y", target: "a" },
    ]);
    const clipboard = copyNodes(start, ["s"]);
    const { graph: next, ids } = pasteNodes(start, clipboard, { x: 40, y: 40 });
    expect(ids).toEqual(["s_2"]);
    expect(next.nodes.slice(4).map((n) => [n.id, n.parentId, n.selected])).toEqual([
      ["s_2", undefined, true],
      ["x_2", "s_2", false],
      ["y_2", "s_2", false],
    ]);
    expect(next.nodes.find((n) => n.id === "s_2")!.position).toEqual({ x: 140, y: 140 });
    const added = next.edges.slice(start.edges.length).map((e) => e.id);
    // The >> into the container stays with the original; the handoff to `a` is copied.
    expect(added).toEqual(["flow:x_2->y_2", "handoff:y_2->a"]);
  });
});
