// A document's own code tools (`tools:`): read and checked with positions, kept through the
// canvas and the text, built into sandboxed engine tools that agents call by name.
import { afterAll, describe, expect, it } from "vitest";
import { buildSwarm, documentToGraph, graphToDocument, parseDocument, serializeDocument } from "@/lib/dsl";
import { run } from "@/lib/engine";
import { toolCatalog } from "@/lib/tools/catalog";
import { closeSandbox } from "@/lib/tools/sandbox";

const builtIns = toolCatalog.map((entry) => entry.name);

const DOCUMENT = `name: Code tools
tools:
  word_count:
    description: Counts the words of a text
    parameters:
      type: object
      properties:
        text: { type: string }
      required: [text]
    code: |
      const words = args.text.trim().split(/\\s+/).filter(Boolean);
      return { words: words.length };
agents:
  counter:
    model: 'mock:tool?name=word_count&args={"text":"one two three"}'
    instructions: Count the words.
    tools: [word_count]
swarm: { type: workflow, flow: counter }
`;

afterAll(() => closeSandbox());

describe("code tools in the flow document", () => {
  it("are read, kept through the canvas and the text, and run in the sandbox when an agent calls them", async () => {
    const { document, errors } = parseDocument(DOCUMENT, { tools: builtIns });
    expect(errors).toEqual([]);
    expect(document!.tools!.word_count).toMatchObject({ description: "Counts the words of a text" });
    // Text → model → graph → model → text keeps them.
    const roundTripped = graphToDocument(documentToGraph(document!));
    expect(roundTripped.tools).toEqual(document!.tools);
    expect(serializeDocument(roundTripped)).toContain("word_count:\n    description: Counts the words of a text");

    const result = await run(buildSwarm(document!, { env: {} }), "go");
    expect(result.output).toBe('word_count returned: {"words":3}');
  }, 20_000);

  it("says what is wrong, where", () => {
    const text = [
      "tools:", //                                                    1
      "  calculator: { description: mine, code: 'return 1' }", //     2
      "  flat: { description: d, parameters: { type: string }, code: 'return 1' }", // 3
      "  empty: { description: d }", //                               4
      "agents:", //                                                   5
      "  a: { tools: [flat, nothing] }", //                           6
      "swarm: { flow: a }", //                                        7
    ].join("\n");
    const { errors } = parseDocument(text, { tools: builtIns });
    const found = errors.map((error) => `${error.line} ${error.path} ${error.message}`);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^2 tools\.calculator 'calculator' is a built-in tool/),
        expect.stringMatching(/^3 tools\.flat\.parameters parameters must be a JSON Schema with type: object/),
        expect.stringMatching(/^4 tools\.empty\.code /),
        expect.stringMatching(/^6 agents\.a\.tools\.1 unknown tool 'nothing'/),
      ]),
    );
  });
});
