import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSwarm, documentToGraph, graphToDocument, parseDocument, serializeDocument } from "@/lib/dsl";
import { validDocument } from "./arbitraries";

function parsed(text: string) {
  const result = parseDocument(text);
  if (!result.document) throw new Error(`${JSON.stringify(result.errors, null, 1)}\n---\n${text}`);
  return result.document;
}

describe("round trips of valid documents", () => {
  it("model → text → model is exact and text is a fixed point", () => {
    fc.assert(
      fc.property(validDocument, (document) => {
        const text = serializeDocument(document);
        const again = parsed(text);
        expect(again).toEqual(document);
        expect(serializeDocument(again)).toBe(text);
      }),
      { numRuns: 150 },
    );
  });

  it("model → graph → model is exact", () => {
    fc.assert(
      fc.property(validDocument, (document) => {
        const graph = documentToGraph(document);
        expect(graphToDocument(graph)).toEqual(document);
        expect(serializeDocument(graphToDocument(graph))).toBe(serializeDocument(document));
      }),
      { numRuns: 150 },
    );
  });

  it("graph → model → graph is exact", () => {
    fc.assert(
      fc.property(validDocument, (document) => {
        const graph = documentToGraph(document);
        expect(documentToGraph(graphToDocument(graph))).toEqual(graph);
      }),
      { numRuns: 100 },
    );
  });

  it("every valid document builds into engine objects", () => {
    fc.assert(
      fc.property(validDocument, (document) => {
        expect(() => buildSwarm(document, { env: { MODEL_FROM_ENV: "mock:echo" } })).not.toThrow();
      }),
      { numRuns: 100 },
    );
  });

  it("parents come before their children in the nodes array", () => {
    fc.assert(
      fc.property(validDocument, (document) => {
        const seen = new Set<string>();
        for (const node of documentToGraph(document).nodes) {
          if (node.parentId) expect(seen.has(node.parentId)).toBe(true);
          seen.add(node.id);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("keeps the original text's comments through an unchanged round trip", () => {
    fc.assert(
      fc.property(validDocument, (document) => {
        const text = `# top comment\n${serializeDocument(document)}`;
        expect(serializeDocument(parsed(text), { original: text })).toBe(text);
      }),
      { numRuns: 100 },
    );
  });
});

/** Lines cut, duplicated, re-indented or spliced with YAML and DSL debris. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("duplicate" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("indent" as const), at: fc.nat(), by: fc.constantFrom(" ", "  ", "\t") }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    text: fc.constantFrom("  ghost: {}", "swarm: 3", "  flow: a -> b", "    handoffs: [nobody]", "agents: []", "- x", "{", "]", ": :", "    model: gpt", "    temperature: hot", "  typo_key: 1", "&a [*a, *a]", "layout: {zz: {x: 1}}"),
  }),
  fc.record({ kind: fc.constant("char" as const), at: fc.nat(), char: fc.constantFrom(":", "-", "'", '"', "[", "(", ">", "|", "#", " ", "\n") }),
);

function mutate(text: string, mutations: fc.Arbitrary<typeof mutation extends fc.Arbitrary<infer M> ? M : never>[] | unknown[]): string {
  let lines = text.split("\n");
  for (const m of mutations as { kind: string; at: number; by?: string; text?: string; char?: string }[]) {
    const i = m.at % Math.max(lines.length, 1);
    if (m.kind === "delete") lines.splice(i, 1);
    else if (m.kind === "duplicate") lines.splice(i, 0, lines[i] ?? "");
    else if (m.kind === "indent") lines[i] = `${m.by}${lines[i] ?? ""}`;
    else if (m.kind === "insert") lines.splice(i, 0, m.text!);
    else {
      const joined = lines.join("\n");
      const at = m.at % Math.max(joined.length, 1);
      lines = (joined.slice(0, at) + m.char + joined.slice(at)).split("\n");
    }
  }
  return lines.join("\n");
}

describe("invalid documents", () => {
  it("give positioned errors and never throw", () => {
    fc.assert(
      fc.property(validDocument, fc.array(mutation, { minLength: 1, maxLength: 4 }), (document, mutations) => {
        const text = mutate(serializeDocument(document), mutations);
        const result = parseDocument(text);
        const lineCount = text.split("\n").length;
        for (const error of result.errors) {
          expect(error.message.length).toBeGreaterThan(0);
          expect(error.line).toBeGreaterThanOrEqual(1);
          expect(error.line).toBeLessThanOrEqual(lineCount);
          expect(error.column).toBeGreaterThanOrEqual(1);
          expect(typeof error.path).toBe("string");
        }
        expect(result.document === undefined).toBe(result.errors.length > 0);
      }),
      { numRuns: 300 },
    );
  });

  it("never throw on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const result = parseDocument(text);
        expect(result.errors.every((e) => e.line >= 1 && e.column >= 1)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
