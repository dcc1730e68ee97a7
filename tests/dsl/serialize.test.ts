import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { documentToGraph, graphToDocument, parseDocument, SecretLiteralError, serializeDocument } from "@/lib/dsl";
import type { AgentNode } from "@/lib/dsl";

const documentOf = (text: string) => {
  const { document, errors } = parseDocument(text);
  if (!document) throw new Error(JSON.stringify(errors));
  return document;
};

describe("serializeDocument", () => {
  it("writes the canonical form: fixed key order, tree order, block scalars for long instructions", () => {
    const text = [
      "swarm: { flow: 'b>>a', type: workflow }",
      "agents:",
      "  a: { temperature: 0.5, instructions: 'Short.', model: 'mock:echo' }",
      `  b: { instructions: "${"A long instruction that goes on and on. ".repeat(3).trim()}", tools: [calculator] }`,
      "name: demo",
    ].join("\n");
    expect(serializeDocument(documentOf(text))).toBe(
      [
        "name: demo",
        "",
        "agents:",
        "  b:",
        "    instructions: >-",
        "      A long instruction that goes on and on. A long instruction that goes on",
        "      and on. A long instruction that goes on and on.",
        "    tools: [ calculator ]",
        "  a:",
        "    model: mock:echo",
        "    instructions: Short.",
        "    temperature: 0.5",
        "",
        "swarm:",
        "  type: workflow",
        "  flow: b >> a",
        "",
      ].join("\n"),
    );
  });

  it("keeps the user's comments when a canvas edit is written back over the original", () => {
    const original = readFileSync("examples/orbiter-agents.yaml", "utf8");
    const graph = documentToGraph(documentOf(original));
    const writer = graph.nodes.find((n): n is AgentNode => n.id === "writer")!;
    writer.data = { ...writer.data, temperature: 0.9 };
    writer.position = { x: 400, y: 20 };
    const text = serializeDocument(graphToDocument(graph), { original });

    expect(text).toContain("# Variable substitution:");
    expect(text).toContain('model: "${vars.default_model}"');
    expect(text).toMatch(/writer:\n {4}model: "\$\{vars\.default_model\}"\n.*\n {4}temperature: 0\.9\n/);
    expect(text).toContain("layout:\n  writer: { x: 400, y: 20 }");
    expect(text).not.toContain("order:"); // the flow says the same; the canonical model has no order
    expect(documentOf(text).agents.writer!.temperature).toBe(0.9);
  });

  it("keeps `system_prompt` where the original used it", () => {
    const original = "agents:\n  a:\n    # why this prompt\n    system_prompt: Be brief.\n    model: mock:echo\n";
    const document = documentOf(original);
    document.agents.a!.model = "mock:reply?text=hi";
    expect(serializeDocument(document, { original })).toBe(
      "agents:\n  a:\n    # why this prompt\n    system_prompt: Be brief.\n    model: mock:reply?text=hi\n\nswarm:\n  type: workflow\n  flow: a\n",
    );
  });

  it("refuses to write a literal key", () => {
    const document = documentOf("agents:\n  a: {}\n");
    document.vars = { openai_api_key: "sk-abcdefghijklmnopqrstuvwxyz0123456789" };
    expect(() => serializeDocument(document)).toThrow(SecretLiteralError);
    document.vars = { openai_api_key: "${OPENAI_API_KEY}" };
    expect(serializeDocument(document)).toContain("openai_api_key: ${OPENAI_API_KEY}");
  });
});

describe("references", () => {
  it("never writes back a value that came from the environment", () => {
    const text = "agents:\n  a: { model: '${MODEL}', instructions: 'Key ${OPENAI_API_KEY}' }\n";
    const { document } = parseDocument(text, { env: { MODEL: "mock:echo", OPENAI_API_KEY: "sk-abcdefghijklmnopqrstuvwxyz0123456789" } });
    const written = serializeDocument(document!);
    expect(written).toContain("model: ${MODEL}");
    expect(written).toContain("instructions: Key ${OPENAI_API_KEY}");
    expect(written).not.toContain("sk-");
  });
});

describe("writing over the original", () => {
  it("keeps a flow written another way when its stages did not change", () => {
    const original = "agents:\n  a: {}\n  b: {}\n  c: {}\nswarm:\n  flow: |\n    a\n      >> (b|c)\n";
    const document = documentOf(original);
    document.agents.a!.temperature = 0.1;
    const text = serializeDocument(document, { original });
    expect(text).toBe("agents:\n  a: { temperature: 0.1 }\n  b: {}\n  c: {}\nswarm:\n  type: workflow\n  flow: |\n    a\n      >> (b|c)\n");
  });
});

describe("renaming an entry over the original", () => {
  const text = [
    "name: T",
    "tools:",
    "  # shouts back",
    "  shout:",
    "    description: Shouts",
    "    parameters: { type: object, properties: { text: { type: string } } }",
    "    code: return args.text;",
    "agents:",
    "  a: { model: 'mock:echo', tools: [shout] }",
    "swarm: { type: workflow, flow: a }",
    "",
  ].join("\n");

  it("keeps the entry's place, comment and inline layout under its new name", () => {
    const document = documentOf(text);
    const { shout, ...rest } = document.tools!;
    const renamed = { ...document, tools: { ...rest, yell: shout! }, agents: { a: { ...document.agents.a!, tools: ["yell"] } } };
    const written = serializeDocument(renamed, { original: text });
    expect(written).toContain("  # shouts back\n  yell:\n    description: Shouts\n    parameters: { type: object, properties: { text: { type: string } } }");
    expect(written).not.toContain("shout:");
    expect(documentOf(written)).toEqual(renamed);
  });

  it("writes an entry anew when it changed as well as its name", () => {
    const document = documentOf(text);
    const { shout, ...rest } = document.tools!;
    const changed = { ...document, tools: { ...rest, yell: { ...shout!, description: "Yells" } }, agents: { a: { ...document.agents.a!, tools: ["yell"] } } };
    const written = serializeDocument(changed, { original: text });
    expect(written).not.toContain("shout:");
    expect(written).not.toContain("parameters: {"); // written anew, in the canonical block style
    expect(documentOf(written)).toEqual(changed);
  });
});

describe("a document's description", () => {
  it("is read, kept through the canvas graph, and written right under the name", () => {
    const text = "name: Triage\ndescription: Routes questions.\n\nagents:\n  a:\n    model: mock:echo\n\nswarm:\n  type: workflow\n  flow: a\n";
    const { document } = parseDocument(text);
    expect(document?.description).toBe("Routes questions.");
    const back = graphToDocument(documentToGraph(document!));
    expect(back.description).toBe("Routes questions.");
    expect(serializeDocument(back)).toMatch(/^name: Triage\ndescription: Routes questions\.\n\nagents:/);
    // Added to a text that had none, it goes under the name, the rest of the text kept.
    const without = text.replace("description: Routes questions.\n", "");
    expect(serializeDocument({ ...parseDocument(without).document!, description: "New." }, { original: without })).toBe(text.replace("Routes questions.", "New."));
    expect(parseDocument("name: x\ndescription: [1]\nagents: { a: {} }\nswarm: { type: workflow, flow: a }\n").errors[0]?.message).toMatch(/'description' must be text/);
  });
});
