import { describe, expect, it } from "vitest";
import { keyProblem, modelProblem, modelProblems, pickableModels, runWarnings } from "@/app/flows/[id]/editor/fns/model-check";
import { parseDocument } from "@/lib/dsl/parseDocument";
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

describe("models whose provider has no key", () => {
  const noKeys = new Set<string>();

  it("warns on the agent (also one without a model: the default needs a key), never on mock models", () => {
    const store = createEditorStore(HYBRID, [], { keyedProviders: noKeys });
    store.getState().applyEdit("Edit model", (graph) => updateData(graph, "intro", { model: "openai:gpt-4o-mini" }));
    const issue = store.getState().issues.get("intro")?.find((i) => i.path === "agents.intro.model");
    expect(issue).toMatchObject({ warning: true });
    expect(issue?.message).toMatch(/No OpenAI key: 'openai:gpt-4o-mini' will fail when run. Add one in Settings/);
    expect(keyProblem("mock:echo", noKeys)).toBeNull();
    expect(keyProblem("anthropic:claude-haiku-4-5", new Set(["anthropic"]))).toBeNull();
    // Keys not known (tests, read-only views): nothing is said.
    expect(modelProblems(createEditorStore(HYBRID, []).getState().graph).some((p) => p.warning)).toBe(false);
  });

  it("tells the run panel which agents will fail, per provider, and checks a model override alone", () => {
    const { document } = parseDocument(HYBRID.replaceAll("model: mock:echo", "model: openai:gpt-4o"));
    const warnings = runWarnings(document, noKeys);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^No OpenAI key: .+ will fail\. Add one in Settings/);
    expect(runWarnings(document, new Set(["openai"]))).toEqual([]);
    expect(runWarnings(document, noKeys, "mock:echo")).toEqual([]);
    expect(runWarnings(document, noKeys, "mock:echo?latency=abc")[0]).toMatch(/will not run/);
  });

  it("offers the models of providers with a key and the mock ones", () => {
    const groups = pickableModels(new Set(["anthropic"]));
    expect(groups.filter((g) => g.available).map((g) => g.id)).toEqual(["anthropic", "mock"]);
    expect(groups.find((g) => g.id === "mock")!.models).toContain("mock:echo");
  });
});
