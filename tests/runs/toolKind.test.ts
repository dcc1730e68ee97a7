// A tool call's node says which kind of tool ran (the timeline's badge): built-in by
// default, "code" for a sandboxed code tool; delegations carry none.
import { afterAll, describe, expect, it } from "vitest";
import { Agent, run, Swarm } from "@/lib/engine";
import { getProvider } from "@/lib/providers";
import { toNodeRow } from "@/lib/runs/nodeRows";
import { getTool } from "@/lib/tools";
import { codeTool, SandboxPool } from "@/lib/tools/sandbox";

const pool = new SandboxPool(1);
afterAll(() => pool.close());

async function toolMarks(model: string) {
  const double = codeTool({ name: "double", description: "Doubles n", parameters: { type: "object", properties: { n: { type: "number" } } }, body: "return args.n * 2;" }, pool);
  const agent = new Agent({ name: "a", model, tools: [double, getTool("calculator")!] });
  const result = await run(new Swarm({ agents: [agent] }), "go", { resolveProvider: (name) => getProvider(name) });
  return [...result.state.nodes.values()].filter((node) => node.kind === "tool_call").map((node) => toNodeRow(node, 0).marks);
}

describe("the kind of tool a call ran", () => {
  it("is code for a code tool and builtin for a built-in one", async () => {
    expect(await toolMarks(`mock:tool?name=double&args=${encodeURIComponent('{"n":4}')}`)).toEqual([{ tool: "code" }]);
    expect(await toolMarks(`mock:tool?name=calculator&args=${encodeURIComponent('{"expression":"1+1"}')}`)).toEqual([{ tool: "builtin" }]);
  });

  it("is absent for a call of a tool the agent does not have", async () => {
    expect(await toolMarks("mock:tool?name=nothing&args={}")).toEqual([null]);
  });
});

describe("a code tool's console during a run", () => {
  const logging = (body: string) =>
    codeTool({ name: "noisy", description: "Logs", parameters: { type: "object", properties: {} }, body }, pool);

  async function toolRows(body: string, redact?: (text: string) => string) {
    const agent = new Agent({ name: "a", model: "mock:tool?name=noisy&args={}", tools: [logging(body)] });
    const result = await run(new Swarm({ agents: [agent] }), "go", { resolveProvider: (name) => getProvider(name) });
    return [...result.state.nodes.values()].filter((node) => node.kind === "tool_call").map((node) => toNodeRow(node, 0, redact));
  }

  it("is kept on the call's node, level by level, and stored without credentials", async () => {
    const [row] = await toolRows('console.log("seen", 2); console.warn("careful sk-secret-123"); return "ok";', (text) => text.replaceAll("sk-secret-123", "[redacted]"));
    expect(row!.metadata.logs).toEqual([
      { level: "log", text: "seen 2" },
      { level: "warn", text: "careful [redacted]" },
    ]);
    expect(row!.metadata.droppedLogs).toBeUndefined();
  });

  it("is kept when the tool throws, and says how many lines were over the caps", async () => {
    const [row] = await toolRows('for (let i = 0; i < 250; i++) console.log("line " + i); throw new Error("broke");');
    expect(row!.status).toBe("failed");
    expect((row!.metadata.logs as unknown[]).length).toBe(200);
    expect(row!.metadata.droppedLogs).toBe(50);
  });

  it("leaves a quiet tool's node without logs", async () => {
    const [row] = await toolRows('return 1;');
    expect(row!.metadata).not.toHaveProperty("logs");
  });
});
