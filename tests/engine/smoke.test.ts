import { describe, expect, it } from "vitest";
import { Agent, run, Swarm } from "@/lib/engine";
import { byModel, lastInput, ScriptedProvider } from "./stubs";

describe("smoke", () => {
  it("runs a workflow of two agents", async () => {
    const provider = new ScriptedProvider(
      byModel({ a: (r) => ({ content: `A(${lastInput(r)})` }), b: (r) => ({ content: `B(${lastInput(r)})` }) }),
    );
    const swarm = new Swarm({ agents: [new Agent({ name: "a", model: "mock:a" }), new Agent({ name: "b", model: "mock:b" })] });
    const result = await run(swarm, "hi", { provider });
    expect(result.output).toBe("B(A(hi))");
    expect(result.steps).toBe(2);
    expect(result.usage.totalTokens).toBe(30);
  });
});
