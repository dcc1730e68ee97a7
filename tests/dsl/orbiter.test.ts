import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildSwarm, documentToGraph, graphToDocument, parseDocument, serializeDocument } from "@/lib/dsl";
import { Agent, parseModelString, run } from "@/lib/engine";

function documentOf(text: string) {
  const { document, errors } = parseDocument(text);
  expect(errors).toEqual([]);
  return document!;
}

const messages = (text: string) => parseDocument(text).errors.map((e) => [e.path, e.message]);

describe("Orbiter documents load as Orbiter loads them (issue 16.4)", () => {
  it("every example in examples/ loads", () => {
    const examples = readdirSync("examples").filter((file) => file.endsWith(".yaml"));
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const file of examples) expect(parseDocument(readFileSync(`examples/${file}`, "utf8")).errors, file).toEqual([]);
  });

  it("a bare model name is OpenAI's, as in Orbiter's loader and the engine", () => {
    const document = documentOf("agents:\n  a: { model: gpt-4o }\n  b: { model: o3-mini }\n");
    expect(document.agents.a!.model).toBe("gpt-4o");
    const agent = buildSwarm(document).agents[0] as Agent;
    expect(parseModelString(agent.model)).toEqual({ provider: "openai", model: "gpt-4o" });
    expect(messages("agents:\n  a: { model: gpt 4o }\n")[0]![1]).toMatch(/^bad model string 'gpt 4o'/);
    expect(messages("agents:\n  a: { model: 'gemini:pro' }\n")[0]![1]).toMatch(/^unknown provider 'gemini'/);
  });

  it("`type: builtin` is Orbiter's default agent class; any other type is refused", () => {
    const document = documentOf("agents:\n  a: { type: builtin, model: 'mock:echo' }\n");
    expect(document.agents.a).toEqual({ model: "mock:echo" });
    expect(messages("agents:\n  a: { type: my_module.ResearchAgent }\n")).toEqual([
      ["agents.a.type", "custom agent classes are not supported: 'my_module.ResearchAgent' (Orbiter's default 'builtin' is)"],
    ]);
  });

  describe("${vars.NAME} in swarm.flow, swarm.order and swarm.edges", () => {
    const text = readFileSync("examples/orbiter-vars-flow.yaml", "utf8");

    it("substitutes the flow; the canvas shows the names; the reference is written back unchanged", () => {
      const document = documentOf(text);
      expect(document.swarm.flow).toEqual([["researcher"], ["writer", "critic"], ["editor"]]);
      expect(document.swarm.flow_text).toBe("${vars.pipeline}");
      expect(serializeDocument(document)).toContain("flow: ${vars.pipeline}");
      expect(serializeDocument(document, { original: text })).toContain('  flow: "${vars.pipeline}"\n'); // as the user quoted it

      const graph = documentToGraph(document);
      expect(graph.edges.filter((e) => e.type === "flow").map((e) => `${e.source}>${e.target}`)).toContain("researcher>writer");
      const back = graphToDocument(graph);
      expect(back.swarm).toEqual(document.swarm);
      expect(serializeDocument(back)).toContain("flow: ${vars.pipeline}");

      // Once the canvas changes the flow, the reference no longer says it: the names are written.
      const edited = { ...graph, edges: graph.edges.filter((e) => e.target !== "editor") };
      const changed = graphToDocument(edited);
      expect(changed.swarm.flow_text).toBeUndefined();
      expect(serializeDocument(changed)).not.toContain("${vars.pipeline}");
    });

    it("in a nested swarm too, and in order and edges", () => {
      const nested = documentOf(
        "vars: { inner: 'a >> b' }\nagents:\n  a: {}\n  b: {}\n  c: {}\nswarms:\n  s: { flow: '${vars.inner}' }\nswarm: { flow: 's >> c' }\n",
      );
      expect(nested.swarms!.s).toEqual({ type: "workflow", flow: [["a"], ["b"]], flow_text: "${vars.inner}" });
      expect(graphToDocument(documentToGraph(nested)).swarms!.s!.flow_text).toBe("${vars.inner}");

      const handoff = documentOf(readFileSync("examples/orbiter-handoff-vars.yaml", "utf8"));
      expect(handoff.swarm).toMatchObject({ type: "handoff", flow: [["triage"], ["billing"]], flow_text: "${vars.entry} >> billing" });
      expect(handoff.agents.triage!.handoffs).toEqual(["billing"]);
    });

    it("runs with the substituted flow", async () => {
      const document = documentOf(readFileSync("examples/orbiter-handoff-vars.yaml", "utf8"));
      const result = await run(buildSwarm(document), "I was charged twice");
      expect(result.output).toBe("I was charged twice");
    });

    it("refuses ${ENV} references there, with the message flows always gave, and unknown vars", () => {
      expect(messages("agents:\n  a: {}\nswarm: { flow: '${PIPELINE}' }\n")).toContainEqual([
        "swarm.flow",
        "a flow cannot contain ${...} references: write the names",
      ]);
      expect(messages("agents:\n  a: {}\n  b: {}\nswarm: { type: handoff, order: [a, b], edges: [['${FROM}', b]] }\n")).toContainEqual([
        "swarm.edges",
        "a flow cannot contain ${...} references: write the names",
      ]);
      expect(messages("agents:\n  a: {}\nswarm: { flow: '${vars.nope}' }\n")).toContainEqual([
        "swarm.flow",
        "unknown var 'nope' (flows may use the document's vars)",
      ]);
      expect(messages("vars: { p: 'a >> ghost' }\nagents:\n  a: {}\nswarm: { flow: '${vars.p}' }\n")).toEqual([
        ["swarm.flow", "unknown name 'ghost' in the top-level swarm"],
      ]);
    });
  });
});
