import { describe, expect, it } from "vitest";
import { unusedAgentsText as unusedAgents } from "@/bench/dsl";
import { parseDocument } from "@/lib/dsl";
import { readDocument } from "@/lib/dsl/input";
import { MAX_DOCUMENT_ERRORS } from "@/lib/dsl/parseDocument";
import { loadPlainYaml } from "@/lib/dsl/plainYaml";
import { SourceLocator } from "@/lib/dsl/source";
import { validateDocument } from "@/lib/dsl/validate";

/** One agent and a flow of `n` names that do not exist. */
function unknownNames(n: number): string {
  const names = Array.from({ length: n }, (_, i) => `x${i}`).join(" >> ");
  return `agents:\n  a: {}\ngroups:\n  g: { type: serial, agents: [a] }\nswarm:\n  flow: "g >> ${names}"\n`;
}

/** How much the locator looks at to place every error of `text`, through js-yaml's positions or `yaml`'s tree. */
function locatingSteps(text: string, plain: boolean): { errors: number; steps: number } {
  const locate = new SourceLocator(text, { plain });
  const read = readDocument(loadPlainYaml(text), locate);
  const errors = [...read.errors, ...validateDocument(read, locate)];
  return { errors: errors.length, steps: locate.steps };
}

describe("an invalid document's errors", () => {
  it("are capped: the first problems in text order, then how many more", () => {
    const { errors } = parseDocument(unusedAgents(250));
    expect(errors).toHaveLength(MAX_DOCUMENT_ERRORS + 1);
    expect(errors[0]).toEqual({ message: "an agent 'a1' is never used: place it in a flow or a group", line: 4, column: 3, path: "agents.a1" });
    expect(errors[MAX_DOCUMENT_ERRORS - 1]!.path).toBe(`agents.a${MAX_DOCUMENT_ERRORS}`);
    expect(errors.at(-1)).toEqual({ message: "and 149 more problems", line: 2 + 2 * (MAX_DOCUMENT_ERRORS + 1), column: 3, path: "" });
    expect(parseDocument(unusedAgents(MAX_DOCUMENT_ERRORS + 1)).errors).toHaveLength(MAX_DOCUMENT_ERRORS);
  });

  it("are placed exactly as before: through js-yaml's positions and `yaml`'s tree alike", () => {
    const text = unknownNames(3);
    const errors = parseDocument(text).errors;
    expect(errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [6, 15, "unknown name 'x0' in the top-level swarm"],
      [6, 21, "unknown name 'x1' in the top-level swarm"],
      [6, 27, "unknown name 'x2' in the top-level swarm"],
    ]);
    // An anchor sends the text to `yaml`: the same places.
    expect(parseDocument(text.replace("a: {}", "a: &x {}")).errors).toEqual(errors);
  });

  for (const plain of [true, false]) {
    it(`are located in linear work (${plain ? "js-yaml's positions" : "`yaml`'s tree"}), counted, not timed`, () => {
      for (const document of [unusedAgents, unknownNames]) {
        const small = locatingSteps(document(2000), plain);
        const large = locatingSteps(document(8000), plain);
        expect(large.errors).toBeGreaterThanOrEqual(4 * small.errors - 4);
        // Four times the errors, about four times the work (quadratic work would be sixteen).
        expect(large.steps / small.steps).toBeLessThan(4.5);
      }
    });
  }

  it("report a cycle through thousands of nested swarms briefly, without running out of stack", () => {
    const n = 12_000;
    const swarms = Array.from({ length: n }, (_, i) => `  s${i}: { flow: "${i + 1 < n ? `s${i + 1} >> ` : ""}a${i % 2 ? "" : " >> s0"}" }`);
    const text = ["agents:", "  a: {}", "swarms:", ...swarms, "swarm: { flow: s0 }", ""].join("\n");
    const errors = parseDocument(text).errors;
    const cycles = errors.filter((e) => e.message.startsWith("cycle:"));
    expect(cycles.length).toBeGreaterThan(10);
    expect(cycles[0]!.message).toBe("cycle: s0 contains s0");
    expect(Math.max(...cycles.map((e) => e.message.length))).toBeLessThan(200);
    expect(cycles.at(-1)!.message).toMatch(/^cycle: s0 contains s1 contains .* contains … \(\d+ more\) contains .* contains s0$/);
  });
});
