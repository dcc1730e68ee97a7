import { describe, expect, it } from "vitest";
import { modelProblem, modelProblems } from "@/app/flows/[id]/editor/fns/model-check";
import { createEditorStore } from "@/app/flows/[id]/editor/store";
import { updateData } from "@/app/flows/[id]/editor/fns/graph-edits";
import { HYBRID } from "./fixtures";

describe("model strings checked in the editor", () => {
  it("finds mock models the provider would refuse, in one plain line", () => {
    expect(modelProblem("mock:echo?latency=300")).toBeNull();
    expect(modelProblem("openai:gpt-4o")).toBeNull();
    const latency = modelProblem("mock:echo?latency=abc");
    expect(latency).toMatch(/^'mock:echo\?latency=abc' will not run: .*latency/);
    expect(latency).not.toContain("\n");
    expect(modelProblem("mock:ecko")).toMatch(/will not run/);
    expect(modelProblem("mock:reply")).toMatch(/text/);
  });

  it("resolves vars first and reports the problem on the agent's node", () => {
    const store = createEditorStore(HYBRID.replace("name: Hybrid", "name: Hybrid\nvars:\n  m: mock:ecko"), []);
    store.getState().applyEdit("Edit model", (graph) => updateData(graph, "intro", { model: "${vars.m}" }));
    expect(modelProblems(store.getState().graph).map((p) => p.path)).toEqual(["agents.intro.model"]);
    expect(store.getState().issues.get("intro")?.[0]?.message).toMatch(/mock:ecko' will not run/);
  });
});
