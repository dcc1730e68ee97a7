import { describe, expect, it } from "vitest";
import {
  containsScorer,
  exactScorer,
  jsonSchemaScorer,
  judgeScorer,
  numericScorer,
  parseJudgeReply,
  parseScorer,
  regexScorer,
  ScorerSpecError,
  type DatasetRow,
  type Scorer,
} from "@/lib/evals";

const score = (scorer: Scorer, output: string, row: DatasetRow = { input: "q" }) => scorer.score({ output, row });
const expecting = (expected: string): DatasetRow => ({ input: "q", expected });

describe("deterministic scorers", () => {
  it("exact: equal up to surrounding whitespace", () => {
    expect(score(exactScorer, " Paris\n", expecting("Paris"))).toEqual({ pass: true, score: 1, reason: "equals the expected output" });
    expect(score(exactScorer, "Paris, France", expecting("Paris"))).toMatchObject({ pass: false, score: 0, reason: 'differs from "Paris"' });
    expect(score(exactScorer, "Paris")).toMatchObject({ pass: false, reason: "the row has no expected output" });
  });

  it("contains: case-sensitive substring", () => {
    expect(score(containsScorer, "It is Paris.", expecting("Paris"))).toMatchObject({ pass: true, score: 1 });
    expect(score(containsScorer, "it is paris.", expecting("Paris"))).toMatchObject({ pass: false, score: 0, reason: 'does not contain "Paris"' });
  });

  it("regex: a pattern or /pattern/flags; a bad pattern is a ScorerSpecError", () => {
    expect(score(regexScorer("^\\d+$"), "42")).toMatchObject({ pass: true });
    expect(score(regexScorer("^\\d+$"), "42 apples")).toMatchObject({ pass: false, reason: "does not match /^\\d+$/" });
    expect(score(regexScorer("/^yes/i"), "YES sir")).toMatchObject({ pass: true });
    expect(() => regexScorer("(")).toThrow(ScorerSpecError);
  });

  it("json-schema: a fixed schema, or the row's expected output as the schema", () => {
    const schema = { type: "object", properties: { n: { type: "number" } }, required: ["n"] };
    const fixed = jsonSchemaScorer(schema);
    expect(score(fixed, '```json\n{"n": 3}\n```')).toMatchObject({ pass: true, score: 1 });
    expect(score(fixed, '{"n": "3"}')).toMatchObject({ pass: false, reason: expect.stringContaining("n:") });
    expect(score(fixed, "not json")).toMatchObject({ pass: false, reason: "the answer is not valid JSON" });
    const perRow = jsonSchemaScorer();
    expect(score(perRow, '{"n": 1}', expecting(JSON.stringify(schema)))).toMatchObject({ pass: true });
    expect(score(perRow, "{}", expecting(JSON.stringify(schema)))).toMatchObject({ pass: false });
    expect(score(perRow, "{}", expecting("{oops"))).toMatchObject({ pass: false, reason: expect.stringContaining("not a JSON Schema") });
  });

  it("numeric: the first number in the output within an absolute tolerance", () => {
    const scorer = numericScorer(0.5);
    expect(score(scorer, "The answer is 42.3 units", expecting("42"))).toMatchObject({ pass: true, score: 1 });
    expect(score(scorer, "about 1,000", expecting("1000.4"))).toMatchObject({ pass: true });
    expect(score(scorer, "43", expecting("42"))).toMatchObject({ pass: false, reason: "43 is 1 away from 42 (tolerance 0.5)" });
    expect(score(scorer, "no idea", expecting("42"))).toMatchObject({ pass: false, reason: "the output has no number" });
    expect(score(scorer, "42", expecting("forty-two"))).toMatchObject({ pass: false, reason: expect.stringContaining("is not a number") });
    expect(() => numericScorer(-1)).toThrow(ScorerSpecError);
  });
});

describe("the LLM judge", () => {
  const judge = (reply: string, passAt?: number) => judgeScorer({ model: `mock:reply?text=${encodeURIComponent(reply)}`, rubric: "Is it right?", passAt });

  it("passes and fails by the judge's score, with its reason", async () => {
    expect(await score(judge('{"score":0.9,"reason":"correct"}'), "Paris", expecting("Paris"))).toEqual({ pass: true, score: 0.9, reason: "correct", costUsd: 0 });
    expect(await score(judge('{"score":0.2,"reason":"wrong city"}'), "Lyon", expecting("Paris"))).toMatchObject({ pass: false, score: 0.2, reason: "wrong city" });
    expect(await score(judge('{"score":0.6,"reason":"close"}', 0.7), "x")).toMatchObject({ pass: false, score: 0.6 });
  });

  it("sends the rubric, the input, the expected output and the output", async () => {
    const seen: string[] = [];
    const scorer = judgeScorer({
      model: "mock:any",
      rubric: "Be exact.",
      resolveProvider: () => ({
        complete: async (request) => {
          seen.push(...request.messages.map((message) => message.content));
          return { content: '{"score":1,"reason":"ok"}', toolCalls: [], usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }, finishReason: "stop" };
        },
        stream: () => {
          throw new Error("not used");
        },
      }),
    });
    await scorer.score({ output: "Lyon", row: { input: { q: "capital?" }, expected: "Paris" } });
    expect(seen[0]).toContain("Rubric: Be exact.");
    expect(seen[0]).toContain('{"score": <number from 0 to 1>, "reason": "<one sentence>"}');
    expect(seen[1]).toBe('<input>\n{"q":"capital?"}\n</input>\n<expected>\nParis\n</expected>\n<output>\nLyon\n</output>');
  });

  it("reads the reply strictly: anything but {score 0..1, reason} fails the row with the problem", async () => {
    expect(parseJudgeReply('{"score":1,"reason":"ok"}')).toEqual({ ok: true, reply: { score: 1, reason: "ok" } });
    for (const reply of ["Score: 1", '{"score":1.5,"reason":"x"}', '{"score":"1","reason":"x"}', '{"score":1}', '{"score":1,"reason":"x","extra":true}', 'Sure! {"score":1,"reason":"x"}']) {
      expect(parseJudgeReply(reply).ok, reply).toBe(false);
      expect(await score(judge(reply), "x")).toMatchObject({ pass: false, score: 0, reason: expect.stringContaining("the judge's reply is not") });
    }
  });
});

describe("scorers as the CLI spells them", () => {
  it("makes each kind and refuses unknown names and bad arguments", () => {
    expect(["exact", "contains", "json-schema", "regex:^a", "numeric:0.1", "judge:mock:echo"].map((spelling) => parseScorer(spelling).name)).toEqual([
      "exact",
      "contains",
      "json-schema",
      "regex:^a",
      "numeric:0.1",
      "judge:mock:echo",
    ]);
    expect(() => parseScorer("fuzzy")).toThrow(/unknown scorer 'fuzzy'/);
    expect(() => parseScorer("numeric:abc")).toThrow(ScorerSpecError);
    expect(() => parseScorer("regex")).toThrow(/needs pattern/);
    expect(() => parseScorer("exact:yes")).toThrow(/takes no argument/);
    expect(() => parseScorer("judge:nosuch:model")).toThrow();
  });
});
