import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BuildError, buildSwarm, parseDocument } from "@/lib/dsl";
import { Agent, ParallelGroup, SerialGroup, SwarmNode, run } from "@/lib/engine";
import { createMockProvider } from "@/lib/providers";

const load = (path: string) => {
  const { document, errors } = parseDocument(readFileSync(path, "utf8"));
  if (!document) throw new Error(JSON.stringify(errors));
  return document;
};

describe("buildSwarm", () => {
  it("builds Orbiter's example with vars resolved, and it runs", async () => {
    const swarm = buildSwarm(load("examples/orbiter-agents.yaml"));
    expect(swarm.mode).toBe("workflow");
    expect(swarm.stages.map((stage) => stage.map((m) => m.name))).toEqual([["researcher"], ["writer"], ["reviewer"]]);
    const researcher = swarm.member("researcher") as Agent;
    expect([researcher.model, researcher.temperature]).toEqual(["openai:gpt-4o-mini", 0.3]);

    const result = await run(swarm, "Why is the sky blue?", { provider: createMockProvider("echo") });
    expect(result.output).toBe("Why is the sky blue?");
  });

  it("builds the hybrid example: parallel and serial groups inside a nested swarm", async () => {
    const swarm = buildSwarm(load("examples/hybrid.yaml"));
    const article = swarm.member("article") as SwarmNode;
    expect(article).toBeInstanceOf(SwarmNode);
    const [research, editing] = article.swarm.stages.flat();
    expect(research).toBeInstanceOf(ParallelGroup);
    expect(editing).toBeInstanceOf(SerialGroup);
    expect((article.swarm.member("editing") as SerialGroup).agents.map((a) => a.name)).toEqual(["drafter", "editor"]);

    const result = await run(swarm, "The Moon"); // every agent is mock:echo
    expect(result.output).toBe("The Moon\n\nThe Moon");
  });

  it("resolves env references only from the env it is given", () => {
    const { document } = parseDocument("agents:\n  a: { model: '${MODEL}', instructions: 'Hi ${WHO}', tools: [calculator] }\n");
    expect(() => buildSwarm(document!)).toThrow(new BuildError("agent 'a' model: '${MODEL}' is not set"));
    // Text keeps an unknown reference as written, as Orbiter does.
    const unset = buildSwarm(document!, { env: { MODEL: "mock:echo" } }).member("a") as Agent;
    expect(unset.instructions).toBe("Hi ${WHO}");
    const agent = buildSwarm(document!, { env: { MODEL: "mock:echo", WHO: "Ada" } }).member("a") as Agent;
    expect([agent.model, agent.instructions, agent.tools.map((t) => t.name)]).toEqual(["mock:echo", "Hi Ada", ["calculator"]]);
  });

  it("refuses a tool the catalog does not have", () => {
    const { document } = parseDocument("agents:\n  a: { tools: [teleport] }\n");
    expect(() => buildSwarm(document!)).toThrow("agent 'a': unknown tool 'teleport'");
  });
});

describe("buildSwarm with references outside agents", () => {
  it("resolves a group's separator and the document's name", () => {
    const text = "name: '${vars.title}'\nvars: { sep: ' | ', title: Demo }\nagents:\n  a: {}\n  b: {}\ngroups:\n  g: { type: parallel, agents: [a, b], separator: '${vars.sep}' }\n";
    const swarm = buildSwarm(parseDocument(text).document!);
    expect(swarm.name).toBe("Demo");
    expect((swarm.member("g") as ParallelGroup).separator).toBe(" | ");
  });
});
