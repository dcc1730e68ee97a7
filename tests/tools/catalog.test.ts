import { describe, expect, it } from "vitest";
import { Agent, run } from "@/lib/engine";
import { getTool, isBuiltInTool, toolCatalog } from "@/lib/tools";
import { externalImports } from "./importGraph";

describe("tool catalog", () => {
  it("offers the five built-in tools with JSON Schema parameters", () => {
    expect(toolCatalog.map((entry) => entry.name)).toEqual(["calculator", "current_time", "http_fetch", "json_extract", "ask_human"]);
    for (const entry of toolCatalog) {
      expect(entry.description.length).toBeGreaterThan(20);
      expect(entry.parameters).toMatchObject({ type: "object", properties: expect.any(Object) });
    }
  });

  it("the catalog module is client-safe: nothing it imports reaches node: modules or an SDK", () => {
    expect(externalImports("lib/tools/catalog.ts")).toEqual(new Set(["zod"]));
    expect(externalImports("lib/tools/index.ts")).toContain("node:http"); // the check does see server code
  });

  it("every catalog entry is a tool getTool returns, with the same parameters", () => {
    for (const entry of toolCatalog) {
      expect(isBuiltInTool(entry.name)).toBe(true);
      expect(getTool(entry.name)?.parameters).toEqual(entry.parameters);
    }
    expect(isBuiltInTool("eval")).toBe(false);
  });

  it("finds tools by name, and nothing for unknown names", () => {
    expect(getTool("calculator")?.name).toBe("calculator");
    expect(getTool("exec")).toBeUndefined();
    expect(getTool("constructor")).toBeUndefined();
  });

  it("runs in the engine: a mock model calls the calculator, then answers from its result", async () => {
    const calculator = getTool("calculator")!;
    const agent = new Agent({
      name: "math",
      model: 'mock:tool?name=calculator&args={"expression":"6*(3+4)"}',
      tools: [calculator],
    });
    const result = await run(agent, "what is 6*(3+4)?");
    expect(result.output).toBe("calculator returned: 42");
  });

  it("a tool error reaches the model as a tool message and the run goes on", async () => {
    const agent = new Agent({
      name: "math",
      model: 'mock:tool?name=calculator&args={"expression":"1/0"}',
      tools: [getTool("calculator")!],
    });
    const result = await run(agent, "divide");
    const toolMessage = result.messages.find((message) => message.role === "tool");
    expect(toolMessage).toMatchObject({ error: true, content: expect.stringContaining("division by zero") });
    expect(result.output).toContain("division by zero");
  });
});
