import { describe, expect, it } from "vitest";
import { nodeChanges } from "@/app/flows/[id]/versions/fns/node-changes";
import { diffRows } from "@/app/flows/[id]/versions/fns/text-diff";

const before = 'agents:\n  a: { model: "mock:echo", instructions: "A" }\n  b: { model: "mock:echo", instructions: "B" }\nswarm: { type: workflow, flow: "a >> b" }\nlayout:\n  a: { x: 0, y: 0 }\n';
const after = 'agents:\n  a: { model: "mock:echo", instructions: "A" }\n  b: { model: "mock:reverse", instructions: "B" }\n  c: { model: "mock:echo", instructions: "C" }\nswarm: { type: workflow, flow: "a >> b >> c" }\nlayout:\n  a: { x: 10, y: 0 }\n';

describe("comparing versions", () => {
  it("lists added, changed and moved nodes", () => {
    expect(nodeChanges(before, after)).toEqual({
      ok: true,
      changes: [
        { name: "(top-level swarm)", kind: "swarm", change: "changed" },
        { name: "a", kind: "agent", change: "moved" },
        { name: "b", kind: "agent", change: "changed" },
        { name: "c", kind: "agent", change: "added" },
      ],
    });
    expect(nodeChanges(after, before).ok && nodeChanges(after, before)).toMatchObject({ changes: expect.arrayContaining([{ name: "c", kind: "agent", change: "removed" }]) });
  });

  it("falls back to the text when a version does not parse", () => {
    expect(nodeChanges(before, "agents: [")).toMatchObject({ ok: false });
  });

  it("diffs lines with numbers and folds long unchanged stretches", () => {
    const lines = Array.from({ length: 20 }, (_, index) => `line ${index}`);
    const changed = lines.map((line, index) => (index === 10 ? "line ten" : line));
    const rows = diffRows(`${lines.join("\n")}\n`, `${changed.join("\n")}\n`);
    expect(rows[0]).toEqual({ kind: "gap", hidden: 7 });
    expect(rows).toContainEqual({ kind: "removed", text: "line 10", oldLine: 11, newLine: null });
    expect(rows).toContainEqual({ kind: "added", text: "line ten", oldLine: null, newLine: 11 });
    expect(rows.at(-1)).toEqual({ kind: "gap", hidden: 6 });
  });
});
