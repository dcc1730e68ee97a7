import { describe, expect, it } from "vitest";
import { ToolError } from "@/lib/engine";
import { jsonExtractTool } from "@/lib/tools";
import { JsonPathError, parseJsonPath, queryJsonPath } from "@/lib/tools/jsonPath";
import { toolContext } from "./context";

const doc = {
  a: { b: [10, 20, 30] },
  items: [{ name: "x", id: 1 }, { name: "y", id: 2 }, { id: 3 }],
  "key with spaces": { "it's": true },
  empty: null,
};
const json = JSON.stringify(doc);
const extract = (path: string, text = json) => jsonExtractTool.execute({ json: text, path }, toolContext());

describe("parseJsonPath", () => {
  it("reads members, quoted keys, indexes and wildcards", () => {
    expect(parseJsonPath(`$.a['b c']["d\\"e"][0][-1][*].*`)).toEqual([
      { kind: "key", key: "a" },
      { kind: "key", key: "b c" },
      { kind: "key", key: 'd"e' },
      { kind: "index", index: 0 },
      { kind: "index", index: -1 },
      { kind: "wildcard" },
      { kind: "wildcard" },
    ]);
    expect(parseJsonPath("$")).toEqual([]);
  });

  it.each([
    ["a.b", /starts with "\$"/],
    ["$.", /expected a name/],
    ["$..a", /expected a name/],
    ["$[", /unclosed/],
    ["$[abc]", /not an index/],
    ["$[1.5]", /not an index/],
    ["$['open", /unterminated/],
    ["$['a'x", /expected "\]"/],
    ["$a", /unexpected "a"/],
    ["$." + "a".repeat(600), /longer than 500/],
  ])("rejects %j", (path, message) => {
    expect(() => parseJsonPath(path)).toThrow(JsonPathError);
    expect(() => parseJsonPath(path)).toThrow(message);
  });

  it("never walks into prototypes", () => {
    expect(queryJsonPath({}, "$.constructor").matches).toEqual([]);
    expect(queryJsonPath({}, "$['__proto__']").matches).toEqual([]);
    expect(queryJsonPath([], "$.length").matches).toEqual([]);
    expect(queryJsonPath("text", "$.length").matches).toEqual([]);
    // JSON.parse makes "__proto__" an own key: then it is plain data.
    expect(queryJsonPath(JSON.parse('{"__proto__": {"x": 1}}'), "$.__proto__.x").matches).toEqual([1]);
  });
});

describe("json_extract tool", () => {
  it.each([
    ["$.a.b[0]", 10],
    ["$.a.b[-1]", 30],
    ["$.items[*].name", ["x", "y"]],
    ["$.items[*].id", [1, 2, 3]],
    ["$['key with spaces'][\"it's\"]", true],
    ["$.empty", null],
    ["$.a.*", [[10, 20, 30]]],
    ["$.items[9].name", undefined],
  ])("%s", async (path, expected) => {
    if (expected === undefined) {
      expect(() => extract(path)).toThrow(ToolError);
      expect(() => extract(path)).toThrow("matched nothing");
    } else {
      expect(await extract(path)).toEqual(expected);
    }
  });

  it("a wildcard that matches nothing gives an empty list", async () => {
    expect(await extract("$.missing[*]")).toEqual([]);
  });

  it("returns the whole document for $", async () => {
    expect(await extract("$")).toEqual(doc);
  });

  it("throws ToolError for invalid JSON and invalid paths", () => {
    expect(() => extract("$.a", "{not json")).toThrow(/not valid JSON/);
    expect(() => extract("a.b")).toThrow(ToolError);
  });

  it("rejects bad arguments before execute", () => {
    const parse = (args: unknown) => jsonExtractTool.argsSchema.safeParse(args).success;
    expect(parse({ json: "{}" })).toBe(false);
    expect(parse({ json: "", path: "$" })).toBe(false);
    expect(parse({ json: {}, path: "$" })).toBe(false);
    expect(parse({ json: "x".repeat(1_000_001), path: "$" })).toBe(false);
  });
});
