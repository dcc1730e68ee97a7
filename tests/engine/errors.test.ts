import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BuildError, SecretLiteralError } from "@/lib/dsl";
import {
  Agent,
  AgentError,
  FlowError,
  GroupError,
  LoopError,
  ModelError,
  ParallelGroup,
  RunAbortedError,
  SerialGroup,
  Swarm,
  SwarmError,
  SwarmNode,
  tool,
  ToolError,
  type SwarmMode,
} from "@/lib/engine";
import { isSystemError, isUserError } from "@/lib/errors";
import { InvalidModelError, UnknownProviderError } from "@/lib/providers";
import { ArithmeticError } from "@/lib/tools/arithmetic";
import { JsonPathError } from "@/lib/tools/jsonPath";

/** Runs `build` and returns what it threw. */
function thrown(build: () => unknown): unknown {
  try {
    build();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

const agent = (name: string) => new Agent({ name, model: "mock:echo" });
const noop = (name: string) => tool({ name, description: name, parameters: z.object({}), execute: () => "ok" });

describe("the engine's, DSL's, providers' and tools' errors are the project's two kinds", () => {
  it("user errors of kind invalid, with the names run records store", () => {
    const errors: [Error, string][] = [
      [new ToolError("bad input"), "ToolError"],
      [new AgentError("a", "no final answer"), "AgentError"],
      [new LoopError("a", "sig", 3), "LoopError"],
      [new SwarmError("bad swarm"), "SwarmError"],
      [new GroupError("g", "bad group"), "GroupError"],
      [new FlowError("unexpected '>>'", { offset: 0, line: 1, column: 1, token: ">>" }), "FlowError"],
      [new BuildError("unknown tool"), "BuildError"],
      [new SecretLiteralError([{ path: ["agents", "a"], message: "key" }]), "SecretLiteralError"],
      [new UnknownProviderError("gemini:pro", "gemini"), "UnknownProviderError"],
      [new InvalidModelError("bad mock model"), "InvalidModelError"],
      [new JsonPathError("bad path"), "JsonPathError"],
      [new ArithmeticError("division by zero"), "ArithmeticError"],
    ];
    for (const [error, name] of errors) {
      expect(isUserError(error), name).toBe(true);
      expect(error).toMatchObject({ name, kind: "invalid" });
    }
  });

  it("system errors: a provider's failure (unavailable when worth retrying) and a stopped run", () => {
    const limited = new ModelError("slow down", { reason: "rate_limit", status: 429 });
    expect(isSystemError(limited)).toBe(true);
    expect(limited).toMatchObject({ name: "ModelError", kind: "unavailable", reason: "rate_limit", retryable: true });
    expect(new ModelError("bad key", { reason: "auth", status: 401 })).toMatchObject({ kind: "internal", reason: "auth", retryable: false });
    const aborted = new RunAbortedError("timeout", "run timed out after 5 ms");
    expect(isSystemError(aborted)).toBe(true);
    expect(aborted).toMatchObject({ name: "RunAbortedError", kind: "unavailable", status: "timeout" });
  });
});

describe("configuration errors are the engine's named errors, thrown at construction (issue 16.2)", () => {
  it("an agent with two tools or two handoffs of one name, or without a name: AgentError", () => {
    const tools = thrown(() => new Agent({ name: "a", tools: [noop("search"), noop("search")] }));
    expect(tools).toBeInstanceOf(AgentError);
    expect((tools as Error).message).toBe('Agent "a": two tools are named "search"');
    const b = agent("b");
    const handoffs = thrown(() => new Agent({ name: "a", handoffs: [b, "b"] }));
    expect(handoffs).toBeInstanceOf(AgentError);
    expect((handoffs as Error).message).toBe('Agent "a": two handoffs are to "b"');
    expect(thrown(() => new Agent({ name: " " }))).toBeInstanceOf(AgentError);
  });

  it("an empty ParallelGroup or SerialGroup, or one holding a member twice: GroupError", () => {
    const parallel = thrown(() => new ParallelGroup({ name: "p", agents: [] }));
    expect(parallel).toBeInstanceOf(GroupError);
    expect((parallel as Error).message).toBe('Group "p": a ParallelGroup needs at least one member');
    expect(thrown(() => new SerialGroup({ name: "s", agents: [] }))).toBeInstanceOf(GroupError);
    expect(thrown(() => new SerialGroup({ name: "s", agents: [agent("a"), agent("a")] }))).toBeInstanceOf(GroupError);
  });

  it("an unknown swarm mode: SwarmError", () => {
    const error = thrown(() => new Swarm({ name: "s", agents: [agent("a")], mode: "round_robin" as SwarmMode }));
    expect(error).toBeInstanceOf(SwarmError);
    expect((error as Error).message).toBe('Swarm "s": unknown mode "round_robin" (modes: workflow, handoff, team)');
  });

  it("a SwarmNode given something that is not a Swarm: SwarmError", () => {
    const error = thrown(() => new SwarmNode({ name: "inner", swarm: { agents: [agent("a")] } as unknown as Swarm }));
    expect(error).toBeInstanceOf(SwarmError);
    expect((error as Error).message).toBe('SwarmNode "inner": expected a Swarm, got object');
    expect(new SwarmNode({ swarm: new Swarm({ name: "inner", agents: [agent("a")] }) }).name).toBe("inner");
  });
});
