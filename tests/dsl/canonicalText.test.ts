import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalText } from "@/lib/dsl/canonicalText";
import { canonicalDocument, canonicalValue, TO_STRING } from "@/lib/dsl/serialize";
import { validDocument } from "./arbitraries";

/** `FUZZ_RUNS=100000 npx vitest run tests/dsl/<this file>` searches longer (an hour's time limit). */
const FUZZ_RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : undefined;
const FUZZ_TIMEOUT = FUZZ_RUNS ? 3_600_000 : undefined;

/** What the `yaml` package writes for the same value and styles. */
function yamlText(value: Record<string, unknown>): string {
  return canonicalDocument(value).toString(TO_STRING);
}

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.lorem({ maxCount: 40 }),
  fc.constantFrom("", "yes", "null", "1.5", "0o7", "- x", "a: b", "#c", "--- x", "...", " x ", "x\n", "\n\nx\n\n", "a\n  b", "[a]", "é\u0085x", "\t"),
  fc.array(fc.constantFrom("word", " ", "\n", ":", "#", "'", '"', "-", "longerwordlongerword", "\t", "\\"), { maxLength: 60 }).map((parts) => parts.join("")),
);
const plain: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(text, tie("value"), { maxKeys: 4 }),
  ),
})).value;
const name = fc.oneof(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,70}$/), fc.constantFrom("null", "Null", "NULL", "True", "false", "FALSE", "nan", "inf", "y", "n", "no", "on"));

/** Plain data in the document's shape, with anything where the model has free values. */
const documentShaped = fc.record(
  {
    name: text,
    vars: fc.dictionary(text, plain, { maxKeys: 5 }),
    agents: fc.dictionary(
      name,
      fc.record(
        { model: text, instructions: text, tools: fc.array(name, { maxLength: 12 }), handoffs: fc.array(name, { maxLength: 3 }), temperature: fc.double(), output_schema: plain, spawn: plain },
        { requiredKeys: [] },
      ),
      { maxKeys: 4 },
    ),
    groups: fc.dictionary(name, fc.record({ type: fc.constantFrom("parallel", "serial"), agents: fc.array(name, { maxLength: 12 }), separator: text }, { requiredKeys: ["type"] }), { maxKeys: 3 }),
    layout: fc.dictionary(name, fc.record({ x: fc.integer(), y: fc.double(), width: fc.integer() }, { requiredKeys: ["x"] }), { maxKeys: 3 }),
  },
  { requiredKeys: [] },
);

describe("the canonical writer writes what `yaml` writes", () => {
  it("for valid documents", () => {
    fc.assert(
      fc.property(validDocument, (document) => {
        const value = canonicalValue(document);
        expect(canonicalText(value)).toBe(yamlText(value));
      }),
      { numRuns: 150 },
    );
  });

  it("for any plain data in the document's shape, or declines", () => {
    let written = 0;
    fc.assert(
      fc.property(documentShaped, (value) => {
        const text = canonicalText(value);
        if (text === undefined) return;
        written++;
        expect(text).toBe(yamlText(value));
      }),
      { numRuns: FUZZ_RUNS ?? 1000 },
    );
    expect(written).toBeGreaterThan(500);
  }, FUZZ_TIMEOUT);

  it("declines what it does not mimic: maps of nulls, very long keys", () => {
    expect(canonicalText({ vars: { a: null } })).toBeUndefined();
    expect(canonicalText({ vars: { ["k".repeat(1100)]: 1 } })).toBeUndefined();
  });
});
