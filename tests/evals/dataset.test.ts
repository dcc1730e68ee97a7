import { describe, expect, it } from "vitest";
import { DatasetError, MAX_DATASET_PROBLEMS, parseDataset, readDataset } from "@/lib/evals";

describe("JSONL datasets", () => {
  it("reads text and JSON inputs, expected outputs and tags; skips blank lines", () => {
    const text = '{"input":"hi","expected":"hello","tags":["greeting"]}\n\n{"input":{"q":"2+2"}}\r\n';
    expect(parseDataset(text, "jsonl")).toEqual({
      rows: [{ input: "hi", expected: "hello", tags: ["greeting"] }, { input: { q: "2+2" } }],
      problems: [],
    });
  });

  it("names the line of every problem", () => {
    const lines = [
      '{"input":"ok","expected":"fine"}',
      '{"input":"a","expected":7}',
      "{not json",
      '{"expected":"x"}',
      '{"input":"a","tags":"math"}',
      '{"input":"a","expect":"typo"}',
      "[1,2]",
      '{"input":5}',
      '{"input":""}',
    ];
    const { rows, problems } = parseDataset(lines.join("\n"), "jsonl");
    expect(rows).toBeUndefined();
    expect(problems).toEqual([
      "line 2: expected is not a string",
      expect.stringMatching(/^line 3: not valid JSON \(/),
      "line 4: input is missing",
      "line 5: tags is not an array",
      'line 6: unknown field "expect" (fields: input, expected, tags)',
      'line 7: a row must be a JSON object with an "input"',
      "line 8: input must be text or a JSON object or array",
      "line 9: input is empty",
    ]);
  });

  it("caps the problems like the DSL: the first 100, then 'and N more problems'", () => {
    const text = Array.from({ length: MAX_DATASET_PROBLEMS + 7 }, () => '{"input":1}').join("\n");
    const { problems } = parseDataset(text, "jsonl");
    expect(problems).toHaveLength(MAX_DATASET_PROBLEMS + 1);
    expect(problems[MAX_DATASET_PROBLEMS - 1]).toMatch(/^line 100: /);
    expect(problems.at(-1)).toBe("and 7 more problems");
  });

  it("refuses an empty dataset; readDataset throws a DatasetError carrying the problems", () => {
    expect(parseDataset("\n\n", "jsonl").problems).toEqual(["the dataset has no rows"]);
    expect(() => readDataset('{"input":"a","expected":1}', "jsonl")).toThrow(DatasetError);
    try {
      readDataset('{"input":"a","expected":1}', "jsonl");
    } catch (error) {
      expect((error as DatasetError).problems).toEqual(["line 1: expected is not a string"]);
      expect((error as DatasetError).kind).toBe("invalid");
    }
  });
});

describe("CSV datasets", () => {
  it("reads a header and rows, with quoted cells over several lines and tags split on ';'", () => {
    const text = '\uFEFFinput,expected,tags\nhello,hi,a; b\n"two\nlines","x, y",\n\nplain,,\n';
    expect(parseDataset(text, "csv")).toEqual({
      rows: [{ input: "hello", expected: "hi", tags: ["a", "b"] }, { input: "two\nlines", expected: "x, y" }, { input: "plain" }],
      problems: [],
    });
  });

  it("reports unknown or missing columns on line 1", () => {
    expect(parseDataset("question,answer\na,b\n", "csv").problems).toEqual([
      "line 1: unknown columns 'question', 'answer' (columns: input, expected, tags)",
      "line 1: the header has no 'input' column",
    ]);
  });

  it("names the line of a row with the wrong number of fields, after a multi-line cell", () => {
    const { problems } = parseDataset('input,expected\n"a\nb",c\nd,e,f\n', "csv");
    expect(problems).toEqual(["line 4: has a different number of fields than the header"]);
  });

  it("names the line of an unclosed quote", () => {
    const { problems } = parseDataset('input\nok\n"never closed\n', "csv");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^line \d+: .*[Qq]uote/);
  });
});
