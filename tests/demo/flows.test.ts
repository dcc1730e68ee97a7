import { describe, expect, it } from "vitest";
import { demoFlows, flowTemplates, getFlowTemplate } from "@/lib/demo/flows";
import { buildSwarm, parseDocument } from "@/lib/dsl";
import { run, RunAbortedError } from "@/lib/engine";

function parsed(text: string) {
  const { document, errors } = parseDocument(text);
  expect(errors).toEqual([]);
  return document!;
}

describe("demo flows and templates", () => {
  it.each(flowTemplates.map((template) => [template.id, template] as const))("%s is a valid swarm document", (_id, template) => {
    expect(parsed(template.document).name).toBe(template.name);
  });

  // A new user has no API key and no environment: every template must run as shipped.
  it.each(flowTemplates.map((template) => [template.id, template] as const))("%s runs offline on mock: models", async (_id, template) => {
    const document = parsed(template.document);
    if (template.document.includes("ask_human")) {
      // It asks the team before it goes on: the run pauses, waiting for an answer.
      const paused = await run(buildSwarm(document, { env: {} }), "Announce the release.").catch((error: unknown) => error);
      expect(paused).toBeInstanceOf(RunAbortedError);
      expect((paused as RunAbortedError).status).toBe("waiting");
      return;
    }
    const result = await run(buildSwarm(document, { env: {} }), "Tell me about the speed of light.");
    expect(result.state.root?.status).toBe("success");
    expect(result.output.length).toBeGreaterThan(0);
    const agentNodes = [...result.state.nodes.values()].filter((node) => node.kind === "agent");
    expect(agentNodes.length).toBeGreaterThan(0);
    for (const node of agentNodes) expect(node.metadata.model).toMatch(/^mock:/);
  });

  it("seeds the three examples the foundation issue names", () => {
    expect(demoFlows.map((flow) => flow.id)).toEqual(["research-write-review", "article-pipeline", "support-triage"]);
    expect(getFlowTemplate("blank")?.document).toContain("assistant");
    expect(getFlowTemplate("nope")).toBeUndefined();
  });
});
