import { describe, expect, it } from "vitest";
import { Agent, EventBus, run, type StreamEvent } from "@/lib/engine";
import { ScriptedProvider } from "./stubs";

describe("EventBus", () => {
  it("delivers to every handler of a key, isolating failures", async () => {
    const errors: unknown[] = [];
    const bus = new EventBus({ onError: (error) => errors.push(error) });
    const got: string[] = [];
    bus.on<string>("x", () => {
      throw new Error("bad handler");
    });
    bus.on<string>("x", async (p) => {
      await Promise.resolve();
      got.push(`a:${p}`);
    });
    bus.on<string>("y", (p) => void got.push(`y:${p}`));
    await bus.emit("x", "1");
    expect(got).toEqual(["a:1"]);
    expect(errors).toHaveLength(1);
  });

  it("unsubscribes through off and through the returned function", async () => {
    const bus = new EventBus();
    const got: number[] = [];
    const handler = (n: number) => void got.push(n);
    const unsubscribe = bus.on("n", handler);
    await bus.emit("n", 1);
    unsubscribe();
    await bus.emit("n", 2);
    bus.on("n", handler);
    bus.off("n", handler);
    await bus.emit("n", 3);
    expect(got).toEqual([1]);
    expect(bus.hasListeners("n")).toBe(false);
  });

  it("receives a run's events under their type", async () => {
    const bus = new EventBus();
    const steps: StreamEvent[] = [];
    bus.on<StreamEvent>("step", (e) => void steps.push(e));
    await run(new Agent({ name: "a" }), "go", { provider: new ScriptedProvider([{ content: "x" }]), eventBus: bus });
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ type: "step", agentName: "a", step: 1, content: "x" });
  });
});
