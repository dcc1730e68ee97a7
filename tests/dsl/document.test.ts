import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseDocument, type DocumentError } from "@/lib/dsl";

function errorsOf(text: string, options?: Parameters<typeof parseDocument>[1]): DocumentError[] {
  const result = parseDocument(text, options);
  expect(result.document).toBeUndefined();
  return result.errors;
}

const at = (errors: DocumentError[]) => errors.map((e) => [e.line, e.column, e.path, e.message]);

describe("parseDocument", () => {
  it("loads Orbiter's agents.yaml unchanged: vars, system_prompt, order, edges", () => {
    const { document, errors } = parseDocument(readFileSync("examples/orbiter-agents.yaml", "utf8"));
    expect(errors).toEqual([]);
    expect(document!.swarm).toEqual({ type: "workflow", flow: [["researcher"], ["writer"], ["reviewer"]] });
    expect(document!.agents.researcher!.model).toBe("${vars.default_model}");

    const orbiter = `
agents:
  triage: { system_prompt: "Route the request.", model: "mock:echo" }
  billing: { instructions: "Billing." }
swarm:
  type: handoff
  order: [triage, billing]
  edges:
    - [triage, billing]
`;
    const handoff = parseDocument(orbiter).document!;
    expect(handoff.agents.triage).toEqual({ instructions: "Route the request.", model: "mock:echo", handoffs: ["billing"] });
    expect(handoff.swarm).toEqual({ type: "handoff", flow: [["triage"], ["billing"]] });
  });

  it("runs every agent in order when there is no swarm section (Orbiter's default)", () => {
    const { document } = parseDocument("agents:\n  a: {}\n  b: {}\n");
    expect(document!.swarm).toEqual({ type: "workflow", flow: [["a"], ["b"]] });
  });

  it("reports every problem at once, each with line, column and path", () => {
    const text = [
      "agents:", //                                         1
      "  a: { model: gpt 4o, temperature: hot }", //        2
      "  b: { handoffs: [ghost], tools: [nope] }", //        3
      "  c: { instructions: x, max_steps: 0 }", //           4
      "  lonely: {}", //                                     5
      "groups:", //                                          6
      "  g: { type: serial, agents: [a, a] }", //            7
      "  a: { type: parallel, agents: [b] }", //             8
      "swarm:", //                                           9
      "  flow: g >> c -> b", //                             10
      "  colour: blue", //                                  11
    ].join("\n");
    const errors = errorsOf(text, { tools: ["calculator"] });
    expect(at(errors)).toEqual([
      [2, 15, "agents.a.model", "bad model string 'gpt 4o': expected 'provider:model' (e.g. 'anthropic:claude-sonnet-4-5') or an OpenAI model name (e.g. 'gpt-4o')"],
      [2, 36, "agents.a.temperature", "expected a number from 0 to 2 or a ${...} reference"],
      [3, 19, "agents.b.handoffs.0", "handoff from 'b' to 'ghost': a missing agent"],
      [3, 35, "agents.b.tools.0", "unknown tool 'nope' (known: calculator)"],
      [4, 36, "agents.c.max_steps", "must be more than 0"],
      [5, 3, "agents.lonely", "an agent 'lonely' is never used: place it in a flow or a group"],
      [7, 34, "groups.g.agents.1", "'a' is placed twice: it is already in 'g' at line 7, column 31; each name is placed once"],
      [8, 3, "groups.a", "'a' is already defined as an agent at line 2; agents, groups and swarms share one name space"],
      [10, 16, "swarm.flow", "bad flow: '->' is not a flow operator: stages are chained with '>>', as in \"a >> b\" (at '->')"],
      [10, 19, "swarm.flow", "'b' is placed twice: it is already in 'a' at line 8, column 33; each name is placed once"],
      [11, 3, "swarm.colour", "unknown key 'colour'"],
    ]);
  });

  it("refuses an approval gate on a tool the agent does not have", () => {
    const errors = errorsOf("agents:\n  a: { tools: [calculator], approve: [calculator, http_fetch] }\nswarm:\n  flow: a\n");
    expect(at(errors)).toEqual([[2, 51, "agents.a.approve.1", "'http_fetch' needs approval but is not one of this agent's tools"]]);
  });

  it("reports unknown names in flows at the name", () => {
    const errors = errorsOf('agents:\n  a: {}\nswarm:\n  flow: "a >> (b | zed)"\n');
    expect(at(errors)).toEqual([
      [4, 16, "swarm.flow", "unknown name 'b' in the top-level swarm"],
      [4, 20, "swarm.flow", "unknown name 'zed' in the top-level swarm"],
    ]);
  });

  it("reports a name placed twice across nested swarms, and cycles", () => {
    const twice = errorsOf("agents:\n  a: {}\nswarms:\n  s: { flow: a }\nswarm: { flow: a >> s }\n");
    expect(twice.map((e) => e.message)).toEqual([
      "'a' is placed twice: it is already in 's' at line 4, column 14; each name is placed once",
    ]);
    const cycle = errorsOf("agents:\n  a: {}\nswarms:\n  s: { flow: a >> t }\n  t: { flow: s }\nswarm: { flow: a }\n");
    expect(cycle.map((e) => e.message)).toContain("cycle: s contains t contains s");
  });

  it("says what is wrong with a group holding a swarm and a team without workers", () => {
    const errors = errorsOf(
      "agents:\n  a: {}\n  b: {}\ngroups:\n  g: { type: parallel, agents: [s] }\nswarms:\n  s: { type: team, flow: a }\nswarm: { flow: g >> b }\n",
    );
    expect(errors.map((e) => e.message)).toEqual([
      "group 'g' holds agents only; 's' is a swarm",
      "a swarm 's' is never used: place it in a flow or a group",
      "the team swarm 's' needs a lead and at least one worker",
    ]);
  });

  it("holds swarm modes to their rules: handoff swarms of agents handing off among themselves, agent leads", () => {
    const errors = errorsOf(
      "agents:\n  a: { handoffs: [c] }\n  b: {}\n  c: {}\n  d: {}\ngroups:\n  g: { type: serial, agents: [d] }\nswarms:\n  t: { type: team, flow: g >> c }\nswarm: { type: handoff, flow: a >> b >> t }\n",
    );
    expect(at(errors)).toEqual([
      [2, 19, "agents.a.handoffs.0", "handoff from 'a' to 'c': 'c' is not in the top-level handoff swarm"],
      [9, 26, "swarms.t.flow", "the lead of the team swarm 't' must be an agent; 'g' is a group"],
      [10, 41, "swarm.flow", "the top-level handoff swarm holds agents only; 't' is a swarm"],
    ]);
  });

  it("substitutes vars and env with Orbiter's rules while validating, and keeps the references", () => {
    const text = "vars: { model: 'mock:echo', steps: 3 }\nagents:\n  a: { model: '${vars.model}', max_steps: '${vars.steps}', instructions: 'Hi ${USER_NAME}' }\n";
    const { document } = parseDocument(text, { env: { USER_NAME: "Ada" } });
    expect(document!.agents.a).toEqual({ model: "${vars.model}", max_steps: "${vars.steps}", instructions: "Hi ${USER_NAME}" });

    const bad = errorsOf("vars: { steps: many }\nagents:\n  a: { model: '${MODEL}', max_steps: '${vars.steps}' }\n", { env: { MODEL: "gpt 4o" } });
    expect(bad.map((e) => e.message)).toEqual([
      "bad model string 'gpt 4o': expected 'provider:model' (e.g. 'anthropic:claude-sonnet-4-5') or an OpenAI model name (e.g. 'gpt-4o')",
      "'${vars.steps}' resolves to \"many\": should be a number, not text",
    ]);
    // Without env, an env reference cannot be checked: it is not an error.
    expect(parseDocument("agents:\n  a: { model: '${MODEL}' }\n").errors).toEqual([]);
  });

  it("refuses literal keys but accepts references", () => {
    const errors = errorsOf('vars: { api_key: "abcdefghijklmnopqrstuvwxyz012345" }\nagents:\n  a: { instructions: "use sk-proj-abcdefghijklmnopqrstuvwxyz123456" }\n');
    expect(at(errors)).toEqual([
      [1, 18, "vars.api_key", "'api_key' must be a ${ENV_VAR} reference or a stored credential, not a literal"],
      [3, 22, "agents.a.instructions", "this looks like an API key: reference it as ${ENV_VAR} or use a stored credential"],
    ]);
    expect(parseDocument('vars: { api_key: "${OPENAI_API_KEY}" }\nagents:\n  a: {}\n').errors).toEqual([]);
  });

  it("reports YAML syntax errors with positions", () => {
    const errors = errorsOf("agents:\n  a: {}\n  a: {}\n");
    expect(errors[0]).toMatchObject({ line: 3, column: 3 });
    expect(errors[0]!.message).toMatch(/unique/);
    expect(errorsOf("agents: [\n")[0]!.line).toBeGreaterThanOrEqual(1);
  });

  it("rejects non-map documents and missing agents", () => {
    expect(at(errorsOf("- a\n"))).toEqual([[1, 1, "", "a flow document is a YAML map with an 'agents' section"]]);
    expect(errorsOf("name: x\n").map((e) => e.message)).toEqual(["the document needs at least one agent under 'agents'"]);
  });
});

describe("problem messages a document's author can act on", () => {
  it("says what is wrong in plain words, once, for every kind of zod issue", () => {
    const text = [
      "agents:",
      "  a: { model: 'mock:echo', max_steps: 'lots', temperature: 'hot' }",
      "groups:",
      "  g: { type: parallel, agents: [] }",
      "swarm: { type: circle, flow: a >> g }",
      "",
    ].join("\n");
    const messages = parseDocument(text).errors.map((error) => `${error.path}: ${error.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        "groups.g.agents: needs at least one agent",
        'swarm.type: must be "workflow", "handoff" or "team"',
      ]),
    );
    expect(messages.join("\n")).not.toMatch(/Too small|Invalid option|Invalid input|expected array to have/);
  });

  it("reports a YAML problem once per line, however often the parser meets it", () => {
    // YAML's parser reports this one twice on line 2.
    const errors = parseDocument("agents:\n  a: b: c: d\nswarm: { flow: a }\n").errors;
    expect(errors.map((error) => [error.line, error.message])).toEqual([[2, "Nested mappings are not allowed in compact mappings"]]);
  });
});
