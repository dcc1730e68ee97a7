import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dump } from "js-yaml";
import { parseDocument as parseYaml, stringify } from "yaml";
import { largeDocumentText } from "@/bench/dsl";
import { serializeDocument } from "@/lib/dsl";
import { PlainPositions } from "@/lib/dsl/plainPositions";
import { loadPlainYaml } from "@/lib/dsl/plainYaml";
import { SourceLocator, type YamlPath } from "@/lib/dsl/source";
import { validDocument } from "./arbitraries";

/** `FUZZ_RUNS=100000 npx vitest run tests/dsl/<this file>` searches longer (an hour's time limit). */
const FUZZ_RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : undefined;
const FUZZ_TIMEOUT = FUZZ_RUNS ? 3_600_000 : undefined;

/** What the `yaml` package reads, or undefined when it reports an error. */
function yamlValue(text: string): unknown {
  const doc = parseYaml(text, { uniqueKeys: true });
  return doc.errors.length > 0 ? undefined : doc.toJS({ maxAliasCount: 100 });
}

/** The fast reading either declines or gives exactly what `yaml` gives; true when it read. */
function expectSameAsYaml(text: string): boolean {
  const fast = loadPlainYaml(text);
  if (fast === undefined) return false;
  const slow = yamlValue(text);
  expect(slow, `yaml rejects what js-yaml read:\n${text}`).not.toBeUndefined();
  expect(fast, text).toEqual(slow);
  expectSamePositions(text);
  return true;
}

/** Every path in `value`, and one more key under each map, list and scalar (which do not exist). */
function pathsOf(value: unknown, path: (string | number)[] = [], out: YamlPath[] = []): YamlPath[] {
  out.push(path);
  if (Array.isArray(value)) {
    value.forEach((item, i) => pathsOf(item, [...path, i], out));
    out.push([...path, value.length]);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...path, key], out);
    out.push([...path, "not-a-key"]);
  } else out.push([...path, "below-a-scalar"]);
  return out;
}

/**
 * Where js-yaml's reading places each path is where `yaml`'s tree places it, or it does
 * not say (the locator then asks `yaml`). Returns how many answers it left to `yaml`.
 */
function expectSamePositions(text: string): number {
  const value = loadPlainYaml(text);
  if (value === undefined) return 0;
  const plain = PlainPositions.read(text);
  expect(plain, text).toBeDefined();
  const slow = new SourceLocator(text);
  let unanswered = 0;
  const same = (offset: number | undefined, expected: { line: number; column: number }, what: string) => {
    if (offset === undefined) unanswered++;
    else expect(slow.atOffset(offset), `${what} in:\n${text}`).toEqual(expected);
  };
  for (const path of pathsOf(value)) {
    const name = JSON.stringify(path);
    same(plain!.at(path), slow.at(path), `at ${name}`);
    if (path.length > 0) same(plain!.atKey(path), slow.atKey(path), `atKey ${name}`);
    for (const inner of [0, 1, 3]) same(plain!.inString(path, inner), slow.inString(path, inner), `inString ${name} ${inner}`);
  }
  return unanswered;
}

const scalars = [
  "yes", "no", "on", "Off", "y", "~", "null", "Null", "NULL", "nULL", "true", "True", "TRUE", "tRUE", "false",
  "0", "-0", "+12", "012", "0o17", "0o8", "0x1F", "0X1F", "+0x1F", "-0x1F", "0b11", "1_000", "1,000", "1.", ".5",
  "1.50", "-1.5e3", "1e3", "1E+3", ".inf", "-.Inf", "+.INF", ".nan", ".NaN", "NaN", "inf", "2001-12-14", "12:30:00",
  "'quoted'", '"d\\tq\\u00e9"', "'it''s'", "a b", "a: b", "a #b", "a#b", "- x", "[]", "{}", "[a, b]", "{a: 1}",
  "<<", "=", "@x", "`x", "%x", "&x", "*x", "!x", "!!str 1", "? x", "|", ">-", "", "é ✓",
];
const scalar = fc.oneof(fc.constantFrom(...scalars), fc.string({ maxLength: 12 }));

const fragments = [
  ...scalars, "\n", "\n  ", "\n    ", "\n- ", "\n  - ", ": ", ":", ", ", "[", "]", "{", "}", "# c", "\t", "  ", "'", '"',
  "<<: ", "---\n", "\n...\n", "? ", "key", "k2", "|\n  text\n", ">-\n  a\n  b\n", "|+\n  x\n\n", "|2-\n   x\n",
  "\nkey: ", "\n  k2: ", "\n    k3: v\n", "\n   ", "plain\n  more", "\\", "\r\n", " ", "\u00a0", "\ufeff",
];
const yamlish = fc.array(fc.constantFrom(...fragments), { maxLength: 24 }).map((parts) => parts.join(""));

describe("the fast YAML reading agrees with the `yaml` package", () => {
  it("on canonical documents, most of which it reads", () => {
    let read = 0;
    fc.assert(
      fc.property(validDocument, (document) => {
        if (expectSameAsYaml(serializeDocument(document))) read++;
      }),
      { numRuns: 100 },
    );
    expect(read).toBeGreaterThan(40); // about two in three: random text often holds what it declines
  });

  it("on every plain scalar, as a value, a key and a list item", () => {
    fc.assert(
      fc.property(scalar, scalar, (a, b) => {
        expectSameAsYaml(`${a}: ${b}\n`);
        expectSameAsYaml(`k:\n  - ${a}\n  - ${b}\n`);
        expectSameAsYaml(`{ ${a}: [${b}] }\n`);
      }),
      { numRuns: FUZZ_RUNS ?? 3000 },
    );
  }, FUZZ_TIMEOUT);

  it("on random YAML-like text", () => {
    fc.assert(
      fc.property(yamlish, (text) => {
        expectSameAsYaml(text);
      }),
      { numRuns: FUZZ_RUNS ?? 5000 },
    );
  }, FUZZ_TIMEOUT);

  it("on any data as either library writes it, in any style", () => {
    const data = fc.jsonValue({ maxDepth: 4 });
    const style = fc.record({ indent: fc.integer({ min: 1, max: 6 }), lineWidth: fc.integer({ min: 20, max: 120 }), flow: fc.integer({ min: -1, max: 3 }) });
    fc.assert(
      fc.property(data, style, (value, { indent, lineWidth, flow }) => {
        expectSameAsYaml(dump(value, { indent, lineWidth, flowLevel: flow }));
        expectSameAsYaml(stringify(value, { indent: Math.max(indent, 2), lineWidth, collectionStyle: flow < 0 ? "any" : "block" }));
      }),
      { numRuns: FUZZ_RUNS ?? 1000 },
    );
  }, FUZZ_TIMEOUT);

  it("on texts `yaml` rejects for its own limits", () => {
    expectSameAsYaml(`${"k".repeat(1100)}: 1\n`); // an implicit key over 1024 characters
    expectSameAsYaml(`a: "x\n  y"\nb: 'p\n  q'\n`);
    expectSameAsYaml(`a: 'it''s'\nb: "say \\"hi\\""\n`);
  });

  it("takes the fast way for a typical hand-written document", () => {
    expect(loadPlainYaml(largeDocumentText())).toEqual(yamlValue(largeDocumentText()));
  });

  it("places every path of canonical and hand-written documents itself, where `yaml` does", () => {
    expect(expectSamePositions(largeDocumentText())).toBe(0);
    fc.assert(
      fc.property(validDocument, (document) => {
        expect(expectSamePositions(serializeDocument(document))).toBe(0);
      }),
      { numRuns: 100 },
    );
    const handWritten = "# a flow\nagents:\n  a:   # first\n    model: mock:echo\n    tools: [ calculator ,current_time ]\n  b:\n\n  c: {model: 'mock:x', temperature: 1}\nswarm: { flow: \"a >> (b | c)\" }\nlayout:\n  a: {x: 1, y: 2}\n";
    expect(expectSamePositions(handWritten)).toBe(0);
  });

  it("declines anchors, aliases, tags, directives and complex keys", () => {
    for (const text of ["a: &x 1\nb: *x\n", "a: !!str 1\n", "%YAML 1.1\n---\na: yes\n", "? [a]\n: 1\n", "[a]: 1\n", "~: 1\n", "a: 1\na: 2\n"]) {
      expect(loadPlainYaml(text), text).toBeUndefined();
    }
  });
});
