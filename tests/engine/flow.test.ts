import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { FlowError } from "@/lib/engine/errors";
import { formatFlow, parseFlow } from "@/lib/engine/flow";

function flowError(text: string, names?: string[]): FlowError {
  try {
    parseFlow(text, names ? { names: new Set(names) } : {});
  } catch (error) {
    if (error instanceof FlowError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to fail`);
}

describe("parseFlow", () => {
  it("parses chains and parallel stages", () => {
    expect(parseFlow("a >> (b | c) >> d").stages).toEqual([["a"], ["b", "c"], ["d"]]);
    expect(parseFlow("researcher>>writer").stages).toEqual([["researcher"], ["writer"]]);
    expect(parseFlow("a\n  >> b-2").stages).toEqual([["a"], ["b-2"]]);
  });

  it("reports each name with its position", () => {
    expect(parseFlow("a >>\n (b | c)").refs).toEqual([
      { name: "a", offset: 0, line: 1, column: 1 },
      { name: "b", offset: 7, line: 2, column: 3 },
      { name: "c", offset: 11, line: 2, column: 7 },
    ]);
  });

  it.each([
    ["a >> >> b", 1, 6, ">>", /empty stage/],
    ["(a | )", 1, 6, ")", /empty member/],
    ["(a | (b | c))", 1, 6, "(", /nested parentheses/],
    ["a -> b", 1, 3, "->", /'->' is not a flow operator.*'>>'/],
    ["a->b", 1, 2, "->", /'->' is not a flow operator/],
    ["a > b", 1, 3, ">", /single '>'/],
    ["a b", 1, 3, "b", /expected '>>'/],
    ["(a | b", 1, 7, "", /unclosed '\('/],
    ["a >> b)", 1, 7, ")", /unmatched '\)'/],
    ["", 1, 1, "", /the flow is empty/],
    ["a >>", 1, 5, "", /empty stage at the end/],
    ["a >> a", 1, 6, "a", /appears twice/],
    ["a >>\n  b, c", 2, 4, ",", /'\|'/],
    ["a | b", 1, 3, "|", /outside parentheses/],
  ])("rejects %j at line %i column %i", (text, line, column, token, message) => {
    const error = flowError(text);
    expect([error.line, error.column, error.token]).toEqual([line, column, token]);
    expect(error.reason).toMatch(message);
    expect(error.message).toContain(`line ${line}, column ${column}`);
  });

  it("rejects unknown names when names are given", () => {
    const error = flowError("a >> (b | ghost)", ["a", "b"]);
    expect([error.reason, error.column, error.token]).toEqual(["unknown name 'ghost'", 11, "ghost"]);
  });
});

const name = fc.stringMatching(/^[a-z_][a-z0-9_-]{0,8}$/).filter((n) => !n.endsWith("-"));

describe("formatFlow", () => {
  it("round-trips any stages through text", () => {
    const stages = fc
      .uniqueArray(name, { minLength: 1, maxLength: 12 })
      .chain((names) =>
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: names.length, maxLength: names.length }).map((sizes) => {
          const out: string[][] = [];
          let i = 0;
          for (const size of sizes) {
            if (i >= names.length) break;
            out.push(names.slice(i, i + size));
            i += size;
          }
          return out;
        }),
      );
    fc.assert(
      fc.property(stages, (s) => {
        expect(parseFlow(formatFlow(s)).stages).toEqual(s);
      }),
    );
  });

  it("never throws anything but FlowError on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "b", " ", ">", "(", ")", "|", "-", "\n", ",") }), (text) => {
        try {
          parseFlow(text);
        } catch (error) {
          expect(error).toBeInstanceOf(FlowError);
          const e = error as FlowError;
          expect(e.line).toBeGreaterThanOrEqual(1);
          expect(e.column).toBeGreaterThanOrEqual(1);
        }
      }),
    );
  });
});
