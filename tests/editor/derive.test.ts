import { describe, expect, it } from "vitest";
import { agentRoles, issuesByNode, reconcileNodes, visibleNodes } from "@/app/flows/[id]/editor/fns/derive";
import { agent, container, graph } from "./fixtures";

describe("agentRoles", () => {
  it("marks the lead and workers of a team swarm, nested ones by their own mode", () => {
    const team = { ...graph([agent("lead"), agent("w1"), agent("w2"), container("swarm", "inner"), agent("x", 0, 0, "inner")], ["lead>w1", "lead>w2", "w1>inner"]), settings: { type: "team" as const } };
    const roles = agentRoles(team);
    expect(Object.fromEntries(roles)).toEqual({ lead: "lead", w1: "worker", w2: "worker" });
  });

  it("marks the entry agent and the handoff targets of a handoff swarm", () => {
    const handoff = {
      ...graph([agent("triage"), agent("billing")], ["triage>billing"], [{ id: "handoff:triage->billing", type: "handoff", source: "triage", target: "billing" }]),
      settings: { type: "handoff" as const },
    };
    expect(Object.fromEntries(agentRoles(handoff))).toEqual({ triage: "lead", billing: "handoff target" });
  });
});

describe("issuesByNode", () => {
  it("files each problem under the node its path names", () => {
    const at = { line: 1, column: 1 };
    const issues = issuesByNode([
      { ...at, message: "bad model", path: "agents.writer.model" },
      { ...at, message: "unknown name", path: "groups.research.agents.1" },
      { ...at, message: "empty flow", path: "swarm.flow" },
    ]);
    expect([...issues.keys()]).toEqual(["writer", "research"]);
  });
});

describe("visibleNodes", () => {
  it("hides what is inside a collapsed swarm and shrinks the swarm", () => {
    const nodes = graph([container("swarm", "s"), container("parallel", "g", 0, 0, "s"), agent("a", 0, 0, "g"), agent("b")]).nodes;
    const shown = visibleNodes(nodes, new Set(["s"]));
    expect(shown.map((n) => [n.id, n.hidden ?? false])).toEqual([
      ["s", false],
      ["g", true],
      ["a", true],
      ["b", false],
    ]);
    expect(shown[0]!.width).toBeLessThan(nodes[0]!.width!);
    expect(shown[3]).toBe(nodes[3]);
    expect(visibleNodes(nodes, new Set())).toBe(nodes);
  });
});

describe("reconcileNodes", () => {
  it("keeps unchanged node objects and carries measured size and selection to changed ones", () => {
    const before = [{ ...agent("a"), selected: true, measured: { width: 220, height: 90 } }, agent("b")];
    const after = [agent("a", 5, 0), agent("b"), agent("c")];
    const next = reconcileNodes(before, after);
    expect(next[0]).toMatchObject({ position: { x: 5, y: 0 }, selected: true, measured: { width: 220, height: 90 } });
    expect(next[1]).toBe(before[1]);
    expect(next[2]).toBe(after[2]);
  });
});
